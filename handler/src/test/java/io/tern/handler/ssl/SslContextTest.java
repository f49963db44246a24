package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "client {0}, server {1}")
@MethodSource("io.tern.handler.ssl.TlsProviders#pairs")
class SslContextTest {
  private final SslProvider clientProvider;
  private final SslProvider serverProvider;

  SslContextTest(SslProvider clientProvider, SslProvider serverProvider) {
    this.clientProvider = clientProvider;
    this.serverProvider = serverProvider;
  }

  private static final SelfSignedCertificate SERVER_CERT = SelfSignedCertificate.create();
  private static final SelfSignedCertificate CLIENT_CERT =
      SelfSignedCertificate.builder().commonName("client").dnsNames().ipAddresses().build();

  private SslContextBuilder server() {
    return SslContextBuilder.forServer(SERVER_CERT).sslProvider(serverProvider);
  }

  private SslContextBuilder client() {
    return SslContextBuilder.forClient()
        .sslProvider(clientProvider)
        .trustManager(List.of(SERVER_CERT.certificate()));
  }

  @Test
  void clientTrustingTheServerCertificateCompletesHandshake() throws Exception {
    SSLEngine c = client().build().newEngine("localhost", 443);
    SSLEngine s = server().build().newEngine();

    EngineLoop.handshake(c, s);

    assertThat(c.getSession().getPeerCertificates()[0]).isEqualTo(SERVER_CERT.certificate());
    assertThat(c.getSession().getProtocol()).isEqualTo("TLSv1.3");
  }

