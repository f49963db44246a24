package io.tern.codec.redis;

import java.util.Objects;

/**
 * The start of an aggregate from a streaming decoder ({@link RedisDecoderConfig#aggregate()} off):
 * Netty's {@code ArrayHeaderRedisMessage}, for every aggregate kind of RESP3. The {@link #length()}
 * values that follow are the aggregate's elements ({@code 2 × length} for a map or an attribute:
 * keys and values in turn); an attribute before a value does not count toward its parent's length.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param type {@link RedisMessageType#ARRAY}, {@code MAP}, {@code SET}, {@code ATTRIBUTE} or {@code
 *     PUSH}
 * @param length the number of elements (entries for maps and attributes); -1 for RESP2's null array
 */
public record AggregateHeaderRedisMessage(RedisMessageType type, long length)
    implements RedisMessage {
  /** Checks the kind and the length. */
  public AggregateHeaderRedisMessage {
    Objects.requireNonNull(type, "type");
    if (!type.isAggregate()) {
      throw new IllegalArgumentException("type: " + type + " (expected an aggregate kind)");
    }
    if (length < -1 || (length == -1 && type != RedisMessageType.ARRAY)) {
      throw new IllegalArgumentException("length: " + length + " for " + type);
    }
  }

  /**
   * Tells whether this is RESP2's null array ({@code *-1\r\n}).
   *
   * @return {@code true} for the null array
   */
  public boolean isNull() {
    return length == -1;
  }
}
