package io.tern.handler.ssl.openssl.internal;

/**
 * Where an {@link OpenSslEngine}'s handshake stands; see the engine's state diagram. Closing is
 * orthogonal to it and kept by {@link EngineClosing}.
 */
enum EngineState {
  /** Nothing sent or received yet. */
  NEW,
  /** {@code SSL_do_handshake} has not returned 1 yet (or a TLS 1.2 renegotiation runs). */
  HANDSHAKING,
  /** Application data flows. */
  READY,
  /** A handshake or record call failed; only the alert, if any, is still wrapped out. */
  FAILED
}
