/**
 * The memcache binary protocol: {@link io.tern.codec.memcache.BinaryMemcacheRequest} and {@link
 * io.tern.codec.memcache.BinaryMemcacheResponse}, their decoders and encoders, opcodes and status
 * codes.
 */
module io.tern.codec.memcache {
  requires transitive io.tern.codec;

  exports io.tern.codec.memcache;
}
