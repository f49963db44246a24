package io.tern.codec.stomp;

/**
 * A {@code heart-beat} header, {@code "cx,cy"}, from its sender's point of view: the sender can
 * send a heart-beat every {@code sendMillis} at least as often, and wants one from its peer every
 * {@code receiveMillis}; 0 means "cannot" or "does not want". A {@code CONNECT} without the header
 * means {@link #NONE}.
 *
 * <p>Each direction beats at the larger of what its sender can do and its receiver wants, or not at
 * all when either says 0: see {@link #interval(long, long)}.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param sendMillis the shortest interval the sender guarantees between its heart-beats; 0: none
 * @param receiveMillis the interval the sender wants between the peer's heart-beats; 0: none
 */
public record StompHeartbeat(long sendMillis, long receiveMillis) {
  /** No heart-beats either way: {@code "0,0"}. */
  public static final StompHeartbeat NONE = new StompHeartbeat(0, 0);

  /** Checks the intervals. */
  public StompHeartbeat {
    if (sendMillis < 0 || receiveMillis < 0) {
      throw new IllegalArgumentException(
          "heart-beat " + sendMillis + "," + receiveMillis + " (expected: >= 0)");
    }
  }

  /**
   * Parses a header value.
   *
   * @param header {@code "cx,cy"}, or {@code null} for {@link #NONE}
   * @return the heart-beat
   * @throws StompCodecException if the value is not two non-negative integers separated by a comma
   */
  public static StompHeartbeat parse(String header) {
    if (header == null) {
      return NONE;
    }
    int comma = header.indexOf(',');
    if (comma < 0) {
      throw new StompCodecException("heart-beat '" + header + "' is not 'cx,cy'");
    }
    return new StompHeartbeat(
        millis(header, header.substring(0, comma)), millis(header, header.substring(comma + 1)));
  }

  private static long millis(String header, String text) {
    String digits = text.strip();
    if (digits.isEmpty() || digits.length() > 12 || !digits.chars().allMatch(Character::isDigit)) {
      throw new StompCodecException("heart-beat '" + header + "' is not 'cx,cy'");
    }
    return Long.parseLong(digits);
  }

  /**
   * Returns how often heart-beats flow in one direction.
   *
   * @param senderMillis what the sending side can send ({@link #sendMillis()} of its header)
   * @param receiverMillis what the receiving side wants ({@link #receiveMillis()} of its header)
   * @return the interval in milliseconds, 0 for none
   */
  public static long interval(long senderMillis, long receiverMillis) {
    return senderMillis == 0 || receiverMillis == 0 ? 0 : Math.max(senderMillis, receiverMillis);
  }

  /**
   * Returns the header value.
   *
   * @return {@code "cx,cy"}
   */
  public String toHeader() {
    return sendMillis + "," + receiveMillis;
  }
}
