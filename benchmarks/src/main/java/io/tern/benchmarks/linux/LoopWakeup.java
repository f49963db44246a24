package io.tern.benchmarks.linux;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.transport.EventLoop;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.linux.epoll.EpollIoHandler;
import io.tern.transport.linux.iouring.IoUringIoHandler;
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
 * The wake-up round trip of a native event loop: the benchmark thread submits a task to a loop that
 * sleeps in {@code epoll_wait} or {@code io_uring_enter} and waits for its future, so each
 * operation is an eventfd write, a wake, the task, and the notification back. Twin: {@link
 * LoopWakeupNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class LoopWakeup {
  /** {@code epoll} or {@code io_uring}. */
  @Param({"epoll", "io_uring"})
  public String transport;

  private MultiThreadEventLoopGroup group;
  private EventLoop loop;

  /** Creates the benchmark state (JMH does). */
  public LoopWakeup() {}

  /** Starts the loop. */
  @Setup(Level.Trial)
  public void setUp() {
    IoHandlerFactory factory =
        ParamValues.oneOf("transport", transport, "epoll", "io_uring").equals("epoll")
            ? EpollIoHandler.newFactory()
            : IoUringIoHandler.newFactory();
    group = new MultiThreadEventLoopGroup(1, factory);
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
