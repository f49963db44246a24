/**
 * The HAProxy PROXY protocol, versions 1 (text) and 2 (binary, with TLVs): a decoder, an encoder,
 * and a handler that makes the channel report the client's address the proxy names.
 */
module io.tern.codec.haproxy {
  requires transitive io.tern.codec;

  exports io.tern.codec.haproxy;
}
