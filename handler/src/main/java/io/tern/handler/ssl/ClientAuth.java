package io.tern.handler.ssl;

/**
 * Whether a TLS server asks its clients for a certificate.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum ClientAuth {
  /** The server does not ask for a client certificate. */
  NONE,
  /** The server asks; a client without a certificate may still connect. */
  OPTIONAL,
  /** The server asks and fails the handshake if the client sends no trusted certificate. */
  REQUIRE
}
