package io.tern.benchmarks.linux;

import io.netty.channel.IoEvent;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoRegistration;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUringIoHandle;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringIoOps;
import io.netty.util.concurrent.Promise;
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

/** Netty 4.2 twin of {@link RingNop}, through Netty's io_uring handler and its public ops. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RingNopNetty {
  /** Requests per operation. */
  @Param({"1", "32"})
  public int batch;

  // opcode 0 (NOP), no flags, no descriptor. The short-tag constructor is deprecated in favour of
  // one taking a long user word; the tag is what the Tern twin uses too.
  @SuppressWarnings("deprecation")
  private static final IoUringIoOps NOP =
      new IoUringIoOps(
          (byte) 0, (byte) 0, (short) 0, -1, 0L, 0L, 0, 0, (short) 0, (short) 0, (short) 0, 0, 0L);

  private MultiThreadIoEventLoopGroup group;
  private IoEventLoop loop;
  private IoRegistration registration;
  private final CountingHandle handle = new CountingHandle();

  /** Creates the benchmark state (JMH does). */
  public RingNopNetty() {}

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
    group = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
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
