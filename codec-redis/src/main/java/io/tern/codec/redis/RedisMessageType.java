package io.tern.codec.redis;

/**
 * The kinds of RESP values and the byte that starts each on the wire.
 *
 * <h2>Threading</h2>
 *
 * Constants: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum RedisMessageType {
  /** {@code +OK\r\n} (RESP2). */
  SIMPLE_STRING('+', false),
  /** {@code -ERR message\r\n} (RESP2). */
  ERROR('-', false),
  /** {@code :42\r\n} (RESP2). */
  INTEGER(':', false),
  /** {@code $5\r\nhello\r\n}, and the RESP2 null {@code $-1\r\n}. */
  BULK_STRING('$', false),
  /** {@code *2\r\n...}, and the RESP2 null {@code *-1\r\n}. */
  ARRAY('*', true),
  /** {@code _\r\n} (RESP3). */
  NULL('_', false),
  /** {@code #t\r\n} or {@code #f\r\n} (RESP3). */
  BOOLEAN('#', false),
  /** {@code ,3.14\r\n}, {@code ,inf\r\n}, {@code ,nan\r\n} (RESP3). */
  DOUBLE(',', false),
  /** {@code (3492890328409238509324850943850943825024385\r\n} (RESP3). */
  BIG_NUMBER('(', false),
  /** {@code !21\r\nSYNTAX invalid syntax\r\n} (RESP3): an error that may hold CR and LF. */
  BULK_ERROR('!', false),
  /** {@code =15\r\ntxt:Some string\r\n} (RESP3): a string with a three-letter format. */
  VERBATIM_STRING('=', false),
  /** {@code %2\r\n} followed by two keys and two values (RESP3). */
  MAP('%', true),
  /** {@code ~3\r\n} followed by three elements (RESP3). */
  SET('~', true),
  /** {@code |1\r\n} followed by a key and a value that describe the value after them (RESP3). */
  ATTRIBUTE('|', true),
  /** {@code >3\r\n} followed by three elements: data the server pushes unasked (RESP3). */
  PUSH('>', true),
  /** A command line without RESP framing, as typed into telnet: {@code PING\r\n}. */
  INLINE_COMMAND((char) 0, false),
  /** A piece of a streamed bulk string (no byte of its own on the wire). */
  BULK_STRING_CONTENT((char) 0, false);

  private final byte prefix;
  private final boolean aggregate;

  RedisMessageType(char prefix, boolean aggregate) {
    this.prefix = (byte) prefix;
    this.aggregate = aggregate;
  }

  /**
   * Returns the byte that starts a value of this kind on the wire.
   *
   * @return the byte, or 0 for the kinds without one
   */
  public byte prefix() {
    return prefix;
  }

  /**
   * Tells whether values of this kind contain other values (arrays, maps, sets, pushes,
   * attributes).
   *
   * @return {@code true} for the aggregate kinds
   */
  public boolean isAggregate() {
    return aggregate;
  }
}
