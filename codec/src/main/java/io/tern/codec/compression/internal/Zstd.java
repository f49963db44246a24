package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.codec.compression.NativeLibraryUnavailableException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.invoke.MethodHandle;

/**
 * The system's {@code libzstd} (1.4.0 or later: the stable streaming and parameter API), bound
 * through FFM. Pointers are raw addresses ({@code long}; 0 is {@code NULL}); results are returned
 * as the C functions return them.
 *
 * <p>The library is {@code libzstd.so.1} unless the system property {@code
 * io.tern.codec.compression.libzstd} names another file. It is loaded and checked at first use;
 * nothing here throws at class initialisation.
 *
 * <p>Thread-safe.
 */
public final class Zstd {
  /** The oldest libzstd with the API used here. */
  private static final int MIN_VERSION = 10400;

  static final int C_COMPRESSION_LEVEL = 100;
  static final int C_CHECKSUM_FLAG = 201;
  static final int D_WINDOW_LOG_MAX = 100;
  static final int E_CONTINUE = 0;
  static final int E_FLUSH = 1;
  static final int E_END = 2;

  /** {@code ZSTD_error_frameParameter_windowTooLarge}: the frame needs more memory than allowed. */
  static final int ERROR_WINDOW_TOO_LARGE = 16;

  private static final NativeLibrary LIBRARY =
      NativeLibrary.load(
          "io.tern.codec.compression.libzstd",
          "libzstd.so.1",
          "libzstd.so",
          "libzstd.1.dylib",
          "libzstd.dylib");

  private Zstd() {}

  /** The linked functions; initialised only once the library loaded. */
  static final class Fn {
    static final MethodHandle VERSION = fn("ZSTD_versionNumber", JAVA_INT);
    static final MethodHandle MIN_LEVEL = fn("ZSTD_minCLevel", JAVA_INT);
    static final MethodHandle MAX_LEVEL = fn("ZSTD_maxCLevel", JAVA_INT);
    static final MethodHandle IS_ERROR = fn("ZSTD_isError", JAVA_INT, JAVA_LONG);
    static final MethodHandle ERROR_NAME = fn("ZSTD_getErrorName", JAVA_LONG, JAVA_LONG);
    static final MethodHandle ERROR_CODE = fn("ZSTD_getErrorCode", JAVA_INT, JAVA_LONG);
    static final MethodHandle CREATE_C = fn("ZSTD_createCCtx", JAVA_LONG);
    static final MethodHandle FREE_C = fn("ZSTD_freeCCtx", JAVA_LONG, JAVA_LONG);
    static final MethodHandle SET_C =
        fn("ZSTD_CCtx_setParameter", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
    static final MethodHandle COMPRESS =
        fn("ZSTD_compressStream2", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT);
    static final MethodHandle CREATE_D = fn("ZSTD_createDCtx", JAVA_LONG);
    static final MethodHandle FREE_D = fn("ZSTD_freeDCtx", JAVA_LONG, JAVA_LONG);
    static final MethodHandle SET_D =
        fn("ZSTD_DCtx_setParameter", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
    static final MethodHandle DECOMPRESS =
        fn("ZSTD_decompressStream", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);

    private Fn() {}

    private static MethodHandle fn(String name, MemoryLayout result, MemoryLayout... args) {
      return LIBRARY.function(name, FunctionDescriptor.of(result, args));
    }
  }

  /** Holds the result of the probe: loaded, every function linked, new enough. */
  private static final class Probe {
    @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
    static final Throwable CAUSE = probe();

    private static Throwable probe() {
      if (LIBRARY.cause() != null) {
        return LIBRARY.cause();
      }
      try {
        int version = version();
        if (version < MIN_VERSION) {
          return new UnsupportedOperationException(
              "libzstd 1.4.0 or later is needed, found version number " + version);
        }
        return null;
      } catch (RuntimeException | LinkageError e) {
        return e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
      }
    }
  }

  /**
   * Returns why libzstd cannot be used here.
   *
   * @return the cause, or {@code null} when it can
   */
  public static Throwable unavailabilityCause() {
    return Probe.CAUSE;
  }

  /**
   * Throws unless libzstd can be used.
   *
   * @throws NativeLibraryUnavailableException naming the library when it cannot
   */
  public static void ensureAvailable() {
    Throwable cause = unavailabilityCause();
    if (cause != null) {
      throw new NativeLibraryUnavailableException("zstd", LIBRARY.name(), "libzstd1", cause);
    }
  }

  /** The library's version number (10504 for 1.5.4). */
  static int version() {
    try {
      return (int) Fn.VERSION.invokeExact();
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  /**
   * Returns the range of compression levels the library accepts.
   *
   * @return {@code {min, max}}
   */
  public static int[] levels() {
    try {
      return new int[] {(int) Fn.MIN_LEVEL.invokeExact(), (int) Fn.MAX_LEVEL.invokeExact()};
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static boolean isError(long code) {
    try {
      return (int) Fn.IS_ERROR.invokeExact(code) != 0;
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static String errorName(long code) {
    try {
      return NativeLibrary.string((long) Fn.ERROR_NAME.invokeExact(code));
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static int errorCode(long code) {
    try {
      return (int) Fn.ERROR_CODE.invokeExact(code);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long createCCtx() {
    try {
      return (long) Fn.CREATE_C.invokeExact();
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long freeCCtx(long cctx) {
    try {
      return (long) Fn.FREE_C.invokeExact(cctx);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long setCParameter(long cctx, int parameter, int value) {
    try {
      return (long) Fn.SET_C.invokeExact(cctx, parameter, value);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long compressStream2(long cctx, long output, long input, int endOp) {
    try {
      return (long) Fn.COMPRESS.invokeExact(cctx, output, input, endOp);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long createDCtx() {
    try {
      return (long) Fn.CREATE_D.invokeExact();
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long freeDCtx(long dctx) {
    try {
      return (long) Fn.FREE_D.invokeExact(dctx);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long setDParameter(long dctx, int parameter, int value) {
    try {
      return (long) Fn.SET_D.invokeExact(dctx, parameter, value);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long decompressStream(long dctx, long output, long input) {
    try {
      return (long) Fn.DECOMPRESS.invokeExact(dctx, output, input);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }
}
