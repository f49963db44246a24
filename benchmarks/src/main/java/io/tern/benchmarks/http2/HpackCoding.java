package io.tern.benchmarks.http2;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.hpack.HpackDecoder;
import io.tern.codec.http2.hpack.HpackEncoder;
import io.tern.codec.http2.hpack.HpackException;
import io.tern.common.AsciiString;
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
 * HPACK over the hpack-test-case corpus ({@link HpackInputs}); one operation is the whole corpus.
 * {@code encode}: the 32 {@code raw-data} stories' header lists, each story with a fresh encoder
 * (4,096-byte table), from {@link Http2Headers} built beforehand, as the frame writer encodes them
 * (no field marked sensitive, as in the Netty twin). {@code decode}: the 32 {@code nghttp2}
 * stories' blocks, each story with a fresh decoder, the fields kept in two arrays (names, values)
 * reused per block: what a header container would hold. Twin of {@link HpackCodingNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HpackCoding {
  private Http2Headers[][] lists;
  private ByteBuf[][] blocks;
  private ByteBuf out;
  private final AsciiString[] names = new AsciiString[256];
  private final AsciiString[] values = new AsciiString[256];
  private int fields;
  private final HpackDecoder.Sink sink =
      (name, value) -> {
        names[fields] = name;
        values[fields++] = value;
      };

  /** Creates the benchmark state (JMH does). */
  public HpackCoding() {}

  /** Loads the corpus. */
  @Setup
  public void setUp() {
    String[][][] raw = HpackInputs.headerLists();
    lists = new Http2Headers[raw.length][];
    for (int s = 0; s < raw.length; s++) {
      lists[s] = new Http2Headers[raw[s].length];
      for (int c = 0; c < raw[s].length; c++) {
        Http2Headers h = new Http2Headers();
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
   */
  @Benchmark
  public long encode() {
    long total = 0;
    for (Http2Headers[] story : lists) {
      HpackEncoder encoder = new HpackEncoder(4096);
      for (Http2Headers h : story) {
        out.clear();
        encoder.beginBlock(out);
        for (int i = 0, n = h.size(); i < n; i++) {
          CharSequence name = h.name(i);
          CharSequence value = h.value(i);
          encoder.encodeHeader(out, name, value, false); // as the Netty twin's NEVER_SENSITIVE
        }
        total += out.writerIndex();
      }
    }
    return total;
  }

  /**
   * Decodes every block of the corpus.
   *
   * @return the fields decoded
   * @throws HpackException never: the corpus is valid
   */
  @Benchmark
  public long decode() throws HpackException {
    long total = 0;
    for (ByteBuf[] story : blocks) {
      HpackDecoder decoder = new HpackDecoder(HpackInputs.MAX_HEADER_LIST_SIZE);
      for (ByteBuf b : story) {
        b.readerIndex(0);
        fields = 0;
        decoder.decode(b, sink);
        total += fields;
      }
    }
    return total;
  }
}
