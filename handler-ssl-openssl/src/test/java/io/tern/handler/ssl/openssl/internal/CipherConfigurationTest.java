package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import io.tern.handler.ssl.openssl.OpenSsl;
import java.util.List;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;

/** Cipher suites by OpenSSL's names and by IANA names, and what the defaults are. */
class CipherConfigurationTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private static SslContextBuilder client() {
    return SslContextBuilder.forClient()
        .sslProvider(SslProvider.OPENSSL)
        .trustManager(List.of(CERT.certificate()));
  }

  private static SslContextBuilder server() {
    return SslContextBuilder.forServer(CERT).sslProvider(SslProvider.OPENSSL);
  }

  @Test
  void openSslNamesSelectTheSuiteReportedByItsIanaName() throws Exception {
    SslContext ctx = client().ciphers("ECDHE-ECDSA-CHACHA20-POLY1305").build();
    SSLEngine c = ctx.newEngine("localhost", 1);

    Engines.handshake(c, server().build().newEngine());

    assertThat(c.getSession().getProtocol()).isEqualTo("TLSv1.2");
    assertThat(c.getSession().getCipherSuite())
        .isEqualTo("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");
    assertThat(ctx.cipherSuites()).containsExactly("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");
    assertThat(ctx.protocols()).containsExactly("TLSv1.2");
  }

  @Test
  void onlyTls13SuitesLeaveOnlyTls13() throws Exception {
    SslContext ctx = client().ciphers("TLS_CHACHA20_POLY1305_SHA256").build();
    SSLEngine c = ctx.newEngine("localhost", 1);

    Engines.handshake(c, server().build().newEngine());

    assertThat(ctx.protocols()).containsExactly("TLSv1.3");
    assertThat(c.getSession().getCipherSuite()).isEqualTo("TLS_CHACHA20_POLY1305_SHA256");
  }

  @Test
  void ianaAndOpenSslNamesMix() {
    SslContext ctx =
        client()
            .ciphers(
                "TLS_AES_128_GCM_SHA256",
                "ECDHE-RSA-AES256-GCM-SHA384",
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256")
            .build();

    assertThat(ctx.cipherSuites())
        .containsExactlyInAnyOrder(
            "TLS_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
  }

  @Test
  void unknownNamesFailTheBuild() {
    assertThatThrownBy(() -> client().ciphers("NO-SUCH-CIPHER").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NO-SUCH-CIPHER");
  }

  @Test
  void theDefaultsAreForwardSecretAeadSuitesOnly() {
    List<String> suites = client().build().cipherSuites();

    assertThat(suites).contains("TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256");
    assertThat(suites)
        .allSatisfy(
            s ->
                assertThat(s)
                    .matches(
                        "TLS_(AES|CHACHA20).*|TLS_(ECDHE|DHE)_.*_(GCM_SHA\\d+|POLY1305_SHA256)"));
  }

  @Test
  void anEngineMayNarrowItsSuitesBeforeTheHandshake() throws Exception {
    SSLEngine c = client().build().newEngine("localhost", 1);
    c.setEnabledProtocols(new String[] {"TLSv1.2"});
    c.setEnabledCipherSuites(new String[] {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"});

    Engines.handshake(c, server().build().newEngine());

    assertThat(c.getSession().getCipherSuite())
        .isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
  }

  @Test
  void theLibraryIsOpenSsl3() {
    assertThat(OpenSsl.isAvailable()).isTrue();
    assertThat(OpenSsl.version()).isGreaterThanOrEqualTo(0x30000000L);
    assertThat(OpenSsl.versionString()).startsWith("OpenSSL 3.");
    assertThat(SslProvider.defaultProvider()).isEqualTo(SslProvider.OPENSSL);
  }
}
