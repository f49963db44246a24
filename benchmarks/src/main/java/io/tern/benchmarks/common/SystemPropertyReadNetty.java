package io.tern.benchmarks.common;

import io.netty.util.internal.SystemPropertyUtil;
import io.tern.benchmarks.harness.ParamValues;
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
 * Reads an {@code int} system property that is set or absent: Netty's {@code SystemPropertyUtil}.
 * Twin of {@link SystemPropertyRead}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SystemPropertyReadNetty {
  /** Whether the property read exists ({@code set}) or falls back to the default. */
  @Param({"set", "unset"})
  public String property;

  private String key;

  /** Creates the benchmark state (JMH does). */
  public SystemPropertyReadNetty() {}

  /** Sets the property when the parameter says so. */
  @Setup
  public void setUp() {
    key = keyFor(property);
  }

  /**
   * Reads the property.
   *
   * @return the value, so that JMH consumes it
   */
  @Benchmark
  public int getInt() {
    return SystemPropertyUtil.getInt(key, 7);
  }

  /** Returns the key both twins read, setting it to 42 when {@code property} is {@code set}. */
  static String keyFor(String property) {
    String key = "io.tern.benchmarks.systemPropertyRead." + property;
    if (ParamValues.oneOf("property", property, "set", "unset").equals("set")) {
      System.setProperty(key, "42");
    } else {
      System.clearProperty(key);
    }
    return key;
  }
}
