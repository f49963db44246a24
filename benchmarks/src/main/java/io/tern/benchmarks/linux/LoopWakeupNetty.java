package io.tern.benchmarks.linux;

import io.netty.channel.EventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.uring.IoUringIoHandler;
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

/** Netty 4.2 twin of {@link LoopWakeup}, over Netty's epoll and io_uring handlers. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class LoopWakeupNetty {
  /** {@code epoll} or {@code io_uring}. */
  @Param({"epoll", "io_uring"})
  public String transport;

  private MultiThreadIoEventLoopGroup group;
  private EventLoop loop;

  /** Creates the benchmark state (JMH does). */
  public LoopWakeupNetty() {}

  /** Starts the loop. */
  @Setup(Level.Trial)
  public void setUp() {
    IoHandlerFactory factory =
        ParamValues.oneOf("transport", transport, "epoll", "io_uring").equals("epoll")
            ? EpollIoHandler.newFactory()
            : IoUringIoHandler.newFactory();
    group = new MultiThreadIoEventLoopGroup(1, factory);
    loop = group.next();
    loop.submit(() -> {}).syncUninterruptibly();
  }

  /** Stops the loop. */
  @TearDown(Level.Trial)
  public void tearDown() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /**
   * Submits one task from the benchmark thread and waits for it.
   *
   * @return the task's result
   */
  @Benchmark
  public Object submitAndAwait() {
    return loop.submit(() -> 1).syncUninterruptibly().getNow();
  }
}
