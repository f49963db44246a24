package io.tern.codec.socks.v4;

/**
 * A SOCKS 4 or 4a message: a {@link Socks4CommandRequest} or a {@link Socks4CommandResponse}.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public sealed interface Socks4Message permits Socks4CommandRequest, Socks4CommandResponse {}
