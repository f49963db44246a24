package io.tern.handler.ssl;

import io.tern.handler.ssl.spi.SslConfig;
import io.tern.handler.ssl.spi.SslEngineFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Builds an {@link SslContext} for a client ({@link #forClient()}) or a server ({@code forServer}
 * with its key and certificate chain): from PEM files, a {@link KeyStore}, JDK key and trust
 * manager factories, or a {@link SelfSignedCertificate}.
 *
 * <p>Unset options keep the provider's defaults (protocols, cipher suites, groups) and trust the
 * JDK's {@code cacerts}, except: clients verify the server's host name, the handshake timeout is 10
 * s and the handler waits up to 3 s for the peer's {@code close_notify}. The engines come from
 * {@link SslProvider#defaultProvider()} unless {@link #sslProvider} picks one.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe; build once and share the context.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects; keys and certificates live on the heap.
 */
public final class SslContextBuilder {
  private static final char[] IN_MEMORY_PASSWORD = "tern".toCharArray();

  private final boolean client;
  private KeyManager[] keyManagers;
  private TrustManager[] trustManagers;
  // The anchors trustManagers accept when this builder made them; null for given managers.
  private List<X509Certificate> trustedCertificates;
  private List<String> protocols;
  private List<String> cipherSuites;
  private List<String> applicationProtocols = List.of();
  private ClientAuth clientAuth = ClientAuth.NONE;
  private boolean endpointIdentification = true;
  private Duration handshakeTimeout = Duration.ofSeconds(10);
  private Duration closeNotifyTimeout = Duration.ofSeconds(3);
  private int sessionCacheSize = -1;
  private Duration sessionTimeout;
  private List<String> groups;
  private Provider provider;
  private SecureRandom random;
  private SslProvider sslProvider;
  private Supplier<byte[]> ocspResponse;
  private final Map<String, SslContext> sni = new LinkedHashMap<>();

  private SslContextBuilder(boolean client) {
    this.client = client;
  }

  /**
   * Starts a client context; it trusts the JDK's default certificate authorities until {@link
   * #trustManager} says otherwise, and presents no certificate until {@link #keyManager} gives one.
   *
   * @return a builder
   */
  public static SslContextBuilder forClient() {
    return new SslContextBuilder(true);
  }

  /**
   * Starts a server context with a key and its certificate chain.
   *
   * @param key the private key
   * @param chain the certificate chain, leaf first
   * @return a builder
   */
  public static SslContextBuilder forServer(PrivateKey key, List<X509Certificate> chain) {
    return new SslContextBuilder(false).keyManager(key, chain);
  }

  /**
   * Starts a server context from PEM files.
   *
   * @param certificateChainPem the certificate chain, leaf first
   * @param privateKeyPem the (unencrypted) private key
   * @return a builder
   * @throws IllegalArgumentException if a file holds no valid certificate or key
   * @throws UncheckedIOException if a file cannot be read
   */
  public static SslContextBuilder forServer(Path certificateChainPem, Path privateKeyPem) {
    return new SslContextBuilder(false).keyManager(certificateChainPem, privateKeyPem, null);
  }

  /**
   * Starts a server context from PEM files with an encrypted key.
   *
   * @param certificateChainPem the certificate chain, leaf first
   * @param privateKeyPem the private key
   * @param keyPassword the key's password, or {@code null} if it is not encrypted
   * @return a builder
   * @throws IllegalArgumentException if a file holds no valid certificate or key, or the password
   *     is wrong
   * @throws UncheckedIOException if a file cannot be read
   */
  public static SslContextBuilder forServer(
      Path certificateChainPem, Path privateKeyPem, char[] keyPassword) {
    return new SslContextBuilder(false).keyManager(certificateChainPem, privateKeyPem, keyPassword);
  }

  /**
   * Starts a server context from a key store (PKCS#12 or JKS, e.g. from {@link
   * KeyStore#getInstance(java.io.File, char[])}).
   *
   * @param keyStore the store holding the key entry
   * @param password the key's password
   * @return a builder
   */
  public static SslContextBuilder forServer(KeyStore keyStore, char[] password) {
    return new SslContextBuilder(false).keyManager(keyStore, password);
  }

  /**
   * Starts a server context from a key manager factory that is already initialized.
   *
   * @param factory the factory
   * @return a builder
   */
  public static SslContextBuilder forServer(KeyManagerFactory factory) {
    return new SslContextBuilder(false).keyManager(factory);
  }

  /**
   * Starts a server context with a self-signed certificate.
   *
   * @param certificate the certificate and key
   * @return a builder
   */
  public static SslContextBuilder forServer(SelfSignedCertificate certificate) {
    return forServer(certificate.privateKey(), List.of(certificate.certificate()));
  }

  /**
   * Sets the key and certificate chain this side presents (a client's for client authentication).
   *
   * @param key the private key
   * @param chain the certificate chain, leaf first
   * @return this builder
   */
  public SslContextBuilder keyManager(PrivateKey key, List<X509Certificate> chain) {
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("the certificate chain is empty");
    }
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("key", key, IN_MEMORY_PASSWORD, chain.toArray(X509Certificate[]::new));
      return keyManager(store, IN_MEMORY_PASSWORD);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "key and certificate chain rejected: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sets the key and certificate chain this side presents, from PEM files.
   *
   * @param certificateChainPem the certificate chain, leaf first
   * @param privateKeyPem the private key
   * @param keyPassword the key's password, or {@code null} if it is not encrypted
   * @return this builder
   * @throws IllegalArgumentException if a file holds no valid certificate or key
   * @throws UncheckedIOException if a file cannot be read
   */
  public SslContextBuilder keyManager(
      Path certificateChainPem, Path privateKeyPem, char[] keyPassword) {
    try {
      return keyManager(
          Pem.readPrivateKey(privateKeyPem, keyPassword),
          Pem.readCertificates(certificateChainPem));
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sets the key this side presents from a key store.
   *
   * @param keyStore the store holding the key entry
   * @param password the key's password
   * @return this builder
   */
  public SslContextBuilder keyManager(KeyStore keyStore, char[] password) {
    try {
      KeyManagerFactory factory =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(keyStore, password);
      return keyManager(factory);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("key store rejected: " + e.getMessage(), e);
    }
  }

  /**
   * Sets the key managers from an initialized factory.
   *
   * @param factory the factory
   * @return this builder
   */
  public SslContextBuilder keyManager(KeyManagerFactory factory) {
    this.keyManagers = factory.getKeyManagers();
    return this;
  }

  /**
   * Trusts exactly these certificates (as trust anchors) to authenticate the peer.
   *
   * @param certificates the trusted certificates
   * @return this builder
   */
  public SslContextBuilder trustManager(List<X509Certificate> certificates) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      for (int i = 0; i < certificates.size(); i++) {
        store.setCertificateEntry("trusted-" + i, certificates.get(i));
      }
      return trustManager(store);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("certificates rejected: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Trusts exactly the certificates of a PEM file.
   *
   * @param trustedCertificatesPem the file
   * @return this builder
   * @throws IllegalArgumentException if it holds no valid certificate
   * @throws UncheckedIOException if it cannot be read
   */
  public SslContextBuilder trustManager(Path trustedCertificatesPem) {
    try {
      return trustManager(Pem.readCertificates(trustedCertificatesPem));
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Trusts the certificate entries of a key store.
   *
   * @param trustStore the store
   * @return this builder
   */
  public SslContextBuilder trustManager(KeyStore trustStore) {
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(trustStore);
      trustManager(factory);
      List<X509Certificate> anchors = new ArrayList<>();
      for (TrustManager manager : trustManagers) {
        if (manager instanceof X509TrustManager x509) {
          anchors.addAll(List.of(x509.getAcceptedIssuers()));
        }
      }
      this.trustedCertificates = List.copyOf(anchors);
      return this;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("trust store rejected: " + e.getMessage(), e);
    }
  }

  /**
   * Uses the trust managers of an initialized factory.
   *
   * @param factory the factory
   * @return this builder
   */
  public SslContextBuilder trustManager(TrustManagerFactory factory) {
    this.trustManagers = factory.getTrustManagers();
    this.trustedCertificates = null;
    return this;
  }

  /**
   * Uses one trust manager, e.g. a custom or pinning one.
   *
   * @param manager the manager
   * @return this builder
   */
  public SslContextBuilder trustManager(TrustManager manager) {
    this.trustManagers = new TrustManager[] {Objects.requireNonNull(manager, "manager")};
    this.trustedCertificates = null;
    return this;
  }

  /**
   * Restricts the protocol versions.
   *
   * @param versions e.g. {@code "TLSv1.3"}; default: the JDK's
   * @return this builder
   */
  public SslContextBuilder protocols(String... versions) {
    this.protocols = List.of(versions);
    return this;
  }

  /**
   * Restricts the cipher suites, in preference order.
   *
   * @param suites IANA suite names ({@code TLS_AES_128_GCM_SHA256}, {@code
   *     TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256}); the OpenSSL provider also takes OpenSSL's names
   *     ({@code ECDHE-RSA-AES128-GCM-SHA256}); default: the provider's
   * @return this builder
   */
  public SslContextBuilder ciphers(String... suites) {
    this.cipherSuites = List.of(suites);
    return this;
  }

  /**
   * Restricts the key exchange groups, in preference order.
   *
   * @param names OpenSSL's names ({@code X25519}, {@code P-256}, {@code P-384}, {@code X448},
   *     {@code ffdhe2048}) or the JDK's ({@code x25519}, {@code secp256r1}); default: the
   *     provider's
   * @return this builder
   */
  public SslContextBuilder groups(String... names) {
    this.groups = List.of(names);
    return this;
  }

  /**
   * Sets the ALPN protocols: offered by a client, accepted by a server, in preference order. A
   * server with protocols fails the handshake ({@code no_application_protocol}) when a client
   * offers none of them; a client that offered none is served without ALPN.
   *
   * @param names e.g. {@code "h2", "http/1.1"}; default none (ALPN off)
   * @return this builder
   */
  public SslContextBuilder applicationProtocols(String... names) {
    this.applicationProtocols = List.of(names);
    return this;
  }

  /**
   * Sets whether a server asks for client certificates.
   *
   * @param mode default {@link ClientAuth#NONE}
   * @return this builder
   * @throws IllegalStateException on a client builder
   */
  public SslContextBuilder clientAuth(ClientAuth mode) {
    requireServer("clientAuth");
    this.clientAuth = Objects.requireNonNull(mode, "mode");
    return this;
  }

  /**
   * Sets whether a client checks the server's certificate against the host it connects to (RFC 2818
   * rules, as HTTPS does). Turn off only for tests or pinned certificates.
   *
   * @param enabled default {@code true}
   * @return this builder
   * @throws IllegalStateException on a server builder
   */
  public SslContextBuilder endpointIdentification(boolean enabled) {
    if (!client) {
      throw new IllegalStateException("endpointIdentification applies to clients only");
    }
    this.endpointIdentification = enabled;
    return this;
  }

  /**
   * Sets how long a handshake may take before the handler fails it and closes the channel.
   *
   * @param timeout default 10 s; zero for none
   * @return this builder
   */
  public SslContextBuilder handshakeTimeout(Duration timeout) {
    this.handshakeTimeout = requireNotNegative(timeout, "handshakeTimeout");
    return this;
  }

  /**
   * Sets how long the handler waits for the peer's {@code close_notify} after sending its own
   * before closing the connection.
   *
   * @param timeout default 3 s; zero to close at once
   * @return this builder
   */
  public SslContextBuilder closeNotifyTimeout(Duration timeout) {
    this.closeNotifyTimeout = requireNotNegative(timeout, "closeNotifyTimeout");
    return this;
  }

  /**
   * Bounds the session cache.
   *
   * @param size the number of sessions kept; 0 for unbounded; default: the JDK's (20,480)
   * @return this builder
   */
  public SslContextBuilder sessionCacheSize(int size) {
    if (size < 0) {
      throw new IllegalArgumentException("sessionCacheSize: " + size + " (expected: >= 0)");
    }
    this.sessionCacheSize = size;
    return this;
  }

  /**
   * Sets how long cached sessions may be resumed.
   *
   * @param timeout whole seconds are used; zero for no limit; default: the JDK's (24 h)
   * @return this builder
   */
  public SslContextBuilder sessionTimeout(Duration timeout) {
    this.sessionTimeout = requireNotNegative(timeout, "sessionTimeout");
    return this;
  }

  /**
   * Serves another context to clients that ask for {@code hostPattern} by SNI: an exact host name
   * or {@code *.domain} (one label). The other context's key, trust and options all apply.
   *
   * @param hostPattern the host name or wildcard
   * @param context a server context
   * @return this builder
   * @throws IllegalStateException on a client builder
   * @throws IllegalArgumentException if {@code context} is a client context
   */
  public SslContextBuilder sni(String hostPattern, SslContext context) {
    requireServer("sni");
    if (context.isClient()) {
      throw new IllegalArgumentException("SNI contexts must be server contexts");
    }
    sni.put(Objects.requireNonNull(hostPattern, "hostPattern"), context);
    return this;
  }

  /**
   * Staples an OCSP response to the server's certificate for clients that ask for one ({@code
   * status_request}). The supplier is called per such handshake, on the event loop, and must not
   * block: keep the current response at hand and refresh it elsewhere. Needs {@link
   * SslProvider#OPENSSL}; clients read the response with {@code
   * ExtendedSSLSession.getStatusResponses()}.
   *
   * @param response returns the DER-encoded OCSP response, or {@code null} to staple none
   * @return this builder
   * @throws IllegalStateException on a client builder
   */
  public SslContextBuilder ocspStapling(Supplier<byte[]> response) {
    requireServer("ocspStapling");
    this.ocspResponse = Objects.requireNonNull(response, "response");
    return this;
  }

  /**
   * Chooses the TLS implementation.
   *
   * @param provider {@link SslProvider#JDK} or {@link SslProvider#OPENSSL}; default: {@link
   *     SslProvider#defaultProvider()} (OpenSSL where it loads), or the JDK when a JSSE {@link
   *     #provider(Provider)} is set
   * @return this builder
   */
  public SslContextBuilder sslProvider(SslProvider provider) {
    this.sslProvider = Objects.requireNonNull(provider, "provider");
    return this;
  }

  /**
   * Uses a specific JSSE provider (the JDK engine only).
   *
   * @param provider the provider; default: the JDK's first for {@code "TLS"}
   * @return this builder
   */
  public SslContextBuilder provider(Provider provider) {
    this.provider = Objects.requireNonNull(provider, "provider");
    return this;
  }

  /**
   * Uses a specific source of randomness.
   *
   * @param random the source; default: the provider's
   * @return this builder
   */
  public SslContextBuilder secureRandom(SecureRandom random) {
    this.random = Objects.requireNonNull(random, "random");
    return this;
  }

  /**
   * Creates the context.
   *
   * @return the context
   * @throws IllegalArgumentException if a protocol, cipher suite, group or SNI pattern is unknown
   *     to the provider, or the provider cannot use the key or trust material
   * @throws IllegalStateException if the chosen {@link #sslProvider} is unavailable, or a JSSE
   *     {@link #provider(Provider)} is combined with another TLS provider than the JDK's
   */
  public SslContext build() {
    SslProvider chosen = sslProvider;
    if (provider != null) {
      if (chosen != null && chosen != SslProvider.JDK) {
        throw new IllegalStateException("a JSSE provider needs SslProvider.JDK, not " + chosen);
      }
      chosen = SslProvider.JDK;
    } else if (chosen == null) {
      chosen = SslProvider.defaultProvider();
    }
    SSLParameters parameters = new SSLParameters();
    parameters.setProtocols(protocols == null ? null : protocols.toArray(String[]::new));
    parameters.setCipherSuites(cipherSuites == null ? null : cipherSuites.toArray(String[]::new));
    parameters.setApplicationProtocols(applicationProtocols.toArray(String[]::new));
    if (groups != null) {
      parameters.setNamedGroups(groups.toArray(String[]::new));
    }
    if (client) {
      parameters.setEndpointIdentificationAlgorithm(endpointIdentification ? "HTTPS" : null);
    } else if (clientAuth == ClientAuth.REQUIRE) {
      parameters.setNeedClientAuth(true);
    } else {
      parameters.setWantClientAuth(clientAuth == ClientAuth.OPTIONAL);
    }
    SslConfig config =
        new SslConfig(
            client,
            keyManagers == null ? List.of() : List.of(keyManagers),
            trustManagers == null ? List.of() : List.of(trustManagers),
            trustManagers == null ? null : trustedCertificates,
            parameters,
            sessionCacheSize,
            sessionTimeout,
            random,
            provider,
            ocspResponse);
    SslEngineFactory factory = SslProviders.newFactory(chosen, config);
    return new SslContext(
        factory,
        chosen,
        client,
        applicationProtocols,
        clientAuth,
        client && endpointIdentification,
        handshakeTimeout,
        closeNotifyTimeout,
        SniMapping.of(sni));
  }

  private void requireServer(String option) {
    if (client) {
      throw new IllegalStateException(option + " applies to servers only");
    }
  }

  private static Duration requireNotNegative(Duration d, String name) {
    if (d.isNegative()) {
      throw new IllegalArgumentException(name + ": " + d + " (expected: >= 0)");
    }
    return d;
  }
}
