/**
 * DNS messages (RFC 1035) over UDP and TCP: the common record types, EDNS0 (RFC 6891) with the
 * client-subnet option (RFC 7871), name compression on encode and loop-safe decompression on decode
 * under explicit limits.
 */
module io.tern.codec.dns {
  requires transitive io.tern.codec;

  exports io.tern.codec.dns;
}
