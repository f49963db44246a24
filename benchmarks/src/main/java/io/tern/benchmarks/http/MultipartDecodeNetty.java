package io.tern.benchmarks.http;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
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

/** Netty 4.2 twin of {@link MultipartDecode}, leak detection disabled (the harness's default). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MultipartDecodeNetty {
  /** Body shape, see {@code HttpInputs.multipartPieces}. */
  @Param({"big", "high", "fields"})
  public String shape;

  private byte[][] pieces;
  private DefaultHttpDataFactory factory;

  /** Creates the benchmark state (JMH does). */
  public MultipartDecodeNetty() {}

  /** Builds the body. */
  @Setup
  public void setUp() {
    pieces = HttpInputs.multipartPieces(shape);
    factory = new DefaultHttpDataFactory(1024 * 1024);
  }

  /**
   * Decodes one request and destroys the decoder.
   *
   * @return the number of fields
   */
  @Benchmark
  public int decode() {
    HttpRequest req = new DefaultHttpRequest(HttpVersion.HTTP_1_0, HttpMethod.POST, "/up");
    req.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "multipart/form-data; boundary=" + HttpInputs.BOUNDARY);
    HttpPostRequestDecoder decoder = new HttpPostRequestDecoder(factory, req);
    try {
      for (int i = 0; i < pieces.length; i++) {
        HttpContent c =
            i == pieces.length - 1
                ? new DefaultLastHttpContent(Unpooled.wrappedBuffer(pieces[i]))
                : new DefaultHttpContent(Unpooled.wrappedBuffer(pieces[i]));
        decoder.offer(c);
        c.release();
      }
      return decoder.getBodyHttpDatas().size();
    } finally {
      decoder.destroy();
    }
  }
}
