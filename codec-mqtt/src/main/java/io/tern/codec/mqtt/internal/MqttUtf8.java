package io.tern.codec.mqtt.internal;

/**
 * Checks the UTF-8 rules of MQTT strings: well-formed (no overlong forms, no surrogates, nothing
 * above U+10FFFF) and free of U+0000. The JDK's decoder would replace bad sequences silently; MQTT
 * requires the receiver to reject them as a malformed packet.
 */
public final class MqttUtf8 {
  private MqttUtf8() {}

  /**
   * Tells whether {@code bytes[off, off + len)} is an acceptable MQTT string.
   *
   * @param bytes the bytes
   * @param off the first byte
   * @param len the number of bytes
   * @return {@code true} if well-formed and free of U+0000
   */
  public static boolean isValid(byte[] bytes, int off, int len) {
    int i = off;
    int end = off + len;
    // ASCII run first: the common case for topics and identifiers.
    while (i < end) {
      byte b = bytes[i];
      if (b <= 0) {
        break;
      }
      i++;
    }
    while (i < end) {
      int b = bytes[i] & 0xFF;
      if (b == 0) {
        return false;
      }
      if (b < 0x80) {
        i++;
        continue;
      }
      int need;
      int min;
      int cp;
      if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
        min = 0x80;
        cp = b & 0x1F;
      } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        min = 0x800;
        cp = b & 0x0F;
      } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        min = 0x10000;
        cp = b & 0x07;
      } else {
        return false;
      }
      if (end - i <= need) {
        return false;
      }
      for (int k = 1; k <= need; k++) {
        int c = bytes[i + k] & 0xFF;
        if ((c & 0xC0) != 0x80) {
          return false;
        }
        cp = cp << 6 | (c & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return false;
      }
      i += need + 1;
    }
    return true;
  }

  /**
   * Tells whether a Java string is acceptable as an MQTT string: no U+0000 and no unpaired
   * surrogate (which would be written as {@code '?'}).
   *
   * @param s the string
   * @return {@code true} if it can be encoded faithfully
   */
  public static boolean isEncodable(CharSequence s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        return false;
      }
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return false;
        }
      }
    }
    return true;
  }
}
