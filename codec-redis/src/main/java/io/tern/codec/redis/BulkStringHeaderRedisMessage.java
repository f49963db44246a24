package io.tern.codec.redis;

/**
 * The start of a bulk string from a streaming decoder ({@link RedisDecoderConfig#aggregate()} off):
 * {@code $n\r\n}, followed by {@link BulkStringRedisContent} pieces of {@code n} bytes in all, the
 * last one {@linkplain BulkStringRedisContent#isLast() marked}. Null and empty bulk strings come
 * whole, as {@link FullBulkStringRedisMessage}.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param bulkStringLength the number of content bytes that follow, positive
 */
public record BulkStringHeaderRedisMessage(int bulkStringLength) implements RedisMessage {
  /** Checks the length. */
  public BulkStringHeaderRedisMessage {
    if (bulkStringLength <= 0) {
      throw new IllegalArgumentException(
          "bulkStringLength: " + bulkStringLength + " (expected: > 0)");
    }
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.BULK_STRING;
  }
}
