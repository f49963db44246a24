package io.tern.benchmarks.http;

import io.tern.codec.http.DateFormatter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Formats an instant as an RFC 1123 date. Twin of {@link DateFormatNetty}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DateFormat {
  private long millis = 784111777000L;

  /** Creates the benchmark state (JMH does). */
  public DateFormat() {}

  /**
   * Formats a date (a different second each call, so nothing is cached).
   *
   * @return the formatted date
   */
  @Benchmark
  public String format() {
    millis += 1000;
    return DateFormatter.format(millis);
  }
}
