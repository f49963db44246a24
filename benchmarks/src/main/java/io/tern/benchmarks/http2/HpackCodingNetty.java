package io.tern.benchmarks.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import io.netty.util.AsciiString;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Netty 4.2 twin of {@link HpackCoding}: the same corpus through Netty's public HPACK entry points,
 * {@code DefaultHttp2HeadersEncoder} (no field sensitive, as in the Tern twin; header list limit
 * raised) and {@code DefaultHttp2HeadersDecoder}, which builds its {@code DefaultHttp2Headers}
 * (validation off; the header list limit raised to the Tern side's, since Netty's default of 8 KiB
 * refuses some of the stories' lists).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HpackCodingNetty {
  private Http2Headers[][] lists;
  private ByteBuf[][] blocks;
  private ByteBuf out;

  /** Creates the benchmark state (JMH does). */
  public HpackCodingNetty() {}

  /** Loads the corpus. */
  @Setup
  public void setUp() {
    String[][][] raw = HpackInputs.headerLists();
    lists = new Http2Headers[raw.length][];
    for (int s = 0; s < raw.length; s++) {
      lists[s] = new Http2Headers[raw[s].length];
      for (int c = 0; c < raw[s].length; c++) {
        Http2Headers h = new DefaultHttp2Headers(false);
        String[] nv = raw[s][c];
        for (int i = 0; i < nv.length; i += 2) {
          h.add(AsciiString.of(nv[i]), AsciiString.of(nv[i + 1]));
        }
        lists[s][c] = h;
      }
    }
    byte[][][] wire = HpackInputs.encodedBlocks();
    blocks = new ByteBuf[wire.length][];
    for (int s = 0; s < wire.length; s++) {
      blocks[s] = new ByteBuf[wire[s].length];
      for (int c = 0; c < wire[s].length; c++) {
        blocks[s][c] = Unpooled.wrappedBuffer(wire[s][c]);
      }
    }
    out = Unpooled.buffer(64 * 1024);
  }

  /** Releases the buffers. */
  @TearDown
  public void tearDown() {
    out.release();
    for (ByteBuf[] story : blocks) {
      for (ByteBuf b : story) {
        b.release();
      }
    }
  }

  /**
   * Encodes every header list of the corpus.
   *
   * @return the bytes written
   * @throws Http2Exception never: the lists are within the limits
   */
  @Benchmark
  public long encode() throws Http2Exception {
    long total = 0;
    for (Http2Headers[] story : lists) {
      DefaultHttp2HeadersEncoder encoder =
          new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE);
      encoder.maxHeaderListSize(HpackInputs.MAX_HEADER_LIST_SIZE);
      for (Http2Headers h : story) {
        out.clear();
        encoder.encodeHeaders(1, h, out);
        total += out.writerIndex();
      }
    }
    return total;
  }

  /**
   * Decodes every block of the corpus.
   *
   * @return the fields decoded
   * @throws Http2Exception never: the corpus is valid
   */
  @Benchmark
  public long decode() throws Http2Exception {
    long total = 0;
    for (ByteBuf[] story : blocks) {
      DefaultHttp2HeadersDecoder decoder =
          new DefaultHttp2HeadersDecoder(false, HpackInputs.MAX_HEADER_LIST_SIZE);
      for (ByteBuf b : story) {
        b.readerIndex(0);
        total += decoder.decodeHeaders(1, b).size();
      }
    }
    return total;
  }
}
