package io.tern.benchmarks.harness;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Tern benchmark class that has no Netty twin on purpose, because Netty does no equivalent
 * work (a strategy Tern chose between, a leak-detection level at which Netty does not track the
 * same buffers). {@code benchmarks/compare} runs it in the Tern run of every round and prints its
 * median score as {@code TERN <Class.method[params]> <score> <unit>}, never a {@code RATIO}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TernOnly {
  /**
   * Why there is no twin; printed beside the figure.
   *
   * @return the reason
   */
  String value();
}
