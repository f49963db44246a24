package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * The typed accessors of {@link HttpHeaders} (numbers and HTTP dates), written once over the three
 * primitives the concrete class provides: the first value of a name, add and set.
 *
 * <p>Not thread-safe, like {@link HttpHeaders}.
 */
abstract class TypedHeaders extends HeaderStorage {
  TypedHeaders() {}

  /** The first value of {@code name} as stored, or {@code null}. */
  abstract CharSequence value(CharSequence name);

  /**
   * Adds a value; earlier values of the name stay.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public abstract HttpHeaders add(CharSequence name, CharSequence value);

  /**
   * Replaces every value of {@code name} with one value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public abstract HttpHeaders set(CharSequence name, CharSequence value);

  /**
   * Returns the first value of {@code name} as an {@code int}.
   *
   * @param name the name, any case
   * @return the value, or {@code null} if absent or not a decimal {@code int}
   */
  public Integer getInt(CharSequence name) {
    CharSequence v = value(name);
    if (v == null) {
      return null;
    }
    try {
      return Integer.parseInt(v, 0, v.length(), 10);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Returns the first value of {@code name} as an {@code int}, or a default.
   *
   * @param name the name, any case
   * @param defaultValue returned when absent or not a decimal {@code int}
   * @return the value
   */
  public int getInt(CharSequence name, int defaultValue) {
    Integer v = getInt(name);
    return v == null ? defaultValue : v;
  }

  /**
   * Returns the first value of {@code name} as a {@code long}.
   *
   * @param name the name, any case
   * @return the value, or {@code null} if absent or not a decimal {@code long}
   */
  public Long getLong(CharSequence name) {
    CharSequence v = value(name);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v, 0, v.length(), 10);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Returns the first value of {@code name} as a {@code long}, or a default.
   *
   * @param name the name, any case
   * @param defaultValue returned when absent or not a decimal {@code long}
   * @return the value
   */
  public long getLong(CharSequence name, long defaultValue) {
    Long v = getLong(name);
    return v == null ? defaultValue : v;
  }

  /**
   * Returns the first value of {@code name} parsed as an HTTP date ({@link DateFormatter}).
   *
   * @param name the name, any case
   * @return milliseconds since the epoch, or {@code null} if absent or not a date
   */
  public Long getTimeMillis(CharSequence name) {
    CharSequence v = value(name);
    if (v == null) {
      return null;
    }
    long millis = DateFormatter.parseMillis(v, Long.MIN_VALUE);
    return millis == Long.MIN_VALUE ? null : millis;
  }

  /**
   * Adds a decimal {@code int} value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders addInt(CharSequence name, int value) {
    return add(name, Integer.toString(value));
  }

  /**
   * Adds a decimal {@code long} value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders addLong(CharSequence name, long value) {
    return add(name, Long.toString(value));
  }

  /**
   * Replaces every value of {@code name} with a decimal {@code int}.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setInt(CharSequence name, int value) {
    return set(name, Integer.toString(value));
  }

  /**
   * Replaces every value of {@code name} with a decimal {@code long}.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setLong(CharSequence name, long value) {
    return set(name, Long.toString(value));
  }

  /**
   * Replaces every value of {@code name} with an HTTP date (RFC 1123 format, GMT).
   *
   * @param name the name
   * @param epochMillis milliseconds since the epoch
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setTimeMillis(CharSequence name, long epochMillis) {
    return set(name, DateFormatter.format(epochMillis));
  }
}
