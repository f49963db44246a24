package io.tern.codec.http2.internal;

import io.tern.codec.http2.Http2Settings;
import java.util.Base64;

/**
 * The {@code HTTP2-Settings} header of an HTTP/1.1 upgrade request (RFC 7540, section 3.2.1): a
 * SETTINGS frame's payload in base64url without padding.
 *
 * <p>Stateless; thread-safe.
 */
public final class UpgradeSettings {
  /** Longest header value accepted: 64 settings, far more than RFC 9113 defines. */
  private static final int MAX_LENGTH = 512;

  private UpgradeSettings() {}

  /**
   * Encodes settings as the header's value.
   *
   * @param settings the settings
   * @return the value
   */
  public static String encode(Http2Settings settings) {
    byte[] payload = new byte[settings.size() * 6];
    int[] at = {0};
    settings.forEach(
        (id, value) -> {
          int p = at[0];
          payload[p] = (byte) (id >>> 8);
          payload[p + 1] = (byte) id;
          payload[p + 2] = (byte) (value >>> 24);
          payload[p + 3] = (byte) (value >>> 16);
          payload[p + 4] = (byte) (value >>> 8);
          payload[p + 5] = (byte) value;
          at[0] = p + 6;
        });
    return Base64.getUrlEncoder().withoutPadding().encodeToString(payload);
  }

  /**
   * Decodes the header's value.
   *
   * @param value the value
   * @return the settings
   * @throws IllegalArgumentException if it is not base64url, not a whole number of settings, too
   *     long, or holds a value out of range
   */
  public static Http2Settings decode(CharSequence value) {
    if (value.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("HTTP2-Settings longer than " + MAX_LENGTH);
    }
    String s = value.toString().strip();
    // RFC 7540 asks for no padding; accept it anyway, as the JDK decoder does.
    byte[] payload = Base64.getUrlDecoder().decode(s);
    if (payload.length % 6 != 0) {
      throw new IllegalArgumentException("HTTP2-Settings of " + payload.length + " bytes");
    }
    Http2Settings settings = new Http2Settings();
    for (int p = 0; p < payload.length; p += 6) {
      int id = ((payload[p] & 0xFF) << 8) | (payload[p + 1] & 0xFF);
      long v =
          ((payload[p + 2] & 0xFFL) << 24)
              | ((payload[p + 3] & 0xFFL) << 16)
              | ((payload[p + 4] & 0xFFL) << 8)
              | (payload[p + 5] & 0xFFL);
      String problem = Http2Settings.check(id, v);
      if (problem != null) {
        throw new IllegalArgumentException(problem);
      }
      settings.put(id, v);
    }
    return settings;
  }
}
