package io.tern.handler.ssl.openssl.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Key exchange group names: OpenSSL's ({@code X25519}, {@code P-256}) pass through, the JDK's
 * ({@code x25519}, {@code secp256r1}) are translated, so one {@code groups(...)} call suits both
 * providers. OpenSSL itself rejects what it does not have.
 *
 * <p>Stateless; any thread.
 */
final class Groups {
  private static final Map<String, String> JDK_NAMES =
      Map.of(
          "x25519", "X25519",
          "x448", "X448",
          "secp256r1", "P-256",
          "secp384r1", "P-384",
          "secp521r1", "P-521");

  private Groups() {}

  /** The {@code :}-separated list for {@code SSL_CTX_set1_groups_list}. */
  static String openSslList(List<String> names) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("no group enabled");
    }
    return names.stream()
        .map(n -> JDK_NAMES.getOrDefault(n.toLowerCase(Locale.ROOT), n))
        .collect(Collectors.joining(":"));
  }
}
