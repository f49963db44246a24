package io.tern.handler.ssl;

import io.tern.handler.ssl.spi.SslEngineFactory;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSessionContext;

/**
 * A client or server TLS configuration: the key and trust material, protocols, cipher suites, ALPN
 * protocols, client authentication, session cache and, on a server, other contexts chosen by SNI
 * host name. Build one with {@link SslContextBuilder}; it makes a configured {@link SSLEngine} per
 * connection with its {@link #provider()}: the JDK's engine or OpenSSL's.
 *
 * <h2>Threading</h2>
 *
 * Immutable and thread-safe: share one context between all connections of a kind.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects. The OpenSSL provider's native context lives as long as this
 * object or the last engine made from it; each engine frees its own native state when the handler
 * closes it.
 */
public final class SslContext {
  private final SslEngineFactory factory;
  private final SslProvider provider;
  private final boolean client;
  private final List<String> applicationProtocols;
  private final ClientAuth clientAuth;
  private final boolean endpointIdentification;
  private final Duration handshakeTimeout;
  private final Duration closeNotifyTimeout;
  private final SniMapping<SslContext> sni;

  SslContext(
      SslEngineFactory factory,
      SslProvider provider,
      boolean client,
      List<String> applicationProtocols,
      ClientAuth clientAuth,
      boolean endpointIdentification,
      Duration handshakeTimeout,
      Duration closeNotifyTimeout,
      SniMapping<SslContext> sni) {
    this.factory = factory;
    this.provider = provider;
    this.client = client;
    this.applicationProtocols = applicationProtocols;
    this.clientAuth = clientAuth;
    this.endpointIdentification = endpointIdentification;
    this.handshakeTimeout = handshakeTimeout;
    this.closeNotifyTimeout = closeNotifyTimeout;
    this.sni = sni;
  }

  /**
   * Returns the TLS implementation this context's engines come from.
   *
   * @return {@link SslProvider#JDK} or {@link SslProvider#OPENSSL}
   */
  public SslProvider provider() {
    return provider;
  }

  /**
   * Tells the side.
   *
   * @return {@code true} for a client context, {@code false} for a server one
   */
  public boolean isClient() {
    return client;
  }

  /**
   * Returns the JDK context underneath, for what this class does not cover.
   *
   * @return the {@link SSLContext}
   * @throws UnsupportedOperationException when the provider is not {@link SslProvider#JDK}
   */
  public SSLContext context() {
    SSLContext context = factory.jdkContext();
    if (context == null) {
      throw new UnsupportedOperationException(provider + " contexts have no JDK SSLContext");
    }
    return context;
  }

  /**
   * Returns the enabled protocol versions.
   *
   * @return e.g. {@code [TLSv1.3, TLSv1.2]}
   */
  public List<String> protocols() {
    return factory.protocols();
  }

  /**
   * Returns the enabled cipher suites, by their IANA names.
   *
   * @return the suites, in preference order
   */
  public List<String> cipherSuites() {
    return factory.cipherSuites();
  }

  /**
   * Returns the ALPN protocols this side offers (client) or accepts (server), in preference order.
   *
   * @return the protocols, empty when ALPN is off
   */
  public List<String> applicationProtocols() {
    return applicationProtocols;
  }

  /**
   * Returns whether a server asks for client certificates.
   *
   * @return the mode ({@link ClientAuth#NONE} on clients)
   */
  public ClientAuth clientAuth() {
    return clientAuth;
  }

  /**
   * Returns whether a client checks that the server's certificate names the host it connects to.
   *
   * @return {@code true} unless turned off (always {@code false} on servers)
   */
  public boolean endpointIdentification() {
    return endpointIdentification;
  }

  /**
   * Returns how long a handshake may take before the TLS handler fails it and closes the channel.
   *
   * @return the timeout; zero means none
   */
  public Duration handshakeTimeout() {
    return handshakeTimeout;
  }

  /**
   * Returns how long the TLS handler waits for the peer's {@code close_notify} after sending its
   * own before closing the connection anyway.
   *
   * @return the timeout; zero means do not wait
   */
  public Duration closeNotifyTimeout() {
    return closeNotifyTimeout;
  }

  /**
   * Returns the session context: cache size, timeout and cached sessions (for the OpenSSL provider
   * an {@code OpenSslSessionContext} with resumption counters and ticket keys).
   *
   * @return the client or server session context
   */
  public SSLSessionContext sessionContext() {
    return factory.sessionContext();
  }

  /**
   * Picks the context for the host name a client asked for by SNI: an exact {@link
   * SslContextBuilder#sni} entry, else a matching {@code *.domain} entry, else this context.
   *
   * @param hostName the requested name, or {@code null} when the client sent none
   * @return the context to serve the connection with
   */
  public SslContext contextFor(String hostName) {
    SslContext mapped = sni.get(hostName);
    return mapped != null ? mapped : this;
  }

  /**
   * Creates an engine with no peer information: a server engine, or a client engine when host name
   * verification is off.
   *
   * @return a new engine, in client or server mode, configured
   * @throws IllegalStateException for a client context that verifies host names: use {@link
   *     #newEngine(String, int)}
   */
  public SSLEngine newEngine() {
    if (client && endpointIdentification) {
      throw new IllegalStateException(
          "host name verification needs the server's host: use newEngine(host, port), or turn"
              + " endpointIdentification off");
    }
    return factory.newEngine(null, -1);
  }

  /**
   * Creates an engine for a connection to (client) or from (server) {@code peerHost}. A client
   * sends {@code peerHost} as its SNI name unless it is an IP literal, checks the server's
   * certificate against it (unless turned off), and may resume a session cached for the same host
   * and port.
   *
   * @param peerHost the peer's host name or address literal
   * @param peerPort the peer's port
   * @return a new engine, configured
   */
  public SSLEngine newEngine(String peerHost, int peerPort) {
    return factory.newEngine(peerHost, peerPort);
  }

  /**
   * Creates a handler with a new engine and this context's timeouts: a server handler, or a client
   * handler when host name verification is off.
   *
   * @return a new handler for one channel
   * @throws IllegalStateException for a client context that verifies host names: use {@link
   *     #newHandler(String, int)}
   */
  public SslHandler newHandler() {
    return new SslHandler(newEngine(), handshakeTimeout, closeNotifyTimeout);
  }

  /**
   * Creates a handler with a new engine for {@code peerHost} (see {@link #newEngine(String, int)})
   * and this context's timeouts.
   *
   * @param peerHost the peer's host name or address literal
   * @param peerPort the peer's port
   * @return a new handler for one channel
   */
  public SslHandler newHandler(String peerHost, int peerPort) {
    return new SslHandler(newEngine(peerHost, peerPort), handshakeTimeout, closeNotifyTimeout);
  }

  static boolean isIpLiteral(String host) {
    if (host.indexOf(':') >= 0) {
      return true; // only IPv6 literals contain colons
    }
    int dots = 0;
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      if (c == '.') {
        dots++;
      } else if (c < '0' || c > '9') {
        return false;
      }
    }
    return dots == 3 && isLoopbackOrAddress(host);
  }

  private static boolean isLoopbackOrAddress(String dotted) {
    try {
      // A dotted quad of digits never triggers a DNS lookup.
      return InetAddress.getByName(dotted).getAddress().length == 4;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }

  @Override
  public String toString() {
    return "SslContext("
        + (client ? "client" : "server")
        + ", "
        + provider
        + ", protocols="
        + factory.protocols()
        + ", alpn="
        + applicationProtocols
        + ")";
  }
}
