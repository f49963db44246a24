package io.tern.benchmarks.harness;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * What the compare driver needs to know about one benchmark method before running it: its
 * parameters and declared values, which of them are {@link NettyConfiguration}s, whether it is
 * {@link TernOnly}, its mode and time unit, and the {@code @Fork(jvmArgsAppend)} of its class
 * (which the driver must merge with its own flags rather than replace).
 *
 * @param name {@code package.Class.method}
 * @param params parameter name to declared values, in declaration order
 * @param nettyConfigurations the parameters marked {@link NettyConfiguration}
 * @param ternOnlyReason the {@link TernOnly} reason, or null when the benchmark needs a twin
 * @param mode the benchmark mode
 * @param timeUnit the output time unit, or null when JMH's default applies
 * @param forkJvmArgsAppend the class's {@code @Fork(jvmArgsAppend)}, possibly empty
 */
public record BenchmarkInfo(
    String name,
    Map<String, List<String>> params,
    Set<String> nettyConfigurations,
    String ternOnlyReason,
    Mode mode,
    TimeUnit timeUnit,
    List<String> forkJvmArgsAppend) {

  /** Copies the collections. */
  public BenchmarkInfo {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    nettyConfigurations = Set.copyOf(nettyConfigurations);
    forkJvmArgsAppend = List.copyOf(forkJvmArgsAppend);
  }

  /**
   * A benchmark with the given parameters and nothing else special (for tests and simple cases).
   *
   * @param name {@code package.Class.method}
   * @param params parameter name to declared values
   * @return the description
   */
  public static BenchmarkInfo of(String name, Map<String, List<String>> params) {
    return new BenchmarkInfo(
        name, params, Set.of(), null, Mode.AverageTime, TimeUnit.NANOSECONDS, List.of());
  }

  /**
   * Describes a benchmark of JMH's list, reading the harness annotations of its class (loaded
   * without running its static initialiser).
   *
   * @param entry the list entry
   * @return the description
   * @throws IllegalStateException if the class cannot be loaded
   */
  public static BenchmarkInfo of(BenchmarkListEntry entry) {
    String name = entry.getUsername();
    Map<String, List<String>> params = new LinkedHashMap<>();
    if (entry.getParams().hasValue()) {
      entry.getParams().get().forEach((k, v) -> params.put(k, List.of(v)));
    }
    Class<?> type = load(name.substring(0, name.lastIndexOf('.')));
    Set<String> configurations = new TreeSet<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (field.isAnnotationPresent(NettyConfiguration.class)) {
          configurations.add(field.getName());
        }
      }
    }
    TernOnly ternOnly = type.getAnnotation(TernOnly.class);
    List<String> forkArgs = new ArrayList<>();
    if (entry.getJvmArgsAppend().hasValue()) {
      forkArgs.addAll(entry.getJvmArgsAppend().get());
    }
    return new BenchmarkInfo(
        name,
        params,
        configurations,
        ternOnly == null ? null : ternOnly.value(),
        entry.getMode(),
        entry.getTimeUnit().hasValue() ? entry.getTimeUnit().get() : null,
        forkArgs);
  }

  /**
   * Returns whether this benchmark runs without a twin.
   *
   * @return true for a {@link TernOnly} class
   */
  public boolean ternOnly() {
    return ternOnlyReason != null;
  }

  /**
   * Returns this benchmark's parameters other than its Netty configurations, the ones its twin must
   * declare with the same values.
   *
   * @return parameter name to sorted declared values
   */
  public Map<String, Set<String>> sharedParams() {
    Map<String, Set<String>> shared = new LinkedHashMap<>();
    params.forEach(
        (k, v) -> {
          if (!nettyConfigurations.contains(k)) {
            shared.put(k, new TreeSet<>(v));
          }
        });
    return shared;
  }

  private static Class<?> load(String className) {
    try {
      return Class.forName(className, false, BenchmarkInfo.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("benchmark class " + className + " not on the class path", e);
    }
  }
}
