/**
 * SOCKS 4, 4a and 5 (RFC 1928, with the username/password authentication of RFC 1929): the
 * messages, server-side and client-side codecs, and a handler that tells the versions apart.
 */
module io.tern.codec.socks {
  requires transitive io.tern.codec;

  exports io.tern.codec.socks;
  exports io.tern.codec.socks.v4;
  exports io.tern.codec.socks.v5;
  exports io.tern.codec.socks.server;
}
