package io.tern.codec.redis;

/**
 * A RESP3 double: {@code ,1.23\r\n}, {@code ,inf\r\n}, {@code ,-inf\r\n}, {@code ,nan\r\n}.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param value the number
 */
public record DoubleRedisMessage(double value) implements RedisMessage {
  @Override
  public RedisMessageType type() {
    return RedisMessageType.DOUBLE;
  }
}
