package io.tern.benchmarks.http2;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.hpack.HpackDecoder;
import io.tern.codec.http2.hpack.HpackException;
import io.tern.common.AsciiString;
import java.util.ArrayList;
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
 * Decodes every block of the hpack-test-case {@code nghttp2} stories (the {@code raw-data} header
 * lists as nghttp2 encoded them: Huffman strings, indexing, a 4,096-byte table) with {@link
 * HpackDecoder}: one decoder per story, each field handed to a sink that keeps it in a list (the
 * decoder's API; the codec's sink builds {@code Http2Headers} the same way). The blocks are in
 * buffers made beforehand and re-read. Twin of {@link HpackDecodeNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HpackDecode {
  /** The blocks' buffers: {@code heap} or {@code direct} (as read from a socket). */
  @Param({"heap", "direct"})
  public String buffer;

  private ByteBuf[][] blocks;
  private long[][] tableSizes;
  private final List<AsciiString> fields = new ArrayList<>();
  private final HpackDecoder.Sink sink =
      (name, value) -> {
        fields.add(name);
        fields.add(value);
      };

  /** Creates the benchmark state (JMH does). */
  public HpackDecode() {}

  /** Loads the stories. */
  @Setup
  public void setUp() {
    boolean heap = ParamValues.oneOf("buffer", buffer, "heap", "direct").equals("heap");
    List<List<HpackCorpus.Block>> stories = HpackCorpus.load("nghttp2");
    blocks = new ByteBuf[stories.size()][];
    tableSizes = new long[stories.size()][];
    for (int s = 0; s < stories.size(); s++) {
      List<HpackCorpus.Block> story = stories.get(s);
      blocks[s] = new ByteBuf[story.size()];
      tableSizes[s] = new long[story.size()];
      for (int b = 0; b < story.size(); b++) {
        byte[] wire = story.get(b).wire();
        ByteBuf buf = heap ? Unpooled.buffer(wire.length) : Unpooled.directBuffer(wire.length);
        blocks[s][b] = buf.writeBytes(wire);
        tableSizes[s][b] = story.get(b).headerTableSize();
      }
    }
  }

  /** Releases the buffers. */
  @TearDown
  public void tearDown() {
    for (ByteBuf[] story : blocks) {
      for (ByteBuf b : story) {
        b.release();
      }
    }
  }

  /**
   * Decodes every block of every story.
   *
   * @return the fields decoded
   * @throws HpackException never, for this corpus
   */
  @Benchmark
  public long decode() throws HpackException {
    long count = 0;
    for (int s = 0; s < blocks.length; s++) {
      HpackDecoder decoder = new HpackDecoder(1 << 20);
      ByteBuf[] story = blocks[s];
      for (int b = 0; b < story.length; b++) {
        long size = tableSizes[s][b];
        if (size >= 0) {
          decoder.maxHeaderTableSize(size);
        }
        ByteBuf block = story[b];
        block.readerIndex(0);
        fields.clear();
        decoder.decode(block, sink);
        count += fields.size() >> 1;
      }
    }
    return count;
  }
}
