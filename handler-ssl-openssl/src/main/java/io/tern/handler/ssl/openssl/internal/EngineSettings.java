package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * One engine's configuration as the {@code SSLEngine} API sees it (enabled protocols and suites,
 * client authentication, ALPN, SNI, endpoint identification), starting as its context's. The
 * context configured the {@code SSL_CTX} and the new connection already, so a connection that keeps
 * its context's settings costs no per-connection calls; what an application changes on the engine
 * is applied to the connection when the handshake starts.
 *
 * <p>Owned by one engine; not thread-safe.
 */
final class EngineSettings {
  static final List<String> SUPPORTED_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  private final String peerHost;
  private boolean client;
  private List<String> protocols;
  private List<String> cipherSuites;
  private boolean needClientAuth;
  private boolean wantClientAuth;
  private String endpointIdentificationAlgorithm;
  private List<String> applicationProtocols;
  private String serverName;
  private boolean sessionCreation = true;

  private boolean protocolsChanged;
  private boolean suitesChanged;
  private boolean clientAuthChanged;
  private boolean alpnChanged;
  private boolean serverNameChanged;
  private boolean identificationChanged;

  EngineSettings(OpenSslContext context, boolean client, String peerHost, String serverName) {
    this.client = client;
    this.peerHost = peerHost;
    this.protocols = context.protocols();
    this.cipherSuites = context.cipherSuites();
    this.needClientAuth = context.needClientAuth();
    this.wantClientAuth = context.wantClientAuth();
    this.endpointIdentificationAlgorithm = context.endpointIdentification() ? "HTTPS" : null;
    this.applicationProtocols = context.applicationProtocols();
    this.serverName = serverName;
  }

  boolean client() {
    return client;
  }

  void client(boolean client) {
    this.client = client;
  }

  /** The host a client checks the server's certificate against, or null when it does not. */
  String peerHostToVerify() {
    return client && endpointIdentificationAlgorithm != null ? peerHost : null;
  }

  List<String> protocols() {
    return protocols;
  }

  void protocols(List<String> protocols) {
    for (String p : protocols) {
      if (!SUPPORTED_PROTOCOLS.contains(p)) {
        throw new IllegalArgumentException("unsupported protocol: " + p);
      }
    }
    this.protocols = List.copyOf(protocols);
    protocolsChanged = true;
  }

  List<String> cipherSuites() {
    return cipherSuites;
  }

  void cipherSuites(List<String> suites) {
    CipherSuites.resolve(suites); // rejects unknown names now, as the JDK does
    this.cipherSuites = List.copyOf(suites);
    suitesChanged = true;
  }

  boolean needClientAuth() {
    return needClientAuth;
  }

  boolean wantClientAuth() {
    return wantClientAuth;
  }

  void clientAuth(boolean need, boolean want) {
    if (need != needClientAuth || want != wantClientAuth) {
      this.needClientAuth = need;
      this.wantClientAuth = want;
      clientAuthChanged = true;
    }
  }

  String endpointIdentificationAlgorithm() {
    return endpointIdentificationAlgorithm;
  }

  void endpointIdentificationAlgorithm(String algorithm) {
    String normalized = algorithm == null || algorithm.isEmpty() ? null : algorithm;
    if (!java.util.Objects.equals(normalized, endpointIdentificationAlgorithm)) {
      endpointIdentificationAlgorithm = normalized;
      identificationChanged = true;
    }
  }

  List<String> applicationProtocols() {
    return applicationProtocols;
  }

  void applicationProtocols(List<String> protocols) {
    if (!protocols.equals(applicationProtocols)) {
      applicationProtocols = List.copyOf(protocols);
      alpnChanged = true;
    }
  }

  String serverName() {
    return serverName;
  }

  void serverName(String name) {
    if (!java.util.Objects.equals(name, serverName)) {
      serverName = name;
      serverNameChanged = true;
    }
  }

  boolean sessionCreation() {
    return sessionCreation;
  }

  void sessionCreation(boolean flag) {
    this.sessionCreation = flag;
  }

  /** These settings in the JDK's vocabulary, as {@code SSLEngine.getSSLParameters} returns them. */
  SSLParameters parameters() {
    SSLParameters params = new SSLParameters();
    params.setCipherSuites(cipherSuites.toArray(String[]::new));
    params.setProtocols(protocols.toArray(String[]::new));
    if (needClientAuth) {
      params.setNeedClientAuth(true);
    } else {
      params.setWantClientAuth(wantClientAuth);
    }
    params.setEndpointIdentificationAlgorithm(endpointIdentificationAlgorithm);
    params.setApplicationProtocols(applicationProtocols.toArray(String[]::new));
    if (serverName != null) {
      params.setServerNames(List.of(new SNIHostName(serverName)));
    }
    params.setUseCipherSuitesOrder(!client);
    return params;
  }

  /**
   * Takes what {@code params} sets, as {@code SSLEngine.setSSLParameters} does: suites and
   * protocols only when given, the rest always.
   */
  void parameters(SSLParameters params) {
    if (params.getCipherSuites() != null) {
      cipherSuites(List.of(params.getCipherSuites()));
    }
    if (params.getProtocols() != null) {
      protocols(List.of(params.getProtocols()));
    }
    if (params.getNeedClientAuth()) {
      clientAuth(true, false);
    } else {
      clientAuth(false, params.getWantClientAuth());
    }
    endpointIdentificationAlgorithm(params.getEndpointIdentificationAlgorithm());
    applicationProtocols(List.of(params.getApplicationProtocols()));
    List<SNIServerName> names = params.getServerNames();
    if (names != null) {
      String host = null;
      for (SNIServerName name : names) {
        if (name instanceof SNIHostName h) {
          host = h.getAsciiName();
        }
      }
      serverName(host);
    }
  }

  /** Applies what the application changed on the engine to the connection. */
  void applyBeforeHandshake(long ssl) throws SSLException {
    if (protocolsChanged) {
      int[] range = OpenSslContext.protocolRange(protocols);
      if (Ssl.setProtoVersions(ssl, range[0], range[1]) != 1) {
        throw new SSLException("cannot enable protocols " + protocols);
      }
    }
    if (suitesChanged) {
      CipherSuites.Resolved resolved = CipherSuites.resolve(cipherSuites);
      if (Ssl.setCiphersuites(ssl, resolved.tls13()) != 1
          || (!resolved.tls12().isEmpty() && Ssl.setCipherList(ssl, resolved.tls12()) != 1)) {
        Crypto.errClear();
        throw new SSLException("cannot enable cipher suites " + cipherSuites);
      }
    }
    if (clientAuthChanged && !client) {
      Ssl.setVerify(ssl, OpenSslContext.serverVerifyMode(needClientAuth, wantClientAuth));
    }
    if (alpnChanged
        && client
        && Ssl.setAlpnProtos(ssl, Alpn.wireFormat(applicationProtocols)) != 0) {
      throw new SSLException("cannot offer ALPN protocols " + applicationProtocols);
    }
    if (serverNameChanged && client && serverName != null) {
      Ssl.setServerName(ssl, serverName);
    }
    if (identificationChanged && client) {
      if (endpointIdentificationAlgorithm != null) {
        if (peerHost == null) {
          throw new SSLException("endpoint identification needs the peer's host");
        }
        OpenSslContext.verifyHost(ssl, peerHost);
      }
    }
  }
}
