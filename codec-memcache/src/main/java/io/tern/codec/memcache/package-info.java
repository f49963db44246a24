/**
 * The memcache binary protocol: whole requests and responses ({@link
 * io.tern.codec.memcache.BinaryMemcacheRequest}, {@link
 * io.tern.codec.memcache.BinaryMemcacheResponse}) with their extras, key and value; decoders that
 * check every length against the header and a body-size limit; encoders that write a message into
 * one buffer; {@link io.tern.codec.memcache.BinaryMemcacheOpcodes} (quiet commands included) and
 * {@link io.tern.codec.memcache.BinaryMemcacheResponseStatus}.
 *
 * <p>Threading: the handlers run on their channel's event loop; decoders keep per-channel state.
 * Messages are plain values that may be handed between threads.
 */
package io.tern.codec.memcache;
