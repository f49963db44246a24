package io.tern.benchmarks.linux;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The few C library calls {@link SyscallRoundTrip} makes, bound the way Tern's Linux transport
 * binds its own: one {@link Linker} downcall per function, {@code errno} captured on every call
 * into a per-thread capture segment ({@code Linker.Option.captureCallState}), a negative result
 * turned into {@code -errno}. Kept in the benchmark because Tern's bindings are internal to its
 * transport module; the benchmark measures the cost of a system call made this way.
 *
 * <p>Thread-safe: each thread has its own capture segment.
 */
@SuppressWarnings("restricted")
final class FfmSyscalls {
  /** {@code EFD_NONBLOCK | EFD_CLOEXEC} on Linux x86-64 and aarch64. */
  static final int EFD_NONBLOCK_CLOEXEC = 0x800 | 0x80000;

  private static final Linker LINKER = Linker.nativeLinker();
  private static final SymbolLookup LIBC = LINKER.defaultLookup();
  private static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
  private static final VarHandle ERRNO =
      CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
  private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");
  private static final ThreadLocal<MemorySegment> CAPTURE =
      ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE_LAYOUT));

  private static final MethodHandle READ =
      downcall(
          "read",
          FunctionDescriptor.of(
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_LONG));
  private static final MethodHandle WRITE =
      downcall(
          "write",
          FunctionDescriptor.of(
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_LONG));
  private static final MethodHandle PIPE2 =
      downcall(
          "pipe2",
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
  private static final MethodHandle EVENTFD =
      downcall(
          "eventfd",
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
  private static final MethodHandle CLOSE =
      downcall("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

  private FfmSyscalls() {}

  /** {@code read(2)}: bytes read, or {@code -errno}. */
  static long read(int fd, long address, long length) {
    MemorySegment capture = CAPTURE.get();
    try {
      return result(capture, (long) READ.invokeExact(capture, fd, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code write(2)}: bytes written, or {@code -errno}. */
  static long write(int fd, long address, long length) {
    MemorySegment capture = CAPTURE.get();
    try {
      return result(capture, (long) WRITE.invokeExact(capture, fd, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code pipe2(fds, O_NONBLOCK | O_CLOEXEC)}: the read end, then the write end. */
  static int[] pipe() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment fds = arena.allocate(ValueLayout.JAVA_INT, 2);
      MemorySegment capture = CAPTURE.get();
      int result = (int) PIPE2.invokeExact(capture, fds, 0x800 | 0x80000);
      check("pipe2", capture, result);
      return new int[] {
        fds.getAtIndex(ValueLayout.JAVA_INT, 0), fds.getAtIndex(ValueLayout.JAVA_INT, 1)
      };
    } catch (IOException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code eventfd(initial, flags)}. */
  static int eventFd(int initial, int flags) throws IOException {
    MemorySegment capture = CAPTURE.get();
    try {
      int fd = (int) EVENTFD.invokeExact(capture, initial, flags);
      check("eventfd", capture, fd);
      return fd;
    } catch (IOException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code close(2)}. */
  static void close(int fd) throws IOException {
    MemorySegment capture = CAPTURE.get();
    try {
      check("close", capture, (int) CLOSE.invokeExact(capture, fd));
    } catch (IOException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private static long result(MemorySegment capture, long result) {
    return result < 0 ? -(int) ERRNO.get(capture, 0L) : result;
  }

  private static void check(String call, MemorySegment capture, int result) throws IOException {
    if (result < 0) {
      throw new IOException(call + " failed, errno " + (int) ERRNO.get(capture, 0L));
    }
  }

  private static MethodHandle downcall(String name, FunctionDescriptor descriptor) {
    return LINKER.downcallHandle(LIBC.find(name).orElseThrow(), descriptor, CAPTURE_ERRNO);
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof Error e) {
      throw e;
    }
    return t instanceof RuntimeException e ? e : new IllegalStateException(t);
  }
}
