package io.tern.benchmarks.http2;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.hpack.HpackEncoder;
import io.tern.common.AsciiString;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encodes every header list of the hpack-test-case {@code raw-data} stories (32 browsing sessions,
 * 3,000-odd lists) with {@link HpackEncoder}: one encoder per story (its dynamic table of 4,096
 * bytes carries over between the story's blocks), no field marked sensitive, each block into a
 * buffer that is cleared before it. Twin of {@link HpackEncodeNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HpackEncode {
  /** Netty 4.2's default {@code huffCodeThreshold} ({@code HpackEncoder.HUFF_CODE_THRESHOLD}). */
  static final int NETTY_HUFF_CODE_THRESHOLD = 512;

  /** The output buffer: {@code heap} or {@code direct}. */
  @Param({"heap", "direct"})
  public String buffer;

  /**
   * The Huffman policy, the same on both twins: {@code shorter} codes every string whose code is
   * shorter (Tern's default), {@code netty-default} only strings of 512 bytes or more whose code is
   * shorter (Netty's default {@code huffCodeThreshold}).
   */
  @Param({"shorter", "netty-default"})
  public String huffman;

  private int huffmanMinLength;

  private AsciiString[][][] names;
  private AsciiString[][][] values;
  private ByteBuf out;

  /** Creates the benchmark state (JMH does). */
  public HpackEncode() {}

  /** Loads the stories. */
  @Setup
  public void setUp() {
    List<List<HpackCorpus.Block>> stories = HpackCorpus.load("raw-data");
    names = new AsciiString[stories.size()][][];
    values = new AsciiString[stories.size()][][];
    for (int s = 0; s < stories.size(); s++) {
      List<HpackCorpus.Block> blocks = stories.get(s);
      names[s] = new AsciiString[blocks.size()][];
      values[s] = new AsciiString[blocks.size()][];
      for (int b = 0; b < blocks.size(); b++) {
        HpackCorpus.Block block = blocks.get(b);
        names[s][b] = new AsciiString[block.names().length];
        values[s][b] = new AsciiString[block.names().length];
        for (int f = 0; f < block.names().length; f++) {
          names[s][b][f] = new AsciiString(block.names()[f]);
          values[s][b][f] = new AsciiString(block.values()[f]);
        }
      }
    }
    huffmanMinLength =
        ParamValues.oneOf("huffman", huffman, "shorter", "netty-default").equals("shorter")
            ? 0
            : NETTY_HUFF_CODE_THRESHOLD;
    out =
        ParamValues.oneOf("buffer", buffer, "heap", "direct").equals("heap")
            ? Unpooled.buffer(1 << 16)
            : Unpooled.directBuffer(1 << 16);
  }

  /** Releases the buffer. */
  @TearDown
  public void tearDown() {
    out.release();
  }

  /**
   * Encodes every block of every story.
   *
   * @return the encoded bytes
   */
  @Benchmark
  public long encode() {
    long bytes = 0;
    for (int s = 0; s < names.length; s++) {
      HpackEncoder encoder = new HpackEncoder(4096, huffmanMinLength);
      AsciiString[][] storyNames = names[s];
      AsciiString[][] storyValues = values[s];
      for (int b = 0; b < storyNames.length; b++) {
        out.clear();
        encoder.beginBlock(out);
        AsciiString[] n = storyNames[b];
        AsciiString[] v = storyValues[b];
        for (int f = 0; f < n.length; f++) {
          encoder.encodeHeader(out, n[f], v[f], false);
        }
        bytes += out.readableBytes();
      }
    }
    return bytes;
  }
}
