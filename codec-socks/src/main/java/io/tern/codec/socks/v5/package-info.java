/**
 * SOCKS 5 (RFC 1928) with username/password authentication (RFC 1929): the messages of the three
 * exchanges (method selection, authentication, command), {@link
 * io.tern.codec.socks.v5.Socks5ServerDecoder} (what a client sends), {@link
 * io.tern.codec.socks.v5.Socks5ClientDecoder} (what a server sends) and {@link
 * io.tern.codec.socks.v5.Socks5Encoder} (both). Messages are immutable records that hold no
 * reference-counted objects.
 */
package io.tern.codec.socks.v5;
