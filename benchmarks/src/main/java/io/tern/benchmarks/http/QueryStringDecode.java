package io.tern.benchmarks.http;

import io.tern.codec.http.QueryStringDecoder;
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

/** Decodes a bare query string into its parameter map. Twin of {@link QueryStringDecodeNetty}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class QueryStringDecode {
  /** Input shape, see {@code HttpInputs.query}. */
  @Param({"plain", "encoded", "mixed", "long"})
  public String query;

  private static final QueryStringDecoder.Builder BARE =
      QueryStringDecoder.builder().hasPath(false);

  private String input;

  /** Creates the benchmark state (JMH does). */
  public QueryStringDecode() {}

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
    return BARE.build(input).parameters();
  }
}
