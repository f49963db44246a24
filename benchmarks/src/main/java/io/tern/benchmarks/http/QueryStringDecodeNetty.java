package io.tern.benchmarks.http;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.List;
import java.util.Map;
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

/** Netty 4.2 twin of {@link QueryStringDecode}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class QueryStringDecodeNetty {
  /** Input shape, see {@code HttpInputs.query}. */
  @Param({"plain", "encoded", "mixed", "long"})
  public String query;

  private String input;

  /** Creates the benchmark state (JMH does). */
  public QueryStringDecodeNetty() {}

  /** Picks the input. */
  @Setup
  public void setUp() {
    input = HttpInputs.query(query);
  }

  /**
   * Decodes the parameters.
   *
   * @return the parameter map
   */
  @Benchmark
  public Map<String, List<String>> decode() {
    return new QueryStringDecoder(input, false).parameters();
  }
}
