package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfSignedCertificateTest {

  @Test
  void defaultCertificateNamesLocalhostAndBothLoopbackAddresses() throws Exception {
    X509Certificate cert = SelfSignedCertificate.create().certificate();

    assertThat(cert.getVersion()).isEqualTo(3);
    assertThat(cert.getSubjectX500Principal().getName()).isEqualTo("CN=localhost");
    assertThat(cert.getIssuerX500Principal()).isEqualTo(cert.getSubjectX500Principal());
    // Type 2 is dNSName, 7 iPAddress (RFC 5280); the JDK renders IPv6 in full form.
    assertThat(cert.getSubjectAlternativeNames())
        .containsExactly(
            List.of(2, "localhost"), List.of(7, "127.0.0.1"), List.of(7, "0:0:0:0:0:0:0:1"));
  }

  @Test
  void certificateIsSignedByItsOwnKey() throws Exception {
    SelfSignedCertificate ssc = SelfSignedCertificate.create();
    X509Certificate cert = ssc.certificate();

    cert.verify(cert.getPublicKey());

    assertThat(cert.getSigAlgName()).isEqualTo("SHA256withECDSA");
    assertThat(ssc.privateKey().getAlgorithm()).isEqualTo("EC");
    assertThat(cert.getPublicKey().getAlgorithm()).isEqualTo("EC");
  }

  @Test
  void certificateIsForServerAndClientAuthentication() throws Exception {
    X509Certificate cert = SelfSignedCertificate.create().certificate();

    assertThat(cert.getExtendedKeyUsage())
        .containsExactly("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2");
    assertThat(cert.getKeyUsage()[0]).as("digitalSignature").isTrue();
    assertThat(cert.getCriticalExtensionOIDs()).containsExactly("2.5.29.15");
    assertThat(cert.getSerialNumber().signum()).isPositive();
  }

  @Test
  void defaultValidityCoversNowWithSlackForClockSkew() throws Exception {
    X509Certificate cert = SelfSignedCertificate.create().certificate();

    cert.checkValidity();
    cert.checkValidity(Date.from(Instant.now().minusSeconds(3600)));
    assertThat(cert.getNotAfter()).isAfter(Date.from(Instant.now().plusSeconds(300L * 86400)));
  }

  @Test
  void builderSetsNamesValidityAndRsaKey() throws Exception {
    Instant from = Instant.parse("2040-01-01T00:00:00Z");
    Instant until = Instant.parse("2060-06-30T12:00:00Z");
    SelfSignedCertificate ssc =
        SelfSignedCertificate.builder()
            .commonName("example.test")
            .dnsNames("example.test", "*.example.test")
            .ipAddresses(InetAddress.getByName("10.1.2.3"))
            .validity(from, until)
            .keyAlgorithm(SelfSignedCertificate.KeyAlgorithm.RSA_2048)
            .build();
    X509Certificate cert = ssc.certificate();

    cert.verify(cert.getPublicKey());
    assertThat(cert.getSigAlgName()).isEqualTo("SHA256withRSA");
    assertThat(cert.getSubjectX500Principal().getName()).isEqualTo("CN=example.test");
    assertThat(cert.getSubjectAlternativeNames())
        .containsExactly(
            List.of(2, "example.test"), List.of(2, "*.example.test"), List.of(7, "10.1.2.3"));
    // 2040 is UTCTime, 2060 GeneralizedTime: both must decode to the instants given.
    assertThat(cert.getNotBefore().toInstant()).isEqualTo(from);
    assertThat(cert.getNotAfter().toInstant()).isEqualTo(until);
    assertThat(cert.getKeyUsage()[2]).as("keyEncipherment").isTrue();
  }

  @Test
  void certificateWithoutAlternativeNamesHasNoSanExtension() throws Exception {
    X509Certificate cert =
        SelfSignedCertificate.builder().dnsNames().ipAddresses().build().certificate();

    assertThat(cert.getSubjectAlternativeNames()).isNull();
  }

  @Test
  void rejectsValidityEndingBeforeItStarts() {
    Instant now = Instant.now();
    assertThatThrownBy(() -> SelfSignedCertificate.builder().validity(now, now.minusSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void writesPemFilesThatReadBack(@TempDir Path dir) throws Exception {
    SelfSignedCertificate ssc = SelfSignedCertificate.create();
    Path certFile = dir.resolve("cert.pem");
    Path keyFile = dir.resolve("key.pem");

    ssc.writePem(certFile, keyFile);

    assertThat(Files.readString(certFile)).startsWith("-----BEGIN CERTIFICATE-----\n");
    assertThat(Pem.readCertificates(certFile)).containsExactly(ssc.certificate());
    assertThat(Pem.readPrivateKey(keyFile).getEncoded()).isEqualTo(ssc.privateKey().getEncoded());
  }
}
