/** HTTP/2 (RFC 9113), starting with HPACK header compression (RFC 7541). */
@SuppressWarnings("module") // "http2" is the protocol's name, digits and all
module io.tern.codec.http2 {
  requires transitive io.tern.codec.http;

  exports io.tern.codec.http2.hpack;
}
