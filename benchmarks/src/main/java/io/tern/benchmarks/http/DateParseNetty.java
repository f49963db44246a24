package io.tern.benchmarks.http;

import io.netty.handler.codec.DateFormatter;
import java.util.Date;
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

/** Netty 4.2 twin of {@link DateParse}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@SuppressWarnings("JavaUtilDate") // Netty's API returns a Date
public class DateParseNetty {
  /** Date format. */
  @Param({"rfc1123", "rfc850", "asctime"})
  public String format;

  private String text;

  /** Creates the benchmark state (JMH does). */
  public DateParseNetty() {}

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
    Date d = DateFormatter.parseHttpDate(text);
    return d == null ? -1 : d.getTime();
  }
}
