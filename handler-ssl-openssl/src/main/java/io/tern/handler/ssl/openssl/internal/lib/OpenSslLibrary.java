package io.tern.handler.ssl.openssl.internal.lib;

import io.tern.common.SystemProperties;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The FFM plumbing under every OpenSSL binding: the system's {@code libssl} and {@code libcrypto}
 * found with {@link SymbolLookup#libraryLookup} (nothing is bundled or compiled), the native
 * linker, and the check that the library is OpenSSL 3.
 *
 * <p>Nothing here throws at class initialisation: {@link #unavailabilityCause()} says why OpenSSL
 * cannot be used. The binding classes ({@link Ssl}, {@link Crypto}) link every function they need
 * when they are initialised, so a missing symbol makes the library unavailable here rather than
 * failing a connection later.
 *
 * <p>The libraries are named by the system properties {@code io.tern.handler.ssl.openssl.libssl}
 * (default {@code libssl.so.3}) and {@code io.tern.handler.ssl.openssl.libcrypto} (default {@code
 * libcrypto.so.3}): a file name the dynamic loader searches for, or an absolute path.
 *
 * <p>Thread-safe.
 */
@SuppressWarnings("restricted")
public final class OpenSslLibrary {
  /** The oldest OpenSSL this binding is written against: 3.0.0. */
  static final long MIN_VERSION = 0x30000000L;

  private static final Linker LINKER = Linker.nativeLinker();
  private static final SymbolLookup SSL;
  private static final SymbolLookup CRYPTO;

  @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
  private static final Throwable LOAD_CAUSE;

  static {
    SymbolLookup ssl = null;
    SymbolLookup crypto = null;
    Throwable cause = null;
    try {
      // libcrypto first: libssl needs it, and a clear message names the one that is missing.
      crypto =
          SymbolLookup.libraryLookup(
              SystemProperties.get("io.tern.handler.ssl.openssl.libcrypto", "libcrypto.so.3"),
              Arena.global());
      ssl =
          SymbolLookup.libraryLookup(
              SystemProperties.get("io.tern.handler.ssl.openssl.libssl", "libssl.so.3"),
              Arena.global());
    } catch (RuntimeException | LinkageError e) {
      cause = e;
    }
    SSL = ssl;
    CRYPTO = crypto;
    LOAD_CAUSE = cause;
  }

  private OpenSslLibrary() {}

  /** Holds the result of the full probe: loading, version, and every binding linked. */
  private static final class Probe {
    @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
    static final Throwable CAUSE = probe();

    private static Throwable probe() {
      if (LOAD_CAUSE != null) {
        return LOAD_CAUSE;
      }
      try {
        long version = Crypto.versionNumber();
        if (version < MIN_VERSION) {
          return new UnsupportedOperationException(
              "OpenSSL 3 is needed, found " + Crypto.versionText());
        }
        Ssl.init();
        return null;
      } catch (RuntimeException | LinkageError e) {
        return e.getCause() != null && e instanceof ExceptionInInitializerError ? e.getCause() : e;
      }
    }
  }

  /**
   * Returns why OpenSSL cannot be used here.
   *
   * @return the cause (library missing, too old, a symbol missing), or {@code null} when it works
   */
  public static Throwable unavailabilityCause() {
    return Probe.CAUSE;
  }

  /**
   * Returns a downcall to a function of {@code libssl} or {@code libcrypto}.
   *
   * @throws UnsatisfiedLinkError if neither library has the symbol
   */
  static MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... opts) {
    return LINKER.downcallHandle(symbol(name), descriptor, opts);
  }

  /** Returns a downcall, or {@code null} if the libraries lack the symbol (optional features). */
  static MethodHandle optionalDowncall(String name, FunctionDescriptor descriptor) {
    Optional<MemorySegment> found = find(name);
    return found.map(s -> LINKER.downcallHandle(s, descriptor)).orElse(null);
  }

  private static MemorySegment symbol(String name) {
    return find(name)
        .orElseThrow(() -> new UnsatisfiedLinkError("OpenSSL has no function " + name));
  }

  private static Optional<MemorySegment> find(String name) {
    if (LOAD_CAUSE != null) {
      throw new UnsatisfiedLinkError("OpenSSL is not loaded: " + LOAD_CAUSE.getMessage());
    }
    Optional<MemorySegment> found = SSL.find(name);
    return found.isPresent() ? found : CRYPTO.find(name);
  }

  /**
   * Makes a native function pointer that calls {@code target}, which must catch everything (an
   * exception escaping an upcall ends the JVM). The stub lives as long as {@code arena}.
   *
   * @param target the Java side, typed as {@code descriptor} says
   * @param descriptor the C signature
   * @param arena the stub's lifetime
   * @return the function pointer
   */
  public static MemorySegment upcall(
      MethodHandle target, FunctionDescriptor descriptor, Arena arena) {
    return LINKER.upcallStub(target, descriptor, arena);
  }

  /** Downcalls throw only what the Java side throws; checked ones cannot occur. */
  static RuntimeException rethrow(Throwable t) {
    if (t instanceof Error e) {
      throw e;
    }
    return t instanceof RuntimeException e ? e : new IllegalStateException(t);
  }
}
