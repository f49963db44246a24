package io.tern.benchmarks.http;

import io.netty.handler.codec.http.QueryStringEncoder;
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

/** Netty 4.2 twin of {@link QueryStringEncode}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class QueryStringEncodeNetty {
  /** Input shape, see {@code HttpInputs.encodable}. */
  @Param({"shortAscii", "shortUtf8", "shortAsciiFirst", "longAscii", "longUtf8", "longAsciiFirst"})
  public String shape;

  private String value;

  /** Creates the benchmark state (JMH does). */
  public QueryStringEncodeNetty() {}

  /** Picks the input. */
  @Setup
  public void setUp() {
    value = HttpInputs.encodable(shape);
  }

  /**
   * Encodes {@code ?value=value}.
   *
   * @return the encoded string
   */
  @Benchmark
  public String encode() {
    QueryStringEncoder encoder = new QueryStringEncoder("");
    encoder.addParam(value, value);
    return encoder.toString();
  }
}
