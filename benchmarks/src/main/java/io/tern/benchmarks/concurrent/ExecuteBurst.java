package io.tern.benchmarks.concurrent;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.common.concurrent.DefaultEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.SingleThreadEventExecutor;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.nio.NioIoHandler;
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

/**
 * Bursts of {@code burst} {@code execute()} calls, from another thread (the benchmark thread) and
 * from the loop itself, timed until the last task ran. Twin: {@link ExecuteBurstNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ExecuteBurst {
  /** Creates the benchmark state; JMH calls this. */
  public ExecuteBurst() {}

  /** Tasks executed per operation. */
  @Param({"1000"})
  public int burst;

  /** {@code executor}: a plain single-thread executor; {@code nioLoop}: an NIO event loop. */
  @Param({"executor", "nioLoop"})
  public String kind;

  private SingleThreadEventExecutor executor;

  /** Counts down on the loop thread and completes a promise at zero. */
  private static final class Countdown implements Runnable {
    private final Promise<Void> done;
    private int remaining;

    Countdown(Promise<Void> done, int remaining) {
      this.done = done;
      this.remaining = remaining;
    }

    @Override
    public void run() {
      if (--remaining == 0) {
        done.setSuccess(null);
      }
    }
  }

  /** Starts the executor. */
  @Setup(Level.Trial)
  public void setup() {
    if (ParamValues.oneOf("kind", kind, "executor", "nioLoop").equals("nioLoop")) {
      MultiThreadEventLoopGroup g = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
      executor = (SingleThreadEventExecutor) g.next();
    } else {
      executor = new DefaultEventExecutor();
    }
    executor.submit(() -> {}).syncUninterruptibly();
  }

  /** Stops the executor. */
  @TearDown(Level.Trial)
  public void tearDown() {
    executor.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /**
   * Executes the burst from the benchmark thread.
   *
   * @return whether the burst completed
   */
  @Benchmark
  public boolean fromOtherThread() {
    Promise<Void> done = executor.newPromise();
    Countdown task = new Countdown(done, burst);
    for (int i = 0; i < burst; i++) {
      executor.execute(task);
    }
    return done.syncUninterruptibly().isSuccess();
  }

  /**
   * Executes the burst from a task on the loop thread.
   *
   * @return whether the burst completed
   */
  @Benchmark
  public boolean fromLoop() {
    Promise<Void> done = executor.newPromise();
    Countdown task = new Countdown(done, burst);
    executor.execute(
        () -> {
          for (int i = 0; i < burst; i++) {
            executor.execute(task);
          }
        });
    return done.syncUninterruptibly().isSuccess();
  }
}
