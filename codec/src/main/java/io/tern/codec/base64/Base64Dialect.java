package io.tern.codec.base64;

/**
 * The alphabet of a Base64 encoding.
 *
 * <h2>Threading</h2>
 *
 * Immutable, shared.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum Base64Dialect {
  /** RFC 4648 section 4: {@code A-Z a-z 0-9 + /}. */
  STANDARD("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
  /** RFC 4648 section 5, for URLs and file names: {@code A-Z a-z 0-9 - _}. */
  URL_SAFE("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");

  /** Value to character; never modified after construction. */
  @SuppressWarnings("ImmutableEnumChecker")
  final byte[] alphabet;

  /** Character to value, -1 outside the alphabet; never modified after construction. */
  @SuppressWarnings("ImmutableEnumChecker")
  final byte[] decodabet;

  Base64Dialect(String alphabet) {
    this.alphabet = alphabet.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    this.decodabet = new byte[256];
    java.util.Arrays.fill(decodabet, (byte) -1);
    for (int i = 0; i < 64; i++) {
      decodabet[this.alphabet[i]] = (byte) i;
    }
  }
}
