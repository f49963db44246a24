package io.tern.benchmarks.http;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostRequestDecoder;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decodes the multipart bodies of the seed's benchmark ({@code big}: one 512 KiB upload; {@code
 * high}: 64 files of 8 KiB; {@code fields}: 100 small fields), offered in pieces, fields in memory
 * (mixed storage with a 1 MiB threshold), leak detection disabled on both sides (the harness's
 * default). Twin of {@link MultipartDecodeNetty}.
 *
 * <p>The cost of each leak detection level is measured by {@link MultipartDecodeLeakLevels}, for
 * Tern only: Netty's decoder works on unpooled heap and wrapped buffers, which Netty does not track
 * at any level, so a pair at ADVANCED or PARANOID would compare tracking with no tracking.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MultipartDecode {
  /** Body shape, see {@code HttpInputs.multipartPieces}. */
  @Param({"big", "high", "fields"})
  public String shape;

  private byte[][] pieces;
  private HttpDataFactory factory;

  /** Creates the benchmark state (JMH does). */
  public MultipartDecode() {}

  /** Builds the body. */
  @Setup
  public void setUp() {
    pieces = HttpInputs.multipartPieces(shape);
    factory = newFactory();
  }

  /**
   * Decodes one request and destroys the decoder.
   *
   * @return the number of fields
   */
  @Benchmark
  public int decode() {
    return decode(factory, pieces);
  }

  /** Fields in memory up to 1 MiB, on disk above. */
  static HttpDataFactory newFactory() {
    return HttpDataFactory.builder().threshold(1024 * 1024).build();
  }

  /** Decodes one request made of {@code pieces} and destroys the decoder. */
  static int decode(HttpDataFactory factory, byte[][] pieces) {
    HttpRequest req = new DefaultHttpRequest(HttpVersion.HTTP_1_0, HttpMethod.POST, "/up");
    req.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "multipart/form-data; boundary=" + HttpInputs.BOUNDARY);
    HttpPostRequestDecoder decoder = HttpPostRequestDecoder.create(factory, req);
    try {
      for (int i = 0; i < pieces.length; i++) {
        HttpContent c =
            i == pieces.length - 1
                ? new DefaultLastHttpContent(Unpooled.wrappedBuffer(pieces[i]))
                : new DefaultHttpContent(Unpooled.wrappedBuffer(pieces[i]));
        decoder.offer(c);
        c.release();
      }
      return decoder.bodyHttpDatas().size();
    } finally {
      decoder.destroy();
    }
  }
}
