package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.OpenSslLibrary;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import io.tern.handler.ssl.openssl.internal.lib.SslCtx;
import io.tern.handler.ssl.spi.SslConfig;
import io.tern.handler.ssl.spi.SslEngineFactory;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * One TLS context on OpenSSL: an {@code SSL_CTX} configured once from the builder's {@link
 * SslConfig} (protocols, suites, groups, keys, trust, ALPN, sessions, OCSP), and the factory of its
 * engines. Everything shared by a context's connections is set on the {@code SSL_CTX}, so a new
 * connection costs {@code SSL_new}, two memory BIOs and, on a client, its SNI name, host check and
 * cached session.
 *
 * <p>Native lifetime: the {@code SSL_CTX}, its upcall stubs and the client session cache are freed
 * by a {@link Cleaner} when this context is unreachable; every engine holds the context, and each
 * connection holds its own reference to the {@code SSL_CTX}, so a context outlives its engines.
 *
 * <p>Thread-safe: engines are made on any thread.
 */
final class OpenSslContext implements SslEngineFactory {
  private static final Cleaner CLEANER = Cleaner.create();

  private final long ctx;
  private final boolean client;
  private final List<String> protocols;
  private final List<String> cipherSuites;
  private final List<String> applicationProtocols;
  private final boolean needClientAuth;
  private final boolean wantClientAuth;
  private final boolean endpointIdentification;
  private final boolean customTrust;
  private final Map<Long, X509Certificate[]> localChains;
  private final ClientSessionCache clientSessions;
  private final OpenSslSessions sessionContext;
  private final AtomicLong liveConnections = new AtomicLong();
  private final LongAdder handshakes = new LongAdder();
  private final LongAdder resumed = new LongAdder();

  /** What the cleaner frees: refers to no context. */
  private record Native(long ctx, ClientSessionCache sessions, Arena arena) implements Runnable {
    @Override
    public void run() {
      sessions.clear();
      SslCtx.free(ctx);
      NativeResources.contextFreed();
    }
  }

  private OpenSslContext(long ctx, SslConfig config, Configured configured) {
    this.ctx = ctx;
    this.client = config.client();
    SSLParameters params = config.parameters();
    this.protocols = configured.protocols();
    this.cipherSuites = CipherSuites.standardNames(SslCtx.ciphers(ctx));
    this.applicationProtocols = List.of(params.getApplicationProtocols());
    this.needClientAuth = !client && params.getNeedClientAuth();
    this.wantClientAuth = !client && !needClientAuth && params.getWantClientAuth();
    this.endpointIdentification = client && config.endpointIdentification();
    this.customTrust = configured.customTrust();
    this.localChains = configured.localChains();
    this.clientSessions = configured.clientSessions();
    this.sessionContext = new OpenSslSessions(this, ctx, client, clientSessions);
  }

  /** What configuring the {@code SSL_CTX} produced. */
  private record Configured(
      List<String> protocols,
      boolean customTrust,
      Map<Long, X509Certificate[]> localChains,
      ClientSessionCache clientSessions) {}

  /**
   * Creates and configures the {@code SSL_CTX}.
   *
   * @throws IllegalArgumentException for a protocol, suite, group, key or certificate OpenSSL does
   *     not take
   */
  static OpenSslContext create(SslConfig config) {
    long ctx = SslCtx.create();
    if (ctx == 0) {
      throw SslErrors.outOfMemory("SSL_CTX_new");
    }
    NativeResources.contextCreated();
    Arena arena = Arena.ofAuto(); // upcall stubs and callback data: as long as the context
    int cacheSize = config.sessionCacheSize() < 0 ? 20_480 : config.sessionCacheSize();
    ClientSessionCache sessions = new ClientSessionCache(cacheSize);
    Native state = new Native(ctx, sessions, arena);
    try {
      Configured configured = configure(ctx, config, arena, sessions);
      OpenSslContext context = new OpenSslContext(ctx, config, configured);
      CLEANER.register(context, state);
      return context;
    } catch (RuntimeException | Error e) {
      state.run();
      throw e;
    }
  }