  @Test
  void clientRejectsAnUntrustedServer() {
    SSLEngine c =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(List.of(CLIENT_CERT.certificate()))
            .build()
            .newEngine("localhost", 443);
    SSLEngine s = server().build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s)).isInstanceOf(SSLHandshakeException.class);
  }

  @Test
  void clientVerifiesTheHostName() {
    SSLEngine c = client().build().newEngine("other.example", 443);
    SSLEngine s = server().build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s))
        .isInstanceOf(SSLHandshakeException.class)
        .hasMessageContaining("other.example");
  }

  @Test
  void ipAddressesAreVerifiedAgainstIpAlternativeNames() throws Exception {
    SSLEngine c = client().build().newEngine("127.0.0.1", 443);
    SSLEngine s = server().build().newEngine();

    EngineLoop.handshake(c, s);

    assertThat(c.getSSLParameters().getServerNames()).isNull();
  }

  @Test
  void clientWithoutVerificationNeedsNoHost() throws Exception {
    SslContext ctx = client().endpointIdentification(false).build();

    EngineLoop.handshake(ctx.newEngine(), server().build().newEngine());

    assertThat(ctx.endpointIdentification()).isFalse();
  }

  @Test
  void verifyingClientRefusesAnEngineWithoutHost() {
    SslContext ctx = client().build();
    assertThatThrownBy(ctx::newEngine)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("newEngine(host, port)");
  }

  @Test
  void clientSendsItsHostAsSni() {
    SSLParameters params = client().build().newEngine("LocalHost.", 443).getSSLParameters();

    assertThat(params.getServerNames()).containsExactly(new SNIHostName("localhost"));
    assertThat(params.getEndpointIdentificationAlgorithm()).isEqualTo("HTTPS");
  }

  @Test
  void alpnPicksTheServersPreferredCommonProtocol() throws Exception {
    SSLEngine c = client().applicationProtocols("http/1.1", "h2").build().newEngine("localhost", 1);
    SSLEngine s = server().applicationProtocols("h2", "http/1.1").build().newEngine();

    EngineLoop.handshake(c, s);

    assertThat(c.getApplicationProtocol()).isEqualTo("h2");
    assertThat(s.getApplicationProtocol()).isEqualTo("h2");
  }

  @Test
  void alpnWithoutCommonProtocolFailsTheHandshake() {
    SSLEngine c = client().applicationProtocols("spdy/3").build().newEngine("localhost", 1);
    SSLEngine s = server().applicationProtocols("h2").build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s))
        .isInstanceOf(SSLHandshakeException.class)
        .hasMessageContaining("no_application_protocol");
  }

  @Test
  void requiredClientAuthRejectsAClientWithoutCertificate() {
    SSLEngine c = client().build().newEngine("localhost", 1);
    SSLEngine s =
        server()
            .clientAuth(ClientAuth.REQUIRE)
            .trustManager(List.of(CLIENT_CERT.certificate()))
            .build()
            .newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s)).isInstanceOf(SSLHandshakeException.class);
  }

  @Test
  void requiredClientAuthAcceptsATrustedClientCertificate() throws Exception {
    SSLEngine c =
        client()
            .keyManager(CLIENT_CERT.privateKey(), List.of(CLIENT_CERT.certificate()))
            .build()
            .newEngine("localhost", 1);
    SSLEngine s =
        server()
            .clientAuth(ClientAuth.REQUIRE)
            .trustManager(List.of(CLIENT_CERT.certificate()))
            .build()
            .newEngine();

    EngineLoop.handshake(c, s);

    assertThat(s.getSession().getPeerCertificates()[0]).isEqualTo(CLIENT_CERT.certificate());
  }

  @Test
  void optionalClientAuthLetsAClientWithoutCertificateIn() throws Exception {
    SSLEngine c = client().build().newEngine("localhost", 1);
    SslContext serverCtx =
        server()
            .clientAuth(ClientAuth.OPTIONAL)
            .trustManager(List.of(CLIENT_CERT.certificate()))
            .build();
    SSLEngine s = serverCtx.newEngine();

    EngineLoop.handshake(c, s);

    assertThat(s.getWantClientAuth()).isTrue();
    assertThat(serverCtx.clientAuth()).isEqualTo(ClientAuth.OPTIONAL);
  }

  @Test
  void protocolRestrictionApplies() throws Exception {
    SSLEngine c = client().protocols("TLSv1.2").build().newEngine("localhost", 1);
    SSLEngine s = server().build().newEngine();

    EngineLoop.handshake(c, s);

    assertThat(c.getSession().getProtocol()).isEqualTo("TLSv1.2");
  }

  @Test
  void noCommonProtocolFailsTheHandshake() {
    SSLEngine c = client().protocols("TLSv1.2").build().newEngine("localhost", 1);
    SSLEngine s = server().protocols("TLSv1.3").build().newEngine();

    assertThatThrownBy(() -> EngineLoop.handshake(c, s)).isInstanceOf(SSLHandshakeException.class);
  }

  @Test
  void cipherRestrictionApplies() throws Exception {
    String suite = "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
    SslContext ctx = client().protocols("TLSv1.2").ciphers(suite).build();
    SSLEngine c = ctx.newEngine("localhost", 1);

    EngineLoop.handshake(c, server().build().newEngine());

    assertThat(ctx.cipherSuites()).containsExactly(suite);
    assertThat(c.getSession().getCipherSuite()).isEqualTo(suite);
  }

  @Test
  void groupsRestrictTheKeyExchangeByOpenSslOrJdkNames() throws Exception {
    SSLEngine c = client().groups("X25519", "secp384r1").build().newEngine("localhost", 1);
    EngineLoop.handshake(c, server().groups("P-384").build().newEngine());

    SSLEngine disjoint = client().groups("x25519").build().newEngine("localhost", 1);
    SSLEngine s = server().groups("P-256").build().newEngine();
    assertThatThrownBy(() -> EngineLoop.handshake(disjoint, s))
        .isInstanceOf(javax.net.ssl.SSLException.class);
    assertThatThrownBy(() -> client().groups("no-such-group").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no-such-group");
  }

  @Test
  void unknownProtocolOrCipherIsRejectedAtBuild() {
    assertThatThrownBy(() -> client().protocols("TLSv9").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TLSv9");
    assertThatThrownBy(() -> client().ciphers("TLS_NOPE").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TLS_NOPE");
  }

  @Test
  void serverOnlyAndClientOnlyOptionsAreRefusedOnTheOtherSide() {
    assertThatThrownBy(() -> client().clientAuth(ClientAuth.REQUIRE))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> server().endpointIdentification(false))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> client().sni("a", server().build()))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> server().sni("a", client().build()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void sniMappingPrefersExactNamesOverWildcards() {
    SslContext exact = server().build();
    SslContext wildcard = server().build();
    SslContext fallback =
        server().sni("api.example.com", exact).sni("*.example.com", wildcard).build();

    assertThat(fallback.contextFor("API.Example.com.")).isSameAs(exact);
    assertThat(fallback.contextFor("www.example.com")).isSameAs(wildcard);
    assertThat(fallback.contextFor("a.b.example.com")).isSameAs(fallback);
    assertThat(fallback.contextFor("example.com")).isSameAs(fallback);
    assertThat(fallback.contextFor(null)).isSameAs(fallback);
  }

  @Test
  void sniPatternWithAnInnerWildcardIsRejected() {
    SslContextBuilder b = server().sni("a.*.example.com", server().build());
    assertThatThrownBy(b::build).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void sessionCacheOptionsReachTheSessionContext() {
    SslContext ctx = server().sessionCacheSize(42).sessionTimeout(Duration.ofMinutes(5)).build();

    assertThat(ctx.sessionContext().getSessionCacheSize()).isEqualTo(42);
    assertThat(ctx.sessionContext().getSessionTimeout()).isEqualTo(300);
  }

  @Test
  void timeoutsDefaultAndCanBeChanged() {
    assertThat(client().build().handshakeTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(client().build().closeNotifyTimeout()).isEqualTo(Duration.ofSeconds(3));
    SslContext ctx =
        client().handshakeTimeout(Duration.ZERO).closeNotifyTimeout(Duration.ofMillis(5)).build();
    assertThat(ctx.handshakeTimeout()).isZero();
    assertThat(ctx.closeNotifyTimeout()).isEqualTo(Duration.ofMillis(5));
    assertThatThrownBy(() -> client().handshakeTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void serverFromPemFilesWithEncryptedKey(@TempDir Path dir) throws Exception {
    Path cert = dir.resolve("cert.pem");
    Path key = dir.resolve("key.pem");
    java.nio.file.Files.writeString(cert, SERVER_CERT.certificatePem());
    java.nio.file.Files.writeString(
        key, Pem.encodeEncryptedPrivateKey(SERVER_CERT.privateKey(), "pw".toCharArray(), 1000));
    SSLEngine s =
        SslContextBuilder.forServer(cert, key, "pw".toCharArray())
            .sslProvider(serverProvider)
            .build()
            .newEngine();
    SSLEngine c =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(cert)
            .build()
            .newEngine("localhost", 1);

    EngineLoop.handshake(c, s);

    assertThat(c.getSession().getPeerCertificates()[0]).isEqualTo(SERVER_CERT.certificate());
  }

  @Test
  void pemFilesWithoutKeyAreRejectedNamingTheFile(@TempDir Path dir) throws Exception {
    Path cert = dir.resolve("cert.pem");
    java.nio.file.Files.writeString(cert, SERVER_CERT.certificatePem());

    assertThatThrownBy(() -> SslContextBuilder.forServer(cert, cert))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cert.pem")
        .hasMessageContaining("no PEM private key block");
  }

  @Test
  void serverFromKeyStore() throws Exception {
    char[] password = "store".toCharArray();
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry(
        "server",
        SERVER_CERT.privateKey(),
        password,
        new java.security.cert.Certificate[] {SERVER_CERT.certificate()});
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("ca", SERVER_CERT.certificate());
    SSLEngine s =
        SslContextBuilder.forServer(store, password)
            .sslProvider(serverProvider)
            .build()
            .newEngine();
    SSLEngine c =
        SslContextBuilder.forClient()
            .sslProvider(clientProvider)
            .trustManager(trust)
            .build()
            .newEngine("::1", 1);

    EngineLoop.handshake(c, s);

    assertThat(c.getSession().getPeerCertificates()[0]).isEqualTo(SERVER_CERT.certificate());
  }
}
