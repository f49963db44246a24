package io.tern.benchmarks.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
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
 * Netty 4.2 twin of {@link HpackDecode}: the same blocks through Netty's public HPACK path, {@code
 * DefaultHttp2HeadersDecoder} without header validation and with a header list limit of 1 MiB (its
 * 8 KiB default refuses some of the corpus's lists), one decoder per story; each block decodes into
 * a {@code DefaultHttp2Headers}, as that API does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HpackDecodeNetty {
  /** The blocks' buffers: {@code heap} or {@code direct} (as read from a socket). */
  @Param({"heap", "direct"})
  public String buffer;

  private ByteBuf[][] blocks;
  private long[][] tableSizes;

  /** Creates the benchmark state (JMH does). */
  public HpackDecodeNetty() {}

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
   * @throws Http2Exception never, for this corpus
   */
  @Benchmark
  public long decode() throws Http2Exception {
    long count = 0;
    for (int s = 0; s < blocks.length; s++) {
      DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false, 1 << 20);
      ByteBuf[] story = blocks[s];
      for (int b = 0; b < story.length; b++) {
        long size = tableSizes[s][b];
        if (size >= 0) {
          decoder.configuration().maxHeaderTableSize(size);
        }
        ByteBuf block = story[b];
        block.readerIndex(0);
        count += decoder.decodeHeaders(1, block).size();
      }
    }
    return count;
  }
}
