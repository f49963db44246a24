package io.tern.codec.redis;

/**
 * A message of the Redis serialization protocol: a whole value ({@link SimpleStringRedisMessage},
 * {@link FullBulkStringRedisMessage}, {@link ArrayRedisMessage}, ...) or, from a {@linkplain
 * RedisDecoderConfig#aggregate() streaming} decoder, a piece of one ({@link
 * BulkStringHeaderRedisMessage}, {@link BulkStringRedisContent}, {@link
 * AggregateHeaderRedisMessage}).
 *
 * <p>The set of kinds is closed, so a {@code switch} over a message can be exhaustive:
 *
 * <pre>{@code
 * switch (message) {
 *   case SimpleStringRedisMessage s -> ...
 *   case ErrorRedisMessage e -> ...
 *   ...
 * }
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Messages are values: immutable once built (the bytes of a buffer they hold excepted), and may be
 * handed to another thread.
 *
 * <h2>Ownership</h2>
 *
 * Kinds that hold buffers ({@link FullBulkStringRedisMessage}, {@link VerbatimStringRedisMessage},
 * {@link BulkStringRedisContent}) or other messages ({@link ArrayRedisMessage}, {@link
 * MapRedisMessage}) are {@link io.tern.common.ReferenceCounted}: whoever holds the last reference
 * releases them, which releases what they hold. The other kinds hold no reference-counted objects.
 */
public sealed interface RedisMessage
    permits SimpleStringRedisMessage,
        ErrorRedisMessage,
        IntegerRedisMessage,
        DoubleRedisMessage,
        BooleanRedisMessage,
        BigNumberRedisMessage,
        NullRedisMessage,
        InlineCommandRedisMessage,
        FullBulkStringRedisMessage,
        VerbatimStringRedisMessage,
        ArrayRedisMessage,
        MapRedisMessage,
        BulkStringHeaderRedisMessage,
        BulkStringRedisContent,
        AggregateHeaderRedisMessage {

  /**
   * Returns the kind of this message, as the protocol names it.
   *
   * @return the kind
   */
  RedisMessageType type();
}
