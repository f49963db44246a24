package io.tern.codec.http2;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * The parameters of a {@code SETTINGS} frame (RFC 9113, section 6.5.2, and RFC 8441 and RFC 9218
 * for {@code SETTINGS_ENABLE_CONNECT_PROTOCOL} and {@code SETTINGS_NO_RFC7540_PRIORITIES}). A
 * parameter is either present with a value or absent; a frame carries the present ones, and a
 * receiver leaves the absent ones as they were. Setters check the ranges the RFC allows.
 *
 * <h2>Threading</h2>
 *
 * Mutable and not thread-safe: build it on one thread, then hand it over (a frame, a codec builder)
 * and leave it alone.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class Http2Settings {
  /** Receives a present parameter. */
  @FunctionalInterface
  public interface Visitor {
    /**
     * Receives one parameter.
     *
     * @param id the parameter id
     * @param value its value
     */
    void accept(int id, long value);
  }

  /** {@code SETTINGS_HEADER_TABLE_SIZE}. */
  public static final int HEADER_TABLE_SIZE = 0x1;

  /** {@code SETTINGS_ENABLE_PUSH}. */
  public static final int ENABLE_PUSH = 0x2;

  /** {@code SETTINGS_MAX_CONCURRENT_STREAMS}. */
  public static final int MAX_CONCURRENT_STREAMS = 0x3;

  /** {@code SETTINGS_INITIAL_WINDOW_SIZE}. */
  public static final int INITIAL_WINDOW_SIZE = 0x4;

  /** {@code SETTINGS_MAX_FRAME_SIZE}. */
  public static final int MAX_FRAME_SIZE = 0x5;

  /** {@code SETTINGS_MAX_HEADER_LIST_SIZE}. */
  public static final int MAX_HEADER_LIST_SIZE = 0x6;

  /** {@code SETTINGS_ENABLE_CONNECT_PROTOCOL} (RFC 8441). */
  public static final int ENABLE_CONNECT_PROTOCOL = 0x8;

  /** {@code SETTINGS_NO_RFC7540_PRIORITIES} (RFC 9218). */
  public static final int NO_RFC7540_PRIORITIES = 0x9;

  /** The smallest {@code SETTINGS_MAX_FRAME_SIZE}, and its initial value. */
  public static final int DEFAULT_MAX_FRAME_SIZE = 16_384;

  /** The largest {@code SETTINGS_MAX_FRAME_SIZE}. */
  public static final int MAX_FRAME_SIZE_UPPER_BOUND = 16_777_215;

  /** The initial flow-control window of every stream and of the connection. */
  public static final int DEFAULT_INITIAL_WINDOW_SIZE = 65_535;

  /** The largest flow-control window. */
  public static final int MAX_WINDOW_SIZE = Integer.MAX_VALUE;

  private static final int KNOWN = 10; // ids 1..9
  private final long[] values = new long[KNOWN];
  private int present; // bit per id

  /** Creates settings with no parameter present. */
  public Http2Settings() {}

  /**
   * Returns whether nothing is present.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return present == 0;
  }

  /**
   * Returns the number of parameters present.
   *
   * @return the count
   */
  public int size() {
    return Integer.bitCount(present);
  }

  /**
   * Returns whether a parameter is present.
   *
   * @param id the parameter id
   * @return {@code true} if present
   */
  public boolean contains(int id) {
    return id > 0 && id < KNOWN && (present & (1 << id)) != 0;
  }

  /**
   * Returns a parameter's value.
   *
   * @param id the parameter id
   * @param defaultValue returned when absent
   * @return the value
   */
  public long get(int id, long defaultValue) {
    return contains(id) ? values[id] : defaultValue;
  }

  /**
   * Sets a parameter, checking the RFC's range for the known ones; unknown ids are ignored, as a
   * receiver must ignore them.
   *
   * @param id the parameter id
   * @param value the value, an unsigned 32-bit number
   * @return this
   * @throws IllegalArgumentException if the value is out of range
   */
  @CanIgnoreReturnValue
  public Http2Settings put(int id, long value) {
    String problem = check(id, value);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    if (id > 0 && id < KNOWN) {
      values[id] = value;
      present |= 1 << id;
    }
    return this;
  }

  /**
   * Returns why a value is out of range for a parameter, or {@code null} if it is fine.
   *
   * @param id the parameter id
   * @param value the value
   * @return the problem, or {@code null}
   */
  public static String check(int id, long value) {
    if (value < 0 || value > 0xFFFF_FFFFL) {
      return "setting " + id + " out of the 32-bit range: " + value;
    }
    return switch (id) {
      case ENABLE_PUSH, ENABLE_CONNECT_PROTOCOL, NO_RFC7540_PRIORITIES ->
          value > 1 ? "setting " + id + " must be 0 or 1: " + value : null;
      case INITIAL_WINDOW_SIZE ->
          value > MAX_WINDOW_SIZE ? "SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1: " + value : null;
      case MAX_FRAME_SIZE ->
          value < DEFAULT_MAX_FRAME_SIZE || value > MAX_FRAME_SIZE_UPPER_BOUND
              ? "SETTINGS_MAX_FRAME_SIZE outside 16384..16777215: " + value
              : null;
      default -> null;
    };
  }

  /**
   * Calls {@code action} with each present parameter's id and value, in id order.
   *
   * @param action receives id and value
   */
  public void forEach(Visitor action) {
    for (int id = 1; id < KNOWN; id++) {
      if ((present & (1 << id)) != 0) {
        action.accept(id, values[id]);
      }
    }
  }

  /**
   * Returns {@code SETTINGS_HEADER_TABLE_SIZE}.
   *
   * @return the value, or {@code null} if absent
   */
  public Long headerTableSize() {
    return boxed(HEADER_TABLE_SIZE);
  }

  /**
   * Sets {@code SETTINGS_HEADER_TABLE_SIZE}.
   *
   * @param value bytes
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Settings headerTableSize(long value) {
    return put(HEADER_TABLE_SIZE, value);
  }

  /**
   * Returns {@code SETTINGS_ENABLE_PUSH}.
   *
   * @return the value, or {@code null} if absent
   */
  public Boolean pushEnabled() {
    return contains(ENABLE_PUSH) ? values[ENABLE_PUSH] == 1 : null;
  }

  /**
   * Sets {@code SETTINGS_ENABLE_PUSH}.
   *
   * @param enabled whether the server may push
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Settings pushEnabled(boolean enabled) {
    return put(ENABLE_PUSH, enabled ? 1 : 0);
  }

  /**
   * Returns {@code SETTINGS_MAX_CONCURRENT_STREAMS}.
   *
   * @return the value, or {@code null} if absent (unlimited)
   */
  public Long maxConcurrentStreams() {
    return boxed(MAX_CONCURRENT_STREAMS);
  }

  /**
   * Sets {@code SETTINGS_MAX_CONCURRENT_STREAMS}.
   *
   * @param value streams the peer may open at once
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Settings maxConcurrentStreams(long value) {
    return put(MAX_CONCURRENT_STREAMS, value);
  }

  /**
   * Returns {@code SETTINGS_INITIAL_WINDOW_SIZE}.
   *
   * @return the value, or {@code null} if absent
   */
  public Integer initialWindowSize() {
    return contains(INITIAL_WINDOW_SIZE) ? (int) values[INITIAL_WINDOW_SIZE] : null;
  }

  /**
   * Sets {@code SETTINGS_INITIAL_WINDOW_SIZE}.
   *
   * @param value bytes, at most {@code 2^31 - 1}
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Settings initialWindowSize(int value) {
    return put(INITIAL_WINDOW_SIZE, value);
  }

  /**
   * Returns {@code SETTINGS_MAX_FRAME_SIZE}.
   *
   * @return the value, or {@code null} if absent
   */
  public Integer maxFrameSize() {
    return contains(MAX_FRAME_SIZE) ? (int) values[MAX_FRAME_SIZE] : null;
  }

  /**
   * Sets {@code SETTINGS_MAX_FRAME_SIZE}.
   *
   * @param value bytes, 16384 to 16777215
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Settings maxFrameSize(int value) {
    return put(MAX_FRAME_SIZE, value);
  }

  /**
   * Returns {@code SETTINGS_MAX_HEADER_LIST_SIZE}.
   *
   * @return the value, or {@code null} if absent (unlimited)
   */
  public Long maxHeaderListSize() {
    return boxed(MAX_HEADER_LIST_SIZE);
  }

  /**
   * Sets {@code SETTINGS_MAX_HEADER_LIST_SIZE}.
   *
   * @param value bytes
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Settings maxHeaderListSize(long value) {
    return put(MAX_HEADER_LIST_SIZE, value);
  }

  /**
   * Returns a copy.
   *
   * @return a new instance with the same parameters
   */
  public Http2Settings copy() {
    Http2Settings c = new Http2Settings();
    System.arraycopy(values, 0, c.values, 0, KNOWN);
    c.present = present;
    return c;
  }

  private Long boxed(int id) {
    return contains(id) ? values[id] : null;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Http2Settings s) || s.present != present) {
      return false;
    }
    for (int id = 1; id < KNOWN; id++) {
      if ((present & (1 << id)) != 0 && values[id] != s.values[id]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    long h = present;
    for (int id = 1; id < KNOWN; id++) {
      if ((present & (1 << id)) != 0) {
        h = h * 31 + values[id];
      }
    }
    return Long.hashCode(h);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("Http2Settings{");
    forEach(
        (id, v) -> {
          if (b.length() > 14) {
            b.append(", ");
          }
          b.append(id).append('=').append(v);
        });
    return b.append('}').toString();
  }
}
