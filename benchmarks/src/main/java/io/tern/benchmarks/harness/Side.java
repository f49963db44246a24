package io.tern.benchmarks.harness;

import java.util.List;

/**
 * The three JVM configurations a pair runs in each round: Tern, and Netty both in its JDK 25
 * default (Netty leaves Unsafe off there) and with Unsafe memory access allowed.
 */
public enum Side {
  /** The Tern benchmark class. */
  TERN("tern"),
  /** The Netty twin in Netty's JDK 25 default configuration. */
  NETTY_DEFAULT("netty"),
  /** The Netty twin with Unsafe memory access allowed (its fastest mode). */
  NETTY_UNSAFE("netty+unsafe");

  /**
   * Leak detection off in both frameworks: at their default (SIMPLE) each samples its own share of
   * buffers and records stack traces at its own rate, so the two sides would not do the same work.
   * The pairs that measure leak levels set the level themselves in their {@code @Setup}; the driver
   * checks the level each fork ran at (see {@link LeakLevelProfiler}).
   */
  public static final List<String> LEAK_DETECTION_DISABLED =
      List.of(
          "-Dio.tern.common.leakDetection.level=DISABLED",
          "-Dio.netty.leakDetection.level=DISABLED");

  /**
   * JVM flags every forked benchmark JVM gets: FFM without restricted-method warnings, and leak
   * detection off on both sides ({@link #LEAK_DETECTION_DISABLED}).
   */
  public static final List<String> COMMON_JVM_ARGS =
      List.of(
          "--enable-native-access=ALL-UNNAMED",
          LEAK_DETECTION_DISABLED.get(0),
          LEAK_DETECTION_DISABLED.get(1));

  /**
   * Netty's fastest JDK 25 configuration: Unsafe memory access allowed, plus reflective access to
   * {@code DirectByteBuffer}'s private constructor so Netty can create direct buffers without a
   * cleaner.
   */
  public static final List<String> NETTY_FASTEST_JVM_ARGS =
      List.of(
          "--sun-misc-unsafe-memory-access=allow",
          "--add-opens=java.base/java.nio=ALL-UNNAMED",
          "-Dio.netty.tryReflectionSetAccessible=true");

  private final String label;

  Side(String label) {
    this.label = label;
  }

  /**
   * Returns the short name printed in tables.
   *
   * @return the label
   */
  public String label() {
    return label;
  }

  /**
   * Returns the JVM flags this side adds after {@link #COMMON_JVM_ARGS}.
   *
   * @return the extra flags, possibly empty
   */
  public List<String> extraJvmArgs() {
    return this == NETTY_UNSAFE ? NETTY_FASTEST_JVM_ARGS : List.of();
  }

  /**
   * The order the sides run in during round {@code round} (from 0): Tern first in even rounds, last
   * in odd ones, so neither framework always runs on a machine its rival just warmed (or heated).
   *
   * @param round the round, from 0
   * @return every side once
   */
  public static List<Side> order(int round) {
    List<Side> sides = List.of(values());
    return round % 2 == 0 ? sides : sides.reversed();
  }

  /**
   * Returns whether this side runs the Netty twin.
   *
   * @return true for both Netty configurations
   */
  public boolean isNetty() {
    return this != TERN;
  }
}
