package io.tern.benchmarks.http;

import io.tern.codec.http.DateFormatter;
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

/** Parses an HTTP date in each of the three formats. Twin of {@link DateParseNetty}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DateParse {
  /** Date format. */
  @Param({"rfc1123", "rfc850", "asctime"})
  public String format;

  private String text;

  /** Creates the benchmark state (JMH does). */
  public DateParse() {}

  /** Picks the input. */
  @Setup
  public void setUp() {
    text = HttpInputs.date(format);
  }

  /**
   * Parses the date.
   *
   * @return milliseconds since the epoch
   */
  @Benchmark
  public long parse() {
    return DateFormatter.parseMillis(text, -1);
  }
}
