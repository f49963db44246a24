package io.tern.codec.compression.internal;

import io.tern.common.SystemProperties;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * One system library found with {@link SymbolLookup#libraryLookup} (nothing is bundled or
 * compiled), or why it could not be loaded. Loading never throws: the bindings ask {@link #cause()}
 * and report it when a codec is built.
 *
 * <p>The library is named by a system property (a file name the dynamic loader searches for, or an
 * absolute path); without it the candidates are tried in order.
 *
 * <p>Immutable, thread-safe.
 */
@SuppressWarnings("restricted")
final class NativeLibrary {
  private static final Linker LINKER = Linker.nativeLinker();

  private final String name;
  private final SymbolLookup lookup;
  private final Throwable cause;

  private NativeLibrary(String name, SymbolLookup lookup, Throwable cause) {
    this.name = name;
    this.lookup = lookup;
    this.cause = cause;
  }

  /**
   * Loads the library named by {@code property}, or else the first of {@code candidates} that
   * loads.
   *
   * @param property the system property that may name the library
   * @param candidates file names to try, the usual one first
   * @return the library, or why none loaded
   */
  static NativeLibrary load(String property, String... candidates) {
    String configured = SystemProperties.get(property, null);
    List<String> names = configured != null ? List.of(configured) : List.of(candidates);
    if (ValueLayout.ADDRESS.byteSize() != 8) {
      return new NativeLibrary(
          names.getFirst(),
          null,
          new UnsupportedOperationException("the native compression bindings need a 64-bit JVM"));
    }
    Throwable failure = null;
    for (String candidate : names) {
      try {
        return new NativeLibrary(
            candidate, SymbolLookup.libraryLookup(candidate, Arena.global()), null);
      } catch (IllegalArgumentException | LinkageError e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    return new NativeLibrary(names.getFirst(), null, failure);
  }

  /** The file name that was loaded, or the first one tried. */
  String name() {
    return name;
  }

  /** Why the library could not be loaded, or {@code null} when it was. */
  Throwable cause() {
    return cause;
  }

  /**
   * Links a function of this library.
   *
   * @throws UnsatisfiedLinkError if the library is not loaded or lacks the symbol
   */
  MethodHandle function(String symbol, FunctionDescriptor descriptor) {
    if (lookup == null) {
      throw new UnsatisfiedLinkError(name + " is not loaded: " + cause);
    }
    MemorySegment address =
        lookup
            .find(symbol)
            .orElseThrow(() -> new UnsatisfiedLinkError(name + " has no function " + symbol));
    return LINKER.downcallHandle(address, descriptor);
  }

  /** Links a function of the C library (malloc, free). */
  static MethodHandle libc(String symbol, FunctionDescriptor descriptor) {
    MemorySegment address =
        LINKER
            .defaultLookup()
            .find(symbol)
            .orElseThrow(() -> new UnsatisfiedLinkError("the C library has no function " + symbol));
    return LINKER.downcallHandle(address, descriptor);
  }

  /** Reads a NUL-terminated C string, or returns {@code "?"} for {@code NULL}. */
  static String string(long address) {
    if (address == 0) {
      return "?";
    }
    return MemorySegment.ofAddress(address).reinterpret(4096).getString(0);
  }

  /** Downcalls throw only what the Java side throws; checked ones cannot occur. */
  static RuntimeException rethrow(Throwable t) {
    if (t instanceof Error e) {
      throw e;
    }
    return t instanceof RuntimeException e ? e : new IllegalStateException(t);
  }
}
