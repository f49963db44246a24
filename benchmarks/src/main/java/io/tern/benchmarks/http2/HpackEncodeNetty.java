package io.tern.benchmarks.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import io.netty.util.AsciiString;
import io.tern.benchmarks.harness.ParamValues;
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
 * Netty 4.2 twin of {@link HpackEncode}: the same header lists, built beforehand as {@code
 * DefaultHttp2Headers} (without validation) of Netty's {@code AsciiString}s, through Netty's public
 * HPACK path, {@code DefaultHttp2HeadersEncoder} with {@code NEVER_SENSITIVE}, one encoder per
 * story.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HpackEncodeNetty {
  /** Netty's default {@code dynamicTableArraySizeHint}, the one its shorter constructors pass. */
  private static final int NETTY_TABLE_ARRAY_HINT = 16;

  /** The output buffer: {@code heap} or {@code direct}. */
  @Param({"heap", "direct"})
  public String buffer;

  /** The Huffman policy: see {@link HpackEncode#huffman}. */
  @Param({"shorter", "netty-default"})
  public String huffman;

  private int huffCodeThreshold;

  private DefaultHttp2Headers[][] blocks;
  private ByteBuf out;

  /** Creates the benchmark state (JMH does). */
  public HpackEncodeNetty() {}

  /** Loads the stories. */
  @Setup
  public void setUp() {
    List<List<HpackCorpus.Block>> stories = HpackCorpus.load("raw-data");
    blocks = new DefaultHttp2Headers[stories.size()][];
    for (int s = 0; s < stories.size(); s++) {
      List<HpackCorpus.Block> story = stories.get(s);
      blocks[s] = new DefaultHttp2Headers[story.size()];
      for (int b = 0; b < story.size(); b++) {
        HpackCorpus.Block block = story.get(b);
        DefaultHttp2Headers h = new DefaultHttp2Headers(false);
        for (int f = 0; f < block.names().length; f++) {
          // Netty's own string type, as Tern's twin uses its AsciiString: each caches its hash.
          h.add(new AsciiString(block.names()[f]), new AsciiString(block.values()[f]));
        }
        blocks[s][b] = h;
      }
    }
    // Netty codes a string when its length is at least the threshold and its code is shorter: 0
    // is Tern's default policy.
    huffCodeThreshold =
        ParamValues.oneOf("huffman", huffman, "shorter", "netty-default").equals("shorter")
            ? 0
            : HpackEncode.NETTY_HUFF_CODE_THRESHOLD;
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
   * @throws Http2Exception never, for these lists
   */
  @Benchmark
  public long encode() throws Http2Exception {
    long bytes = 0;
    for (DefaultHttp2Headers[] story : blocks) {
      DefaultHttp2HeadersEncoder encoder =
          new DefaultHttp2HeadersEncoder(
              Http2HeadersEncoder.NEVER_SENSITIVE, true, NETTY_TABLE_ARRAY_HINT, huffCodeThreshold);
      for (DefaultHttp2Headers h : story) {
        out.clear();
        encoder.encodeHeaders(1, h, out);
        bytes += out.readableBytes();
      }
    }
    return bytes;
  }
}
