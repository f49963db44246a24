package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import io.tern.handler.ssl.openssl.internal.lib.SslCtx;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Cipher suite names both ways: the JDK and IANA names ({@code
 * TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256}) that the {@code SSLEngine} API speaks, and OpenSSL's
 * ({@code ECDHE-RSA-AES128-GCM-SHA256}) that its cipher lists take. TLS 1.3 suites have the same
 * name in both and go to {@code SSL_CTX_set_ciphersuites}; the others to {@code
 * SSL_CTX_set_cipher_list}.
 *
 * <p>The tables are read from the library once (a throw-away context listing every cipher it has).
 * Immutable; any thread.
 */
final class CipherSuites {
  /** OpenSSL's TLS 1.3 suites, in its default preference order. */
  static final List<String> TLS13 =
      List.of(
          "TLS_AES_256_GCM_SHA384",
          "TLS_CHACHA20_POLY1305_SHA256",
          "TLS_AES_128_GCM_SHA256",
          "TLS_AES_128_CCM_SHA256",
          "TLS_AES_128_CCM_8_SHA256");

  /**
   * The TLS 1.2 suites a context enables unless told otherwise: forward-secret AEAD suites only
   * (Mozilla's "intermediate" list). OpenSSL's own default also enables PSK, SRP and CBC suites.
   */
  static final String DEFAULT_TLS12 =
      "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
          + "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305:"
          + "DHE-RSA-AES128-GCM-SHA256:DHE-RSA-AES256-GCM-SHA384";

  /**
   * Suites resolved for OpenSSL.
   *
   * @param tls13 the TLS 1.3 suites, {@code :}-separated (may be empty)
   * @param tls12 the older suites in OpenSSL's names, {@code :}-separated (may be empty)
   * @param standardNames every suite by its IANA name, in the order given
   */
  record Resolved(String tls13, String tls12, List<String> standardNames) {}

  private static final Map<String, String> OPENSSL_BY_STANDARD = new HashMap<>();
  private static final Map<String, String> STANDARD_BY_OPENSSL = new HashMap<>();
  private static final List<String> SUPPORTED;

  static {
    long ctx = SslCtx.create();
    List<String> supported = new ArrayList<>();
    try {
      if (ctx == 0
          || SslCtx.setCipherList(ctx, "ALL") != 1
          || SslCtx.setCiphersuites(ctx, String.join(":", TLS13)) != 1) {
        throw SslErrors.configuration("cannot list OpenSSL's ciphers");
      }
      long stack = SslCtx.ciphers(ctx);
      for (int i = 0, n = Crypto.stackSize(stack); i < n; i++) {
        long cipher = Crypto.stackValue(stack, i);
        String standard = Ssl.cipherStandardName(cipher);
        String openssl = Ssl.cipherName(cipher);
        if (standard != null && openssl != null) {
          OPENSSL_BY_STANDARD.put(standard, openssl);
          STANDARD_BY_OPENSSL.put(openssl, standard);
          supported.add(standard);
        }
      }
    } finally {
      if (ctx != 0) {
        SslCtx.free(ctx);
      }
    }
    SUPPORTED = List.copyOf(supported);
  }

  private CipherSuites() {}

  /** Every suite the library has, by IANA name. */
  static List<String> supported() {
    return SUPPORTED;
  }

  /** The IANA names of a context's or connection's cipher stack. */
  static List<String> standardNames(long stack) {
    List<String> names = new ArrayList<>();
    for (int i = 0, n = Crypto.stackSize(stack); i < n; i++) {
      String name = Ssl.cipherStandardName(Crypto.stackValue(stack, i));
      if (name != null) {
        names.add(name);
      }
    }
    return List.copyOf(names);
  }

  /**
   * Sorts names (IANA or OpenSSL's) into the TLS 1.3 and older lists.
   *
   * @throws IllegalArgumentException for a name OpenSSL does not have
   */
  static Resolved resolve(List<String> names) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("no cipher suite enabled");
    }
    List<String> tls13 = new ArrayList<>();
    List<String> tls12 = new ArrayList<>();
    List<String> standard = new ArrayList<>();
    for (String name : names) {
      if (TLS13.contains(name)) {
        tls13.add(name);
        standard.add(name);
        continue;
      }
      String openssl = OPENSSL_BY_STANDARD.get(name);
      String iana = name;
      if (openssl == null) {
        iana = STANDARD_BY_OPENSSL.get(name);
        openssl = iana == null ? null : name;
      }
      if (openssl == null) {
        throw new IllegalArgumentException("unsupported cipher suite: " + name);
      }
      tls12.add(openssl);
      standard.add(iana);
    }
    return new Resolved(String.join(":", tls13), String.join(":", tls12), List.copyOf(standard));
  }
}
