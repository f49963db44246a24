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
import io.tern.common.ResourceLeakDetector;
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
 * Decodes the multipart bodies of the seed's benchmark ({@code big}: one 512 KiB upload; {@code
 * high}: 64 files of 8 KiB; {@code fields}: 100 small fields), offered in pieces, at each leak
 * detection level, fields in memory (mixed storage with a 1 MiB threshold). Goals: at least 2×
 * Netty at SIMPLE, and PARANOID within 3× of DISABLED. Twin of {@link MultipartDecodeNetty}.
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

  /** Leak detection level. */
  @Param({"DISABLED", "SIMPLE", "ADVANCED", "PARANOID"})
  public String level;

  private byte[][] pieces;
  private HttpDataFactory factory;
  private ResourceLeakDetector.Level saved;

  /** Creates the benchmark state (JMH does). */
  public MultipartDecode() {}

  /** Sets the level and builds the body. */
  @Setup
  public void setUp() {
    saved = ResourceLeakDetector.level();
    ResourceLeakDetector.level(ResourceLeakDetector.Level.valueOf(level));
    pieces = HttpInputs.multipartPieces(shape);
    factory = HttpDataFactory.builder().threshold(1024 * 1024).build();
  }

  /** Restores the level. */
  @TearDown
  public void tearDown() {
    ResourceLeakDetector.level(saved);
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
