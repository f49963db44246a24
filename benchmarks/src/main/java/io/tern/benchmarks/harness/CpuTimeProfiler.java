package io.tern.benchmarks.harness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
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
 * JMH profiler reporting the CPU time the benchmark's worker threads used per operation ({@code
 * cpu.time.norm}, ns/op). Unlike the wall-clock score it does not count time a worker spent
 * descheduled, so on a machine shared with other jobs it moves far less (cache and core sharing
 * still show). Use: {@code -prof io.tern.benchmarks.harness.CpuTimeProfiler}.
 *
 * <p>JMH creates and calls it on its own thread in the forked VM; it reads the workers' CPU clocks
 * through {@link ThreadMXBean} before and after each iteration.
 */
public final class CpuTimeProfiler implements InternalProfiler {
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private long startNanos;

  /** Creates the profiler (JMH does, by class name). */
  public CpuTimeProfiler() {}

  @Override
  public String getDescription() {
    return "CPU time of the JMH worker threads per operation";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    startNanos = workerCpuNanos();
  }

  @Override
  public Collection<? extends Result<?>> afterIteration(
      BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
    long cpu = workerCpuNanos() - startNanos;
    long ops = result.getMetadata().getAllOps();
    double perOp = ops == 0 ? Double.NaN : (double) cpu / ops;
    return List.of(new ScalarResult("cpu.time.norm", perOp, "ns/op", AggregationPolicy.AVG));
  }

  // Worker threads are reused across iterations; one started during the iteration counts whole.
  private long workerCpuNanos() {
    long sum = 0;
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && info.getThreadName().contains("jmh-worker")) {
        long t = threads.getThreadCpuTime(info.getThreadId());
        if (t > 0) {
          sum += t;
        }
      }
    }
    return sum;
  }
}