  private static Configured configure(
      long ctx, SslConfig config, Arena arena, ClientSessionCache sessions) {
    Crypto.errClear();
    boolean client = config.client();
    SSLParameters params = config.parameters();
    long options = Ssl.OP_NO_COMPRESSION | Ssl.OP_NO_RENEGOTIATION;
    if (!client) {
      options |= Ssl.OP_CIPHER_SERVER_PREFERENCE; // as the JDK's server honours its own order
    }
    SslCtx.setOptions(ctx, options);
    // Protocols.
    List<String> protocols =
        params.getProtocols() == null
            ? EngineSettings.SUPPORTED_PROTOCOLS
            : List.of(params.getProtocols());
    if (protocols.isEmpty()) {
      throw new IllegalArgumentException("no protocol enabled");
    }
    for (String p : protocols) {
      if (!EngineSettings.SUPPORTED_PROTOCOLS.contains(p)) {
        throw new IllegalArgumentException("unsupported protocol: " + p);
      }
    }
    // Cipher suites.
    if (params.getCipherSuites() == null) {
      if (SslCtx.setCipherList(ctx, CipherSuites.DEFAULT_TLS12) != 1) {
        throw SslErrors.configuration("OpenSSL refused the default cipher list");
      }
    } else {
      CipherSuites.Resolved suites = CipherSuites.resolve(List.of(params.getCipherSuites()));
      if (SslCtx.setCiphersuites(ctx, suites.tls13()) != 1) {
        throw SslErrors.configuration("OpenSSL refused the TLS 1.3 suites " + suites.tls13());
      }
      if (suites.tls12().isEmpty()) {
        // Nothing for TLS 1.2: it cannot be negotiated, so do not offer it.
        protocols = protocols.stream().filter("TLSv1.3"::equals).toList();
        if (protocols.isEmpty()) {
          throw new IllegalArgumentException("only TLS 1.3 suites given, but TLS 1.3 is off");
        }
      } else if (SslCtx.setCipherList(ctx, suites.tls12()) != 1) {
        throw SslErrors.configuration("OpenSSL refused the cipher list " + suites.tls12());
      }
      if (suites.tls13().isEmpty()) {
        protocols = protocols.stream().filter("TLSv1.2"::equals).toList();
        if (protocols.isEmpty()) {
          throw new IllegalArgumentException("only TLS 1.2 suites given, but TLS 1.2 is off");
        }
      }
    }
    int[] range = protocolRange(protocols);
    if (SslCtx.setProtoVersions(ctx, range[0], range[1]) != 1) {
      throw SslErrors.configuration("OpenSSL refused protocols " + protocols);
    }
    // Key exchange groups.
    if (params.getNamedGroups() != null) {
      String groups = Groups.openSslList(List.of(params.getNamedGroups()));
      if (SslCtx.setGroupsList(ctx, groups) != 1) {
        Crypto.errClear();
        throw new IllegalArgumentException("unsupported group in: " + groups);
      }
    }
    // Keys.
    Map<Long, X509Certificate[]> localChains =
        KeyMaterial.install(ctx, KeyMaterial.entries(config.keyManagers(), client));
    // Trust.
    boolean verifies = client || params.getNeedClientAuth() || params.getWantClientAuth();
    boolean customTrust = config.trustedCertificates() == null && !config.trustManagers().isEmpty();
    if (verifies) {
      if (customTrust) {
        TrustVerifier verifier = new TrustVerifier(config.trustManagers(), client);
        MemorySegment stub = OpenSslLibrary.upcall(verifier.target(), TrustVerifier.VERIFY, arena);
        SslCtx.setCertVerifyCallback(ctx, stub, 0);
      } else {
        TrustAnchors.install(
            ctx,
            config.trustedCertificates() != null
                ? config.trustedCertificates()
                : TrustAnchors.jdkDefault());
      }
      SslCtx.setVerify(
          ctx,
          client
              ? Ssl.VERIFY_PEER
              : serverVerifyMode(params.getNeedClientAuth(), params.getWantClientAuth()));
    }
    // ALPN.
    List<String> alpn = List.of(params.getApplicationProtocols());
    if (!alpn.isEmpty()) {
      if (client) {
        if (SslCtx.setAlpnProtos(ctx, Alpn.wireFormat(alpn)) != 0) {
          throw SslErrors.configuration("OpenSSL refused the ALPN protocols " + alpn);
        }
      } else {
        Alpn.wireFormat(alpn); // validates the names
        MemorySegment stub = OpenSslLibrary.upcall(new Alpn(alpn).target(), Alpn.SELECT, arena);
        SslCtx.setAlpnSelectCallback(ctx, stub, 0);
      }
    }
    // Sessions.
    if (client) {
      SslCtx.setSessionCacheMode(ctx, SslCtx.SESS_CACHE_OFF); // kept per host and port instead
      SslCtx.requestOcspStatus(ctx);
    } else {
      SslCtx.setSessionCacheMode(ctx, SslCtx.SESS_CACHE_SERVER);
      SslCtx.setSessionCacheSize(ctx, sessions.capacity());
      // Resumption needs a session id context whenever clients are verified. Derived from the
      // certificates served, it keeps another identity's sessions from resuming here while
      // servers with the same identity (and shared ticket keys) accept each other's.
      SslCtx.setSessionIdContext(ctx, sessionIdContext(localChains.values()));
      if (config.ocspResponse() != null) {
        OcspStapler stapler = new OcspStapler(config.ocspResponse());
        SslCtx.setStatusCallback(
            ctx, OpenSslLibrary.upcall(stapler.target(), OcspStapler.STATUS, arena));
      }
    }
    if (config.sessionTimeout() != null) {
      SslCtx.setTimeout(ctx, Math.max(1, config.sessionTimeout().toSeconds()));
    }
    Crypto.errClear();
    return new Configured(protocols, customTrust, localChains, sessions);
  }

