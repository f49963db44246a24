/**
 * SOCKS 4 and 4a: the command request and response, {@link
 * io.tern.codec.socks.v4.Socks4ServerDecoder} (requests, on a server), {@link
 * io.tern.codec.socks.v4.Socks4ClientDecoder} (responses, on a client) and {@link
 * io.tern.codec.socks.v4.Socks4Encoder} (both). Messages are immutable records that hold no
 * reference-counted objects.
 */
package io.tern.codec.socks.v4;
