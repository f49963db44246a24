package io.tern.benchmarks.harness;

import java.util.List;

/**
 * The three JVM configurations a pair runs in each round: Tern, and Netty both in its JDK 25
 * default (Netty leaves {@code sun.misc.Unsafe} off) and with Unsafe memory access allowed.
 */
public enum Side {
  /** The Tern benchmark class. */
  TERN("tern"),
  /** The Netty twin in Netty's JDK 25 default configuration. */
  NETTY_DEFAULT("netty"),
  /** The Netty twin with {@code sun.misc.Unsafe} memory access allowed (its fastest mode). */
  NETTY_UNSAFE("netty+unsafe");

  /** JVM flags every forked benchmark JVM gets: FFM without restricted-method warnings. */
  public static final List<String> COMMON_JVM_ARGS = List.of("--enable-native-access=ALL-UNNAMED");

  /** The JVM flag that lets Netty use {@code sun.misc.Unsafe} on JDK 24 and later. */
  public static final String ALLOW_UNSAFE = "--sun-misc-unsafe-memory-access=allow";

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
    return this == NETTY_UNSAFE ? List.of(ALLOW_UNSAFE) : List.of();
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
