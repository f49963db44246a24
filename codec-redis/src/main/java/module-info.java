/**
 * The Redis serialization protocol, RESP2 and RESP3: the message model, {@link
 * io.tern.codec.redis.RedisDecoder} (streaming, or aggregating whole replies under a size limit),
 * {@link io.tern.codec.redis.RedisEncoder} for any message and {@link
 * io.tern.codec.redis.RedisCommandEncoder} writing commands straight into one buffer.
 */
module io.tern.codec.redis {
  requires transitive io.tern.codec;

  exports io.tern.codec.redis;
}
