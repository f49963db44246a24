/**
 * The server's entry point: {@link io.tern.codec.socks.server.SocksPortUnificationServerHandler}
 * reads a client's first byte and installs the SOCKS 4 or SOCKS 5 server codec. It sits in its own
 * package because it uses both versions' packages, which themselves use {@code
 * io.tern.codec.socks}.
 */
package io.tern.codec.socks.server;
