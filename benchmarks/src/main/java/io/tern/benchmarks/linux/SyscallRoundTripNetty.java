package io.tern.benchmarks.linux;

import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.Native;
import io.netty.channel.unix.FileDescriptor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * Netty 4.2 twin of {@link SyscallRoundTrip}: the same pipe and eventfd round trips through Netty's
 * JNI library ({@code FileDescriptor.writeAddress}/{@code readAddress}, {@code
 * Native.eventFdWrite}/{@code eventFdRead}), on the same kind of native memory.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SyscallRoundTripNetty {
  /** Bytes written and read per pipe round trip. */
  @Param({"64"})
  public int size;

  private Arena arena;
  private MemorySegment buffer;
  private FileDescriptor[] pipe;
  private FileDescriptor eventFd;

  /** Creates the benchmark state (JMH does). */
  public SyscallRoundTripNetty() {}

  /**
   * Opens the pipe and the eventfd.
   *
   * @throws IOException if they cannot be opened
   */
  @Setup
  public void setUp() throws IOException {
    Epoll.ensureAvailability();
    arena = Arena.ofShared();
    buffer = arena.allocate(Math.max(size, 8));
    pipe = FileDescriptor.pipe();
    eventFd = Native.newEventFd();
  }

  /**
   * Closes everything.
   *
   * @throws IOException if a close fails
   */
  @TearDown
  public void tearDown() throws IOException {
    pipe[0].close();
    pipe[1].close();
    eventFd.close();
    arena.close();
  }

  /**
   * {@code write} then {@code read} of {@code size} bytes through the pipe.
   *
   * @return bytes read
   * @throws IOException if a call fails
   */
  @Benchmark
  public long pipeWriteRead() throws IOException {
    long address = buffer.address();
    pipe[1].writeAddress(address, 0, size);
    return pipe[0].readAddress(address, 0, size);
  }

  /**
   * {@code write} of 1 to the eventfd, then {@code read} of its counter.
   *
   * @return 0
   */
  @Benchmark
  public long eventFdWriteRead() {
    Native.eventFdWrite(eventFd.intValue(), 1L);
    Native.eventFdRead(eventFd.intValue());
    return 0;
  }
}
