package io.tern.handler.ssl.openssl;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.OpenSslLibrary;

/**
 * Whether the system's OpenSSL can be used here, and which one it is.
 *
 * <p>The library is looked up once per JVM, the first time anything asks: {@code libssl.so.3} and
 * {@code libcrypto.so.3} through the dynamic loader's usual search (the system properties {@code
 * io.tern.handler.ssl.openssl.libssl} and {@code io.tern.handler.ssl.openssl.libcrypto} name other
 * files), version 3.0 or newer, every function the engine calls present. The JVM needs native
 * access for this module ({@code --enable-native-access=io.tern.handler.ssl.openssl}, or {@code
 * ALL-UNNAMED} on the class path).
 *
 * <h2>Threading</h2>
 *
 * Any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class OpenSsl {
  private OpenSsl() {}

  /**
   * Tells whether OpenSSL loaded.
   *
   * @return {@code true} when engines can be made
   */
  public static boolean isAvailable() {
    return unavailabilityCause() == null;
  }

  /**
   * Returns why OpenSSL cannot be used.
   *
   * @return the cause (library not found, older than 3.0, a function missing), or {@code null}
   */
  public static Throwable unavailabilityCause() {
    return OpenSslLibrary.unavailabilityCause();
  }

  /**
   * Returns the library's version text.
   *
   * @return e.g. {@code "OpenSSL 3.0.19 27 Jan 2026"}
   * @throws IllegalStateException when OpenSSL is unavailable
   */
  public static String versionString() {
    requireAvailable();
    return Crypto.versionText();
  }

  /**
   * Returns the library's version number.
   *
   * @return {@code 0xMNN00PP0}, e.g. {@code 0x30000130} for 3.0.19
   * @throws IllegalStateException when OpenSSL is unavailable
   */
  public static long version() {
    requireAvailable();
    return Crypto.versionNumber();
  }

  private static void requireAvailable() {
    Throwable cause = unavailabilityCause();
    if (cause != null) {
      throw new IllegalStateException("OpenSSL is unavailable: " + cause.getMessage(), cause);
    }
  }
}
