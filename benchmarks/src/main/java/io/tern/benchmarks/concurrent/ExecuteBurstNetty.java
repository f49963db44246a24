package io.tern.benchmarks.concurrent;

import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultEventExecutor;
import io.netty.util.concurrent.Promise;
import io.tern.benchmarks.harness.ParamValues;
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

/** Netty 4.2 twin of {@link ExecuteBurst}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ExecuteBurstNetty {
  /** Creates the benchmark state; JMH calls this. */
  public ExecuteBurstNetty() {}

  /** Tasks executed per operation. */
  @Param({"1000"})
  public int burst;

  /** {@code executor}: a plain single-thread executor; {@code nioLoop}: an NIO event loop. */
  @Param({"executor", "nioLoop"})
  public String kind;

  private io.netty.util.concurrent.SingleThreadEventExecutor executor;

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
      MultiThreadIoEventLoopGroup g = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
      executor = (io.netty.util.concurrent.SingleThreadEventExecutor) g.next();
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
