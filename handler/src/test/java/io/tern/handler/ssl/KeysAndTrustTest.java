package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Key material, chains, trust and client authentication, with every provider pair. The PEM files
 * under {@code pki/} are a small PKI made once with the {@code openssl} tool, valid for a century:
 * a root CA ({@code ca.pem}), an intermediate CA, server certificates for {@code localhost} and
 * {@code 127.0.0.1} with RSA 2048, EC P-256 and Ed25519 keys (each {@code *-chain.pem} holds the
 * leaf and the intermediate), and an Ed25519 client certificate.
 */
@ParameterizedClass(name = "client {0}, server {1}")
@MethodSource("io.tern.handler.ssl.TlsProviders#pairs")
class KeysAndTrustTest {
  private final SslProvider clientProvider;
  private final SslProvider serverProvider;

  KeysAndTrustTest(SslProvider clientProvider, SslProvider serverProvider) {
    this.clientProvider = clientProvider;
    this.serverProvider = serverProvider;
  }

  /**
   * Returns a test PKI file as a file on disk: copied out of the class path, since the suite also
   * runs from {@code handler}'s test jar (in {@code handler-ssl-openssl}), where resources are
   * entries of a jar and not files.
   */
  static synchronized Path pki(String name) {
    try {
      if (pkiDirectory == null) {
        pkiDirectory = Files.createTempDirectory("tern-pki");
        pkiDirectory.toFile().deleteOnExit();
      }
      Path file = pkiDirectory.resolve(name);
      if (!Files.exists(file)) {
        try (InputStream in = KeysAndTrustTest.class.getResourceAsStream("pki/" + name)) {
          if (in == null) {
            throw new IllegalStateException("no test resource pki/" + name);
          }
          Files.copy(in, file);
        }
        file.toFile().deleteOnExit();
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path pkiDirectory;

  private SslContextBuilder server(String kind) {
    return SslContextBuilder.forServer(
            pki("server-" + kind + "-chain.pem"), pki("server-" + kind + "-key.pem"))
        .sslProvider(serverProvider);
  }

  private SslContextBuilder client() {
    return SslContextBuilder.forClient().sslProvider(clientProvider).trustManager(pki("ca.pem"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"rsa", "ec", "ed25519"})
  void serverKeyAndChainFromPemReachTheClient(String kind) throws Exception {
    SSLEngine c = client().build().newEngine("localhost", 443);
    SSLEngine s = server(kind).build().newEngine();

    EngineLoop.handshake(c, s);

    Certificate[] chain = c.getSession().getPeerCertificates();
    assertThat(chain).hasSize(2);
    assertThat(((X509Certificate) chain[0]).getPublicKey().getAlgorithm())
        .isEqualTo(kind.equals("rsa") ? "RSA" : kind.equals("ec") ? "EC" : "EdDSA");
    assertThat(((X509Certificate) chain[1]).getSubjectX500Principal().getName())
        .isEqualTo("CN=Tern Test Intermediate CA");
    assertThat(s.getSession().getLocalCertificates()).hasSize(2);
  }

  @Test
  void serverKeyFromAKeyStore() throws Exception {
    char[] password = "secret".toCharArray();
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    PrivateKey key = Pem.readPrivateKey(pki("server-ed25519-key.pem"), null);
    List<X509Certificate> chain = Pem.readCertificates(pki("server-ed25519-chain.pem"));
    store.setKeyEntry("server", key, password, chain.toArray(Certificate[]::new));
    SSLEngine c = client().build().newEngine("localhost", 443);
    SSLEngine s =
        SslContextBuilder.forServer(store, password)
            .sslProvider(serverProvider)
            .build()
            .newEngine();

    EngineLoop.handshake(c, s);

    assertThat(c.getSession().getPeerCertificates()[0]).isEqualTo(chain.getFirst());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"
      })
  void aServerWithRsaAndEcKeysServesTheOneTheSuiteNeeds(String suite) throws Exception {
    char[] password = "secret".toCharArray();
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    for (String kind : List.of("rsa", "ec")) {
      store.setKeyEntry(
          kind,
          Pem.readPrivateKey(pki("server-" + kind + "-key.pem"), null),
          password,
          Pem.readCertificates(pki("server-" + kind + "-chain.pem")).toArray(Certificate[]::new));
    }
    SSLEngine c = client().protocols("TLSv1.2").ciphers(suite).build().newEngine("localhost", 443);
    SSLEngine s =
        SslContextBuilder.forServer(store, password)
            .sslProvider(serverProvider)
            .build()
            .newEngine();

    EngineLoop.handshake(c, s);

    assertThat(c.getSession().getCipherSuite()).isEqualTo(suite);
    assertThat(
            ((X509Certificate) c.getSession().getPeerCertificates()[0])
                .getPublicKey()
                .getAlgorithm())
        .isEqualTo(suite.contains("RSA") ? "RSA" : "EC");
  }

  @Test
  void theJdkTrustStoreIsTheDefaultAndDoesNotTrustAPrivateCa() {
    SSLEngine c =
        SslContextBuilder.forClient().sslProvider(clientProvider).build().newEngine("localhost", 1);
    SSLEngine s = server("ec").build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s)).isInstanceOf(SSLHandshakeException.class);
  }

  @Test
  void trustingTheIntermediateAloneIsEnough() throws Exception {
    SSLEngine c =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(pki("intermediate.pem"))
            .build()
            .newEngine("localhost", 1);

    EngineLoop.handshake(c, server("ec").build().newEngine());

    assertThat(c.getSession().getPeerCertificates()).hasSize(2);
  }

  @Test
  void hostNameMismatchFailsTheClientNamingTheHost() {
    SSLEngine c = client().build().newEngine("wrong.example", 1);
    SSLEngine s = server("rsa").build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s))
        .isInstanceOf(SSLHandshakeException.class)
        .hasMessageContaining("wrong.example");
  }

  @Test
  void requiredClientCertificateIsVerifiedAndSeenByTheServer() throws Exception {
    SSLEngine c =
        client()
            .keyManager(pki("client-chain.pem"), pki("client-key.pem"), null)
            .build()
            .newEngine("localhost", 1);
    SSLEngine s =
        server("ec").clientAuth(ClientAuth.REQUIRE).trustManager(pki("ca.pem")).build().newEngine();

    EngineLoop.handshake(c, s);

    Certificate[] chain = s.getSession().getPeerCertificates();
    assertThat(chain).hasSize(2);
    assertThat(((X509Certificate) chain[0]).getSubjectX500Principal().getName())
        .isEqualTo("CN=tern client");
  }

  @Test
  void requiredClientCertificateMissingFailsTheServer() {
    SSLEngine c = client().build().newEngine("localhost", 1);
    SSLEngine s =
        server("ec").clientAuth(ClientAuth.REQUIRE).trustManager(pki("ca.pem")).build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s)).isInstanceOf(SSLHandshakeException.class);
  }

  @Test
  void optionalClientAuthenticationAcceptsAClientWithoutCertificate() throws Exception {
    SSLEngine c = client().build().newEngine("localhost", 1);
    SSLEngine s =
        server("ec")
            .clientAuth(ClientAuth.OPTIONAL)
            .trustManager(pki("ca.pem"))
            .build()
            .newEngine();

    EngineLoop.handshake(c, s);

    assertThatThrownBy(() -> s.getSession().getPeerCertificates())
        .isInstanceOf(SSLPeerUnverifiedException.class);
  }

  /** A trust manager that accepts exactly one leaf certificate, whoever issued it. */
  private static TrustManager pinning(X509Certificate pinned) {
    return new X509TrustManager() {
      @Override
      public void checkClientTrusted(X509Certificate[] chain, String authType)
          throws java.security.cert.CertificateException {
        check(chain);
      }

      @Override
      public void checkServerTrusted(X509Certificate[] chain, String authType)
          throws java.security.cert.CertificateException {
        check(chain);
      }

      private void check(X509Certificate[] chain) throws java.security.cert.CertificateException {
        if (!chain[0].equals(pinned)) {
          throw new java.security.cert.CertificateException("not the pinned certificate");
        }
      }

      @Override
      public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
      }
    };
  }

  @Test
  void aCustomTrustManagerDecides() throws Exception {
    X509Certificate leaf = Pem.readCertificates(pki("server-ec-chain.pem")).getFirst();
    SSLEngine pinned =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(pinning(leaf))
            .build()
            .newEngine("localhost", 1);
    EngineLoop.handshake(pinned, server("ec").build().newEngine());
    assertThat(pinned.getSession().getPeerCertificates()[0]).isEqualTo(leaf);

    SSLEngine refused =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(pinning(leaf))
            .build()
            .newEngine("localhost", 1);
    assertThatThrownBy(() -> EngineLoop.handshake(refused, server("rsa").build().newEngine()))
        .isInstanceOf(SSLHandshakeException.class);
  }

  private SslContextBuilder clientTrustingTheCaThroughAFactory() throws Exception {
    KeyStore anchors = KeyStore.getInstance("PKCS12");
    anchors.load(null, null);
    anchors.setCertificateEntry("ca", Pem.readCertificates(pki("ca.pem")).getFirst());
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(anchors);
    return SslContextBuilder.forClient().sslProvider(clientProvider).trustManager(factory);
  }

  @Test
  void trustManagersFromAFactoryVerifyTheChainAndTheHost() throws Exception {
    SSLEngine c = clientTrustingTheCaThroughAFactory().build().newEngine("localhost", 1);
    EngineLoop.handshake(c, server("rsa").build().newEngine());
    assertThat(c.getSession().getPeerCertificates()).hasSize(2);

    SSLEngine wrongHost =
        clientTrustingTheCaThroughAFactory().build().newEngine("other.example", 1);
    assertThatThrownBy(() -> EngineLoop.handshake(wrongHost, server("rsa").build().newEngine()))
        .isInstanceOf(SSLHandshakeException.class);

    SSLEngine untrusted = clientTrustingTheCaThroughAFactory().build().newEngine("localhost", 1);
    SSLEngine selfSigned =
        SslContextBuilder.forServer(SelfSignedCertificate.create())
            .sslProvider(serverProvider)
            .build()
            .newEngine();
    assertThatThrownBy(() -> EngineLoop.handshake(untrusted, selfSigned))
        .isInstanceOf(SSLHandshakeException.class);
  }
}
