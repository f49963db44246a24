package io.tern.benchmarks.linux;

import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.linux.iouring.IoUringIoHandle;
import io.tern.transport.linux.iouring.IoUringIoHandler;
import io.tern.transport.linux.iouring.IoUringIoOps;
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
 * The io_uring request path without any I/O: a loop task queues {@code batch} {@code NOP} requests
 * through a registered handle; the handler submits them with its next {@code io_uring_enter} and
 * dispatches the completions back to the handle, which completes the operation's promise at the
 * last one. One operation is thus one cross-thread hand-over plus {@code batch} requests through
 * the ring. Twin: {@link RingNopNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RingNop {
  /** Requests per operation. */
  @Param({"1", "32"})
  public int batch;

  private static final IoUringIoOps NOP = IoUringIoOps.newNop((short) 0);

  private MultiThreadEventLoopGroup group;
  private EventLoop loop;
  private IoRegistration registration;
  private final CountingHandle handle = new CountingHandle();

  /** Creates the benchmark state (JMH does). */
  public RingNop() {}

  /** Counts completions on the loop thread. */
  private static final class CountingHandle implements IoUringIoHandle {
    Promise<Integer> done;
    int remaining;

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      if (--remaining == 0) {
        done.setSuccess(1);
      }
    }

    @Override
    public void close() {}
  }

  /** Starts the loop and registers the handle. */
  @Setup(Level.Trial)
  public void setUp() {
    group = new MultiThreadEventLoopGroup(1, IoUringIoHandler.newFactory());
    loop = group.next();
    registration = loop.register(handle).syncUninterruptibly().getNow();
  }

  /** Stops the loop. */
  @TearDown(Level.Trial)
  public void tearDown() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /**
   * Queues {@code batch} NOPs from a loop task and waits for their completions.
   *
   * @return 1
   */
  @Benchmark
  public Object nops() {
    Promise<Integer> done = loop.newPromise();
    loop.execute(
        () -> {
          handle.done = done;
          handle.remaining = batch;
          for (int i = 0; i < batch; i++) {
            registration.submit(NOP);
          }
        });
    return done.syncUninterruptibly().getNow();
  }
}
