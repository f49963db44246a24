package io.tern.benchmarks.harness;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * JMH profiler the compare driver adds to every run: reports, after each iteration, the leak
 * detection level the benchmark's own framework ran at ({@value #RESULT}: the index of the level in
 * {@link #LEVELS}), read from Tern's {@code ResourceLeakDetector} in a Tern fork and from Netty's
 * in a Netty fork. The driver refuses a pair whose twins ran at different levels, so a pair cannot
 * compare a tracked side with an untracked one by accident.
 *
 * <p>JMH creates and calls it on its own thread in the forked VM.
 */
public final class LeakLevelProfiler implements InternalProfiler {
  /** The secondary result's label. */
  public static final String RESULT = "leak.level";

  /** The levels of both frameworks, by the index reported. */
  public static final List<String> LEVELS = List.of("DISABLED", "SIMPLE", "ADVANCED", "PARANOID");

  /** Creates the profiler (JMH does, by class name). */
  public LeakLevelProfiler() {}

  @Override
  public String getDescription() {
    return "leak detection level of the benchmark's framework";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {}

  @Override
  public Collection<? extends Result<?>> afterIteration(
      BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
    String benchmark = benchmarkParams.getBenchmark();
    String type = benchmark.substring(0, benchmark.lastIndexOf('.'));
    String level =
        type.endsWith(TwinPairs.NETTY_SUFFIX)
            ? io.netty.util.ResourceLeakDetector.getLevel().name()
            : io.tern.common.ResourceLeakDetector.level().name();
    return List.of(new ScalarResult(RESULT, LEVELS.indexOf(level), "level", AggregationPolicy.MAX));
  }
}
