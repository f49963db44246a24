package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.codec.compression.NativeLibraryUnavailableException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.invoke.MethodHandle;

/**
 * The system's brotli libraries, bound through FFM: {@code libbrotlienc} (the encoder) and {@code
 * libbrotlidec} (the decoder), each loaded and checked at first use and on its own, so a system
 * with only the decoder can still decode. Pointers are raw addresses ({@code long}; 0 is {@code
 * NULL}).
 *
 * <p>The libraries are {@code libbrotlienc.so.1} and {@code libbrotlidec.so.1} unless the system
 * properties {@code io.tern.codec.compression.libbrotlienc} and {@code
 * io.tern.codec.compression.libbrotlidec} name other files. Nothing here throws at class
 * initialisation.
 *
 * <p>Thread-safe.
 */
public final class Brotli {
  static final int PARAM_QUALITY = 1;
  static final int PARAM_LGWIN = 2;
  static final int OPERATION_PROCESS = 0;
  static final int OPERATION_FLUSH = 1;
  static final int OPERATION_FINISH = 2;
  static final int RESULT_ERROR = 0;
  static final int RESULT_SUCCESS = 1;

  private static final String DEBIAN_PACKAGE = "libbrotli1";

  private static final NativeLibrary ENCODER =
      NativeLibrary.load(
          "io.tern.codec.compression.libbrotlienc",
          "libbrotlienc.so.1",
          "libbrotlienc.so",
          "libbrotlienc.1.dylib",
          "libbrotlienc.dylib");
  private static final NativeLibrary DECODER =
      NativeLibrary.load(
          "io.tern.codec.compression.libbrotlidec",
          "libbrotlidec.so.1",
          "libbrotlidec.so",
          "libbrotlidec.1.dylib",
          "libbrotlidec.dylib");

  private Brotli() {}

  /** The encoder's functions; initialised only once the library loaded. */
  static final class Enc {
    static final MethodHandle VERSION = fn("BrotliEncoderVersion", JAVA_INT);
    static final MethodHandle CREATE =
        fn("BrotliEncoderCreateInstance", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    static final MethodHandle SET =
        fn("BrotliEncoderSetParameter", JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT);
    static final MethodHandle COMPRESS =
        fn(
            "BrotliEncoderCompressStream",
            JAVA_INT,
            JAVA_LONG,
            JAVA_INT,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG);
    static final MethodHandle HAS_MORE_OUTPUT =
        fn("BrotliEncoderHasMoreOutput", JAVA_INT, JAVA_LONG);
    static final MethodHandle IS_FINISHED = fn("BrotliEncoderIsFinished", JAVA_INT, JAVA_LONG);
    static final MethodHandle DESTROY =
        ENCODER.function("BrotliEncoderDestroyInstance", FunctionDescriptor.ofVoid(JAVA_LONG));

    private Enc() {}

    private static MethodHandle fn(String name, MemoryLayout result, MemoryLayout... args) {
      return ENCODER.function(name, FunctionDescriptor.of(result, args));
    }
  }

  /** The decoder's functions; initialised only once the library loaded. */
  static final class Dec {
    static final MethodHandle VERSION = fn("BrotliDecoderVersion", JAVA_INT);
    static final MethodHandle CREATE =
        fn("BrotliDecoderCreateInstance", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    static final MethodHandle DECOMPRESS =
        fn(
            "BrotliDecoderDecompressStream",
            JAVA_INT,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG);
    static final MethodHandle ERROR_CODE = fn("BrotliDecoderGetErrorCode", JAVA_INT, JAVA_LONG);
    static final MethodHandle ERROR_STRING = fn("BrotliDecoderErrorString", JAVA_LONG, JAVA_INT);
    static final MethodHandle DESTROY =
        DECODER.function("BrotliDecoderDestroyInstance", FunctionDescriptor.ofVoid(JAVA_LONG));

    private Dec() {}

    private static MethodHandle fn(String name, MemoryLayout result, MemoryLayout... args) {
      return DECODER.function(name, FunctionDescriptor.of(result, args));
    }
  }

  private static final class EncoderProbe {
    @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
    static final Throwable CAUSE = probe(ENCODER, true);
  }

  private static final class DecoderProbe {
    @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
    static final Throwable CAUSE = probe(DECODER, false);
  }

  private static Throwable probe(NativeLibrary library, boolean encoder) {
    if (library.cause() != null) {
      return library.cause();
    }
    try {
      int version = encoder ? (int) Enc.VERSION.invokeExact() : (int) Dec.VERSION.invokeExact();
      if (version <= 0) {
        return new UnsupportedOperationException("unexpected brotli version " + version);
      }
      return null;
    } catch (Throwable e) {
      return e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
    }
  }

  /**
   * Returns why {@code libbrotlienc} cannot be used here.
   *
   * @return the cause, or {@code null} when it can
   */
  public static Throwable encoderUnavailabilityCause() {
    return EncoderProbe.CAUSE;
  }

  /**
   * Returns why {@code libbrotlidec} cannot be used here.
   *
   * @return the cause, or {@code null} when it can
   */
  public static Throwable decoderUnavailabilityCause() {
    return DecoderProbe.CAUSE;
  }

  /**
   * Throws unless {@code libbrotlienc} can be used.
   *
   * @throws NativeLibraryUnavailableException naming the library when it cannot
   */
  public static void ensureEncoder() {
    Throwable cause = encoderUnavailabilityCause();
    if (cause != null) {
      throw new NativeLibraryUnavailableException(
          "brotli encoding", ENCODER.name(), DEBIAN_PACKAGE, cause);
    }
  }

  /**
   * Throws unless {@code libbrotlidec} can be used.
   *
   * @throws NativeLibraryUnavailableException naming the library when it cannot
   */
  public static void ensureDecoder() {
    Throwable cause = decoderUnavailabilityCause();
    if (cause != null) {
      throw new NativeLibraryUnavailableException(
          "brotli decoding", DECODER.name(), DEBIAN_PACKAGE, cause);
    }
  }

  static long createEncoder() {
    try {
      return (long) Enc.CREATE.invokeExact(0L, 0L, 0L);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static boolean setEncoderParameter(long state, int parameter, int value) {
    try {
      return (int) Enc.SET.invokeExact(state, parameter, value) != 0;
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static boolean compressStream(
      long state, int operation, long availIn, long nextIn, long availOut, long nextOut) {
    try {
      return (int)
              Enc.COMPRESS.invokeExact(state, operation, availIn, nextIn, availOut, nextOut, 0L)
          != 0;
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static boolean hasMoreOutput(long state) {
    try {
      return (int) Enc.HAS_MORE_OUTPUT.invokeExact(state) != 0;
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static boolean isFinished(long state) {
    try {
      return (int) Enc.IS_FINISHED.invokeExact(state) != 0;
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static void destroyEncoder(long state) {
    try {
      Enc.DESTROY.invokeExact(state);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static long createDecoder() {
    try {
      return (long) Dec.CREATE.invokeExact(0L, 0L, 0L);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static int decompressStream(long state, long availIn, long nextIn, long availOut, long nextOut) {
    try {
      return (int) Dec.DECOMPRESS.invokeExact(state, availIn, nextIn, availOut, nextOut, 0L);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static String decoderError(long state) {
    try {
      int code = (int) Dec.ERROR_CODE.invokeExact(state);
      return NativeLibrary.string((long) Dec.ERROR_STRING.invokeExact(code)) + " (" + code + ")";
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }

  static void destroyDecoder(long state) {
    try {
      Dec.DESTROY.invokeExact(state);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
  }
}
