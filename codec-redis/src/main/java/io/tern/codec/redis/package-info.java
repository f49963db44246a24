/**
 * The Redis serialization protocol (RESP2 and RESP3).
 *
 * <ul>
 *   <li>The message model: {@link io.tern.codec.redis.RedisMessage} and its kinds, from RESP2's
 *       simple strings, errors, integers, bulk strings and arrays to RESP3's nulls, booleans,
 *       doubles, big numbers, verbatim strings, maps, sets, pushes and attributes, and inline
 *       commands.
 *   <li>{@link io.tern.codec.redis.RedisDecoder}: bytes to messages, either streaming (headers and
 *       bulk-string pieces) or aggregating whole messages under a size limit, configured by {@link
 *       io.tern.codec.redis.RedisDecoderConfig}.
 *   <li>{@link io.tern.codec.redis.RedisEncoder}: any message to one buffer; {@link
 *       io.tern.codec.redis.RedisCommandEncoder}: a {@link io.tern.codec.redis.RedisCommand}
 *       straight into one buffer, without building messages.
 * </ul>
 *
 * <p>Threading: the handlers run on their channel's event loop and keep per-channel state unless
 * their javadoc says otherwise. Messages are plain values that may be handed between threads.
 */
package io.tern.codec.redis;
