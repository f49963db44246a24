/**
 * What SOCKS 4/4a and 5 share: {@link io.tern.codec.socks.SocksVersion}, the typed {@link
 * io.tern.codec.socks.SocksProtocolException}, address checks, and {@link
 * io.tern.codec.socks.SocksPortUnificationServerHandler}, which reads the first byte of a
 * connection and installs the server codec of that version.
 */
package io.tern.codec.socks;
