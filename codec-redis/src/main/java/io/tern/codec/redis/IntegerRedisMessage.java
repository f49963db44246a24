package io.tern.codec.redis;

/**
 * A signed 64-bit integer: {@code :1000\r\n}.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param value the integer
 */
public record IntegerRedisMessage(long value) implements RedisMessage {
  private static final IntegerRedisMessage[] SMALL = new IntegerRedisMessage[258];

  static {
    for (int i = 0; i < SMALL.length; i++) {
      SMALL[i] = new IntegerRedisMessage(i - 1);
    }
  }

  /**
   * Returns a message for {@code value}, shared for the common small values (-1 to 256), which
   * replies like {@code DEL}, {@code EXISTS} and {@code INCR} mostly carry.
   *
   * @param value the integer
   * @return the message
   */
  public static IntegerRedisMessage of(long value) {
    return value >= -1 && value < SMALL.length - 1
        ? SMALL[(int) value + 1]
        : new IntegerRedisMessage(value);
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.INTEGER;
  }
}
