package io.tern.benchmarks.linux;

import io.tern.transport.linux.epoll.Epoll;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * Two system calls per operation made the way Tern's Linux transport makes them, through FFM
 * downcalls with errno captured on every call ({@link FfmSyscalls}, a copy of that binding style,
 * since Tern's own bindings are internal): a write and a read of {@code size} bytes through a pipe,
 * and an eventfd signal and drain. Twin: {@link SyscallRoundTripNetty} (the same calls through
 * Netty's JNI library).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SyscallRoundTrip {
  /** Bytes written and read per pipe round trip. */
  @Param({"64"})
  public int size;

  private Arena arena;
  private MemorySegment buffer;
  private int[] pipe;
  private int eventFd;

  /** Creates the benchmark state (JMH does). */
  public SyscallRoundTrip() {}

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
    pipe = FfmSyscalls.pipe();
    eventFd = FfmSyscalls.eventFd(0, FfmSyscalls.EFD_NONBLOCK_CLOEXEC);
    buffer.set(ValueLayout.JAVA_LONG, 0, 1L);
  }

  /**
   * Closes everything.
   *
   * @throws IOException if a close fails
   */
  @TearDown
  public void tearDown() throws IOException {
    FfmSyscalls.close(pipe[0]);
    FfmSyscalls.close(pipe[1]);
    FfmSyscalls.close(eventFd);
    arena.close();
  }

  /**
   * {@code write} then {@code read} of {@code size} bytes through the pipe.
   *
   * @return bytes read
   */
  @Benchmark
  public long pipeWriteRead() {
    long address = buffer.address();
    FfmSyscalls.write(pipe[1], address, size);
    return FfmSyscalls.read(pipe[0], address, size);
  }

  /**
   * {@code write} of 1 to the eventfd, then {@code read} of its counter.
   *
   * @return the read's result
   */
  @Benchmark
  public long eventFdWriteRead() {
    long address = buffer.address();
    FfmSyscalls.write(eventFd, address, 8);
    // The read stores the counter (1) where the write took it from, so every write adds 1.
    return FfmSyscalls.read(eventFd, address, 8);
  }
}
