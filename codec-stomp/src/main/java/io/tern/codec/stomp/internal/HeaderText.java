package io.tern.codec.stomp.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.stomp.StompCodecException;
import io.tern.codec.stomp.StompHeaders;
import java.nio.charset.StandardCharsets;

/**
 * Header names and values from the wire to text: the well-known names as shared constants (no
 * string per header for them), UTF-8 otherwise, and the escapes of STOMP 1.1 and 1.2 undone.
 *
 * <p>Stateless: any thread.
 */
final class HeaderText {
  private static final String[] KNOWN = {
    StompHeaders.ACCEPT_VERSION,
    StompHeaders.HOST,
    StompHeaders.LOGIN,
    StompHeaders.PASSCODE,
    StompHeaders.HEART_BEAT,
    StompHeaders.VERSION,
    StompHeaders.SESSION,
    StompHeaders.SERVER,
    StompHeaders.DESTINATION,
    StompHeaders.ID,
    StompHeaders.ACK,
    StompHeaders.TRANSACTION,
    StompHeaders.RECEIPT,
    StompHeaders.MESSAGE_ID,
    StompHeaders.SUBSCRIPTION,
    StompHeaders.RECEIPT_ID,
    StompHeaders.MESSAGE,
    StompHeaders.CONTENT_LENGTH,
    StompHeaders.CONTENT_TYPE,
    "persistent",
    "priority",
    "expires",
    "timestamp",
    "redelivered",
    "reply-to",
    "correlation-id",
  };

  /** The known names by their length and first byte: a few candidates to compare at most. */
  private static final String[][] BY_LENGTH_AND_FIRST = new String[32 * 128][];

  static {
    for (String name : KNOWN) {
      int key = key(name.length(), name.charAt(0));
      String[] old = BY_LENGTH_AND_FIRST[key];
      String[] grown = old == null ? new String[1] : java.util.Arrays.copyOf(old, old.length + 1);
      grown[grown.length - 1] = name;
      BY_LENGTH_AND_FIRST[key] = grown;
    }
  }

  private HeaderText() {}

  private static int key(int length, int first) {
    return length * 128 + first;
  }

  /** Decodes a name or value that holds no escape. */
  static String decode(ByteBuf in, int start, int length, boolean name) {
    if (name && length < 32) {
      int first = in.getByte(start);
      if (first > 0) {
        String[] candidates = BY_LENGTH_AND_FIRST[key(length, first)];
        if (candidates != null) {
          for (String candidate : candidates) {
            if (matches(in, start, candidate)) {
              return candidate;
            }
          }
        }
      }
    }
    return in.toString(start, length, StandardCharsets.UTF_8);
  }

  private static boolean matches(ByteBuf in, int start, String candidate) {
    for (int i = 1; i < candidate.length(); i++) {
      if (in.getByte(start + i) != candidate.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Decodes a name or value holding at least one backslash, undoing the escapes: {@code \\}, {@code
   * \n}, {@code \c}, and {@code \r} where {@code cr} allows it.
   */
  static String unescape(ByteBuf in, int start, int length, boolean cr) {
    byte[] bytes = new byte[length];
    int n = 0;
    int end = start + length;
    for (int i = start; i < end; i++) {
      byte b = in.getByte(i);
      if (b != '\\') {
        bytes[n++] = b;
        continue;
      }
      if (++i == end) {
        throw new StompCodecException("a header ends in the middle of an escape");
      }
      byte escaped = in.getByte(i);
      bytes[n++] =
          switch (escaped) {
            case '\\' -> '\\';
            case 'n' -> '\n';
            case 'c' -> ':';
            case 'r' -> {
              if (!cr) {
                throw new StompCodecException("\\r is not an escape before STOMP 1.2");
              }
              yield '\r';
            }
            default ->
                throw new StompCodecException(
                    "undefined escape \\" + (char) (escaped & 0xff) + " in a header");
          };
    }
    return new String(bytes, 0, n, StandardCharsets.UTF_8);
  }
}
