package io.tern.benchmarks.load.common;

import java.nio.charset.StandardCharsets;

/**
 * The object TechEmpower's JSON test serializes for every request, {@code {"message":"Hello,
 * World!"}}, with a small hand-written serializer that both load servers call: a new object and a
 * new byte array per request on both sides, so that neither serves a constant and both do the same
 * work. (The same JSON library on both sides would do as well; a hand-written one keeps the
 * benchmarks' dependencies to the two frameworks.)
 *
 * <p>Immutable; any thread may call it. Holds no reference-counted objects.
 *
 * @param message the message text
 */
public record JsonMessage(String message) {
  /** The text TechEmpower's test serializes. */
  public static final String HELLO = "Hello, World!";

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] PREFIX = "{\"message\":\"".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SUFFIX = "\"}".getBytes(StandardCharsets.US_ASCII);

  /** Checks the message. */
  public JsonMessage {
    if (message == null) {
      throw new IllegalArgumentException("message is null");
    }
  }

  /**
   * Serializes this object as UTF-8 JSON, {@code {"message":"..."}}, escaping quotes, backslashes
   * and control characters.
   *
   * @return a new array holding the JSON text
   */
  public byte[] toJson() {
    byte[] text = message.getBytes(StandardCharsets.UTF_8);
    int escapes = 0;
    for (byte b : text) {
      if (b == '"' || b == '\\') {
        escapes += 1;
      } else if (b >= 0 && b < 0x20) {
        escapes += 5;
      }
    }
    byte[] json = new byte[PREFIX.length + text.length + escapes + SUFFIX.length];
    System.arraycopy(PREFIX, 0, json, 0, PREFIX.length);
    int at = PREFIX.length;
    if (escapes == 0) {
      System.arraycopy(text, 0, json, at, text.length);
      at += text.length;
    } else {
      for (byte b : text) {
        if (b == '"' || b == '\\') {
          json[at++] = '\\';
          json[at++] = b;
        } else if (b >= 0 && b < 0x20) {
          json[at++] = '\\';
          json[at++] = 'u';
          json[at++] = '0';
          json[at++] = '0';
          json[at++] = HEX[b >> 4];
          json[at++] = HEX[b & 0xf];
        } else {
          json[at++] = b;
        }
      }
    }
    System.arraycopy(SUFFIX, 0, json, at, SUFFIX.length);
    return json;
  }
}
