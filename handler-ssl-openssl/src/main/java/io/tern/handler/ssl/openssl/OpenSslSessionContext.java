package io.tern.handler.ssl.openssl;

import javax.net.ssl.SSLSessionContext;

/**
 * The session context of an OpenSSL-backed {@code SslContext} ({@code sslContext.sessionContext()}
 * returns one): the JDK's {@link SSLSessionContext} plus resumption counters and the keys that
 * protect session tickets.
 *
 * <p>A server keeps sessions in OpenSSL's cache (TLS 1.2 session ids) and issues stateless tickets
 * (TLS 1.2 and 1.3), both on by default. A client keeps one resumable session per host and port it
 * connected to (the most recent), offered the next time an engine is made for that host and port.
 *
 * <h2>Threading</h2>
 *
 * Any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public interface OpenSslSessionContext extends SSLSessionContext {
  /**
   * Returns the resumption counters so far.
   *
   * @return a snapshot
   */
  OpenSslSessionStats stats();

  /**
   * Sets the keys a server encrypts and authenticates its session tickets with, so that several
   * servers (or a restarted one) accept each other's tickets. By default every context has its own
   * random keys.
   *
   * @param keys 80 bytes: a 16-byte key name, a 32-byte HMAC secret and a 32-byte AES key
   * @throws IllegalArgumentException if {@code keys} is not 80 bytes long
   * @throws IllegalStateException on a client context
   */
  void setTicketKeys(byte[] keys);

  /**
   * Turns session tickets on or off for new connections (a server then resumes TLS 1.2 sessions by
   * id from its cache, and TLS 1.3 sessions from its cache too, each used once).
   *
   * @param enabled default {@code true}
   */
  void setSessionTicketsEnabled(boolean enabled);
}
