package io.tern.benchmarks.harness;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code @Param} field of a Netty twin that chooses one of Netty's own configurations (its
 * allocator, its TLS provider, ...), a parameter the Tern benchmark does not have. {@code
 * benchmarks/compare} runs every value and compares Tern, per round, with the fastest of them, the
 * way it takes the faster of Netty's JDK default and its {@code Unsafe} mode: a reader then sees
 * Tern against Netty at its best, not against each Netty configuration separately.
 *
 * <p>Every other parameter must exist on both twins with the same values; the harness refuses a
 * pair whose parameters differ otherwise.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface NettyConfiguration {}
