package io.tern.codec.redis;

/**
 * RESP3's null: {@code _\r\n}. RESP2 has no null of its own: it uses the null bulk string ({@link
 * FullBulkStringRedisMessage#NULL_INSTANCE}) and the null array ({@link
 * ArrayRedisMessage#NULL_INSTANCE}), which the decoder keeps as they are.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum NullRedisMessage implements RedisMessage {
  /** The only null. */
  INSTANCE;

  @Override
  public RedisMessageType type() {
    return RedisMessageType.NULL;
  }
}
