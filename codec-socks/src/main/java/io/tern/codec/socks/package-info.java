/**
 * What SOCKS 4/4a and 5 share: {@link io.tern.codec.socks.SocksVersion} and the typed {@link
 * io.tern.codec.socks.SocksProtocolException}. The versions live in {@code v4} and {@code v5}; the
 * handler that tells them apart on a server, in {@code server}.
 */
package io.tern.codec.socks;
