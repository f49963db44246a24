package io.tern.handler.ssl.spi;

import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSessionContext;

/**
 * Makes the configured engines of one TLS context.
 *
 * <h2>Threading</h2>
 *
 * Any thread: one factory serves every connection of its context.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects. Native resources (if any) live as long as the factory or the
 * last engine made by it, whichever is later; each engine frees its own when it is closed (inbound
 * and outbound).
 */
public interface SslEngineFactory {
  /**
   * Creates an engine in client or server mode, fully configured from the context's {@link
   * SslConfig}. A client engine for a {@code peerHost} sends it as SNI unless it is an IP literal,
   * verifies the server's certificate against it when endpoint identification is on, and may resume
   * a session cached for the same host and port.
   *
   * @param peerHost the peer's host name or address literal, or {@code null} when unknown
   * @param peerPort the peer's port, or {@code -1} when unknown
   * @return a new engine
   */
  SSLEngine newEngine(String peerHost, int peerPort);

  /**
   * Returns the enabled protocol versions.
   *
   * @return e.g. {@code [TLSv1.3, TLSv1.2]}
   */
  List<String> protocols();

  /**
   * Returns the enabled cipher suites, by their IANA names.
   *
   * @return the suites, in preference order
   */
  List<String> cipherSuites();

  /**
   * Returns the session context: cache size, timeout and cached sessions.
   *
   * @return the client or server session context
   */
  SSLSessionContext sessionContext();

  /**
   * Returns the JDK context underneath, when there is one.
   *
   * @return the context, or {@code null} for a provider that does not use JSSE
   */
  default SSLContext jdkContext() {
    return null;
  }
}
