package io.tern.transport.linux.internal.sys;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;
import java.util.Optional;

/**
 * The FFM plumbing under every system call wrapper: the native linker, the C library's symbols, and
 * {@code errno} captured per call through {@link Linker.Option#captureCallState}.
 *
 * <p>Nothing here throws at class initialisation on an unsupported platform: {@link
 * #unavailabilityCause()} says why the native layer cannot be used, and {@link #downcall} returns
 * {@code null} for a missing symbol so callers can probe optional functions.
 *
 * <p>Thread-safe. Each thread gets its own capture segment (a {@link ThreadLocal}, freed by the GC
 * with the thread), so any thread may make calls.
 */
@SuppressWarnings("restricted")
public final class Native {
  /** The architecture, or {@code null} when unsupported. */
  public static final Arch ARCH = Arch.of(System.getProperty("os.arch", ""));

  private static final Linker LINKER;
  private static final SymbolLookup LIBC;

  @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
  private static final Throwable UNAVAILABILITY_CAUSE;

  private static final VarHandle ERRNO;
  private static final Linker.Option CAPTURE_ERRNO;
  private static final ThreadLocal<MemorySegment> CAPTURE;

  static {
    Linker linker = null;
    SymbolLookup libc = null;
    MemoryLayout captureLayout = null;
    VarHandle errno = null;
    Linker.Option captureErrno = null;
    Throwable cause = null;
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (!os.startsWith("linux")) {
      cause = new UnsupportedOperationException("not Linux: " + System.getProperty("os.name"));
    } else if (ARCH == null) {
      cause =
          new UnsupportedOperationException(
              "unsupported architecture: " + System.getProperty("os.arch"));
    } else {
      try {
        linker = Linker.nativeLinker();
        libc = linker.defaultLookup();
        captureLayout = Linker.Option.captureStateLayout();
        errno = captureLayout.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        captureErrno = Linker.Option.captureCallState("errno");
        if (libc.find("epoll_create1").isEmpty()) {
          cause = new UnsupportedOperationException("the C library has no epoll_create1");
        }
      } catch (Throwable t) {
        cause = t;
      }
    }
    LINKER = linker;
    LIBC = libc;
    ERRNO = errno;
    CAPTURE_ERRNO = captureErrno;
    UNAVAILABILITY_CAUSE = cause;
    MemoryLayout layout = captureLayout;
    CAPTURE =
        layout == null ? null : ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(layout));
  }

  private Native() {}

  /**
   * Returns why native calls cannot be made here.
   *
   * @return the cause, or {@code null} when the native layer works
   */
  public static Throwable unavailabilityCause() {
    return UNAVAILABILITY_CAUSE;
  }

  /**
   * Returns whether native calls can be made here.
   *
   * @return {@code true} on a supported Linux
   */
  public static boolean isAvailable() {
    return UNAVAILABILITY_CAUSE == null;
  }

  /**
   * Returns a downcall to a C library function whose first argument is the errno capture segment.
   *
   * @param name the symbol
   * @param descriptor the function's signature (without the capture segment)
   * @return the handle, or {@code null} if the symbol is missing or the native layer unavailable
   */
  public static MethodHandle downcall(String name, FunctionDescriptor descriptor) {
    return downcall(name, descriptor, CAPTURE_ERRNO);
  }

  /**
   * Returns a downcall to a C library function that does not set {@code errno}.
   *
   * @param name the symbol
   * @param descriptor the function's signature
   * @return the handle, or {@code null} if the symbol is missing or the native layer unavailable
   */
  public static MethodHandle downcallNoErrno(String name, FunctionDescriptor descriptor) {
    return downcall(name, descriptor, new Linker.Option[0]);
  }

  /**
   * Returns a downcall to {@code syscall(2)} with {@code argCount} {@code long} arguments after the
   * number, capturing {@code errno}. Variadic arguments are passed as {@code long} so the kernel
   * sees every register fully defined.
   *
   * @param argCount arguments after the system call number
   * @return the handle, or {@code null} if the native layer is unavailable
   */
  public static MethodHandle syscall(int argCount) {
    if (UNAVAILABILITY_CAUSE != null) {
      return null;
    }
    ValueLayout[] args = new ValueLayout[argCount + 1];
    java.util.Arrays.fill(args, ValueLayout.JAVA_LONG);
    return downcall(
        "syscall",
        FunctionDescriptor.of(ValueLayout.JAVA_LONG, args),
        CAPTURE_ERRNO,
        Linker.Option.firstVariadicArg(1));
  }

  private static MethodHandle downcall(
      String name, FunctionDescriptor descriptor, Linker.Option... options) {
    if (LINKER == null) {
      return null;
    }
    Optional<MemorySegment> symbol = LIBC.find(name);
    if (symbol.isEmpty()) {
      return null;
    }
    return LINKER.downcallHandle(symbol.get(), descriptor, options);
  }

  /**
   * Returns this thread's errno capture segment, to pass as the first argument of a downcall made
   * by {@link #downcall}.
   *
   * @return the segment
   */
  public static MemorySegment captureState() {
    return CAPTURE.get();
  }

  /**
   * Returns the {@code errno} the last call that used {@code capture} left.
   *
   * @param capture a segment from {@link #captureState()}
   * @return the errno value
   */
  public static int errno(MemorySegment capture) {
    return (int) ERRNO.get(capture, 0L);
  }
}