  private static byte[] sessionIdContext(java.util.Collection<X509Certificate[]> chains) {
    try {
      java.security.MessageDigest sha256 = java.security.MessageDigest.getInstance("SHA-256");
      sha256.update("tern".getBytes(StandardCharsets.US_ASCII));
      for (X509Certificate[] chain : chains) {
        sha256.update(chain[0].getEncoded());
      }
      return sha256.digest(); // 32 bytes: SSL_MAX_SID_CTX_LENGTH
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The {@code SSL_VERIFY_*} mode of a server. */
  static int serverVerifyMode(boolean need, boolean want) {
    if (need) {
      return Ssl.VERIFY_PEER | Ssl.VERIFY_FAIL_IF_NO_PEER_CERT;
    }
    return want ? Ssl.VERIFY_PEER : Ssl.VERIFY_NONE;
  }

  /** The lowest and highest protocol version of {@code protocols}. */
  static int[] protocolRange(List<String> protocols) {
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (String p : protocols) {
      int v =
          switch (p) {
            case "TLSv1.3" -> Ssl.TLS1_3_VERSION;
            case "TLSv1.2" -> Ssl.TLS1_2_VERSION;
            default -> throw new IllegalArgumentException("unsupported protocol: " + p);
          };
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return new int[] {min, max};
  }

  /** Makes the connection check the server's certificate names {@code host}. */
  static void verifyHost(long ssl, String host) {
    int ok =
        isIpLiteral(host)
            ? Crypto.verifyParamSetIp(Ssl.param(ssl), stripBrackets(host))
            : Ssl.setHost(ssl, normalize(host));
    if (ok != 1) {
      throw SslErrors.configuration("cannot verify the host name " + host);
    }
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
    return dots == 3;
  }

  private static String stripBrackets(String host) {
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  private static String normalize(String host) {
    String name = host.toLowerCase(Locale.ROOT);
    return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
  }

  // ---------------------------------------------------------------------------------------------
  // Engines

  @Override
  public SSLEngine newEngine(String peerHost, int peerPort) {
    if (client && endpointIdentification && peerHost == null) {
      throw new IllegalStateException("host name verification needs the server's host");
    }
    Connection connection = Connection.create(ctx, client, liveConnections);
    try {
      String serverName = null;
      if (client && peerHost != null) {
        if (!isIpLiteral(peerHost)) {
          serverName = normalize(peerHost);
          if (Ssl.setServerName(connection.ssl(), serverName) != 1) {
            throw SslErrors.configuration("cannot send the SNI name " + serverName);
          }
        }
        if (endpointIdentification) {
          verifyHost(connection.ssl(), peerHost);
        }
        clientSessions.offer(connection.ssl(), peerHost, peerPort);
      }
      EngineSettings settings = new EngineSettings(this, client, peerHost, serverName);
      OpenSslEngine engine = new OpenSslEngine(this, connection, settings, peerHost, peerPort);
      if (customTrust) {
        TrustVerifier.register(connection.ssl(), engine);
      }
      return engine;
    } catch (RuntimeException e) {
      connection.free();
      throw e;
    }
  }

  /** Copies what a completed handshake negotiated out of the connection. */
  OpenSslSession.Snapshot snapshot(long ssl, boolean client) {
    long cipher = Ssl.currentCipher(ssl);
    long session = Ssl.session(ssl);
    List<byte[]> peerChain = new ArrayList<>(3);
    long stack = Ssl.peerCertificateChain(ssl);
    if (!client) {
      long leaf = Ssl.peerCertificate(ssl);
      if (leaf != 0) {
        try {
          peerChain.add(Crypto.x509ToDer(leaf));
        } finally {
          Crypto.x509Free(leaf);
        }
      }
    }
    for (int i = 0, n = Crypto.stackSize(stack); i < n; i++) {
      peerChain.add(Crypto.x509ToDer(Crypto.stackValue(stack, i)));
    }
    return new OpenSslSession.Snapshot(
        Ssl.version(ssl),
        cipher == 0 ? null : Ssl.cipherStandardName(cipher),
        session == 0 ? new byte[0] : Ssl.sessionId(session),
        session == 0 ? System.currentTimeMillis() : Ssl.sessionTime(session) * 1000,
        List.copyOf(peerChain),
        localChains.get(Ssl.certificate(ssl)),
        client ? Ssl.ocspResponse(ssl) : null,
        client ? null : Ssl.serverName(ssl),
        Ssl.sessionReused(ssl));
  }

  void handshakeCompleted(boolean wasResumed) {
    handshakes.increment();
    if (wasResumed) {
      resumed.increment();
    }
  }

  /** The engines of this context whose native connection is not freed yet. */
  long liveConnections() {
    return liveConnections.get();
  }

  long handshakes() {
    return handshakes.sum();
  }

  long resumedHandshakes() {
    return resumed.sum();
  }

  ClientSessionCache clientSessions() {
    return clientSessions;
  }

  // ---------------------------------------------------------------------------------------------
  // SslEngineFactory

  @Override
  public List<String> protocols() {
    return protocols;
  }

  @Override
  public List<String> cipherSuites() {
    return cipherSuites;
  }

  @Override
  public OpenSslSessions sessionContext() {
    return sessionContext;
  }

  List<String> supportedCipherSuites() {
    return CipherSuites.supported();
  }

  List<String> applicationProtocols() {
    return applicationProtocols;
  }

  boolean needClientAuth() {
    return needClientAuth;
  }

  boolean wantClientAuth() {
    return wantClientAuth;
  }

  boolean endpointIdentification() {
    return endpointIdentification;
  }

  @Override
  public String toString() {
    return "OpenSslContext(" + (client ? "client" : "server") + ", " + protocols + ")";
  }
}
