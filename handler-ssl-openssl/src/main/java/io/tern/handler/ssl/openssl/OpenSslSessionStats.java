package io.tern.handler.ssl.openssl;

/**
 * Resumption counters of one context since it was created: OpenSSL's session cache statistics
 * ({@code SSL_CTX_sess_*}) and this module's own count of handshakes that resumed a session.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param sessions sessions in the cache now (a client: the host and port entries kept)
 * @param handshakes handshakes completed by engines of this context
 * @param resumed of those, the ones that resumed a session (by ticket or by id)
 * @param connects client handshakes started ({@code SSL_CTX_sess_connect})
 * @param accepts server handshakes started ({@code SSL_CTX_sess_accept})
 * @param hits server: sessions found in the cache or in a ticket and resumed ({@code
 *     SSL_CTX_sess_hits})
 * @param misses server: session ids the client offered that were not in the cache
 * @param timeouts server: sessions offered that had expired
 * @param cacheFull server: sessions dropped because the cache was full
 */
public record OpenSslSessionStats(
    long sessions,
    long handshakes,
    long resumed,
    long connects,
    long accepts,
    long hits,
    long misses,
    long timeouts,
    long cacheFull) {}
