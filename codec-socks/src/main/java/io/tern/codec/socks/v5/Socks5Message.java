package io.tern.codec.socks.v5;

/**
 * A SOCKS 5 message of one of the three exchanges.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public sealed interface Socks5Message
    permits Socks5InitialRequest,
        Socks5InitialResponse,
        Socks5PasswordAuthRequest,
        Socks5PasswordAuthResponse,
        Socks5CommandRequest,
        Socks5CommandResponse {}
