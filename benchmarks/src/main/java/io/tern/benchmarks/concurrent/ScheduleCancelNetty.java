package io.tern.benchmarks.concurrent;

import io.netty.util.concurrent.DefaultEventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/** Netty 4.2 twin of {@link ScheduleCancel}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScheduleCancelNetty {
  /** Creates the benchmark state; JMH calls this. */
  public ScheduleCancelNetty() {}

  private static final Callable<Void> NO_OP = () -> null;

  /** Tasks scheduled per operation. */
  @Param({"100", "1000", "10000", "100000"})
  public int num;

  private DefaultEventExecutor executor;
  private ScheduledFuture<?>[] futures;

  /** Starts the executor. */
  @Setup(Level.Trial)
  public void setup() {
    executor = new DefaultEventExecutor();
    futures = new ScheduledFuture<?>[num];
  }

  /** Stops the executor. */
  @TearDown(Level.Trial)
  public void tearDown() {
    executor.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private void scheduleAll() {
    for (int i = 0; i < num; i++) {
      futures[i] = executor.schedule(NO_OP, 10, TimeUnit.DAYS);
    }
  }

  /**
   * Schedules then cancels first-to-last on the loop thread.
   *
   * @return whether the task completed
   */
  @Benchmark
  public boolean cancelInOrder() {
    return executor
        .submit(
            () -> {
              scheduleAll();
              for (int i = 0; i < num; i++) {
                futures[i].cancel(false);
              }
            })
        .syncUninterruptibly()
        .isSuccess();
  }

  /**
   * Schedules then cancels last-to-first on the loop thread.
   *
   * @return whether the task completed
   */
  @Benchmark
  public boolean cancelInReverseOrder() {
    return executor
        .submit(
            () -> {
              scheduleAll();
              for (int i = num - 1; i >= 0; i--) {
                futures[i].cancel(false);
              }
            })
        .syncUninterruptibly()
        .isSuccess();
  }
}
