package io.tern.codec.redis;

/**
 * A RESP3 boolean: {@code #t\r\n} or {@code #f\r\n}.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param value the truth value
 */
public record BooleanRedisMessage(boolean value) implements RedisMessage {
  /** {@code #t}. */
  public static final BooleanRedisMessage TRUE = new BooleanRedisMessage(true);

  /** {@code #f}. */
  public static final BooleanRedisMessage FALSE = new BooleanRedisMessage(false);

  /**
   * Returns the shared message for {@code value}.
   *
   * @param value the truth value
   * @return {@link #TRUE} or {@link #FALSE}
   */
  public static BooleanRedisMessage of(boolean value) {
    return value ? TRUE : FALSE;
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.BOOLEAN;
  }
}
