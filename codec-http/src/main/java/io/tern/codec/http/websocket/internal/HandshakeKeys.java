package io.tern.codec.http.websocket.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** The opening handshake's key and its answer (RFC 6455, sections 4.1 and 4.2.2). */
public final class HandshakeKeys {
  private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  private static final SecureRandom RANDOM = new SecureRandom();

  private HandshakeKeys() {}

  /**
   * Returns a fresh {@code Sec-WebSocket-Key}: 16 random bytes in base64.
   *
   * @return the key
   */
  public static String newKey() {
    byte[] nonce = new byte[16];
    RANDOM.nextBytes(nonce);
    return Base64.getEncoder().encodeToString(nonce);
  }

  /**
   * Returns whether {@code key} is a valid {@code Sec-WebSocket-Key}: base64 of 16 bytes.
   *
   * @param key the header value
   * @return {@code true} if valid
   */
  public static boolean isValidKey(String key) {
    if (key == null || key.length() != 24) {
      return false;
    }
    try {
      return Base64.getDecoder().decode(key).length == 16;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Returns the {@code Sec-WebSocket-Accept} answering {@code key}: base64 of the SHA-1 of the key
   * followed by the RFC's GUID.
   *
   * @param key the client's key
   * @return the accept value
   */
  public static String accept(String key) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      byte[] digest = sha1.digest((key + GUID).getBytes(StandardCharsets.US_ASCII));
      return Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required of every JDK", e);
    }
  }
}
