package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.InvalidKeySpecException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures under {@code src/test/resources/io/tern/handler/ssl} were written by OpenSSL 3.0. */
class PemTest {

  private static Path fixture(String name) throws Exception {
    return Path.of(PemTest.class.getResource(name).toURI());
  }

  @Test
  void readsOpensslSec1EcKeySkippingTheParametersBlock() throws Exception {
    PrivateKey key = Pem.readPrivateKey(fixture("ec-sec1.pem"));

    assertThat(key).isInstanceOf(ECPrivateKey.class);
    assertMatchesCertificate(key, Pem.readCertificates(fixture("ec-cert.pem")).getFirst());
  }

  @Test
  void readsOpensslEncryptedPkcs8Key() throws Exception {
    PrivateKey encrypted =
        Pem.readPrivateKey(fixture("ec-encrypted-pkcs8.pem"), "secret".toCharArray());
    PrivateKey plain = Pem.readPrivateKey(fixture("ec-sec1.pem"));

    assertThat(((ECPrivateKey) encrypted).getS()).isEqualTo(((ECPrivateKey) plain).getS());
  }

  @Test
  void readsPkcs1AndPkcs8RsaKeysAlike() throws Exception {
    PrivateKey pkcs1 = Pem.readPrivateKey(fixture("rsa-pkcs1.pem"));
    PrivateKey pkcs8 = Pem.readPrivateKey(fixture("rsa-pkcs8.pem"));

    assertThat(pkcs1).isInstanceOf(RSAPrivateCrtKey.class);
    assertThat(pkcs1.getEncoded()).isEqualTo(pkcs8.getEncoded());
  }

  @Test
  void wrongPasswordIsAnInvalidKey() throws Exception {
    Path file = fixture("ec-encrypted-pkcs8.pem");
    assertThatThrownBy(() -> Pem.readPrivateKey(file, "wrong".toCharArray()))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("wrong password");
  }

  @Test
  void encryptedKeyWithoutPasswordSaysSo() throws Exception {
    Path file = fixture("ec-encrypted-pkcs8.pem");
    assertThatThrownBy(() -> Pem.readPrivateKey(file))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("password is needed");
  }

  @Test
  void refusesLegacyOpensslEncryptionWithAHint() throws Exception {
    Path file = fixture("rsa-legacy-encrypted.pem");
    assertThatThrownBy(() -> Pem.readPrivateKey(file, "secret".toCharArray()))
        .isInstanceOf(InvalidKeySpecException.class)
        .hasMessageContaining("openssl pkcs8 -topk8");
  }

  @Test
  void encryptedKeyRoundTrips() throws Exception {
    SelfSignedCertificate ssc = SelfSignedCertificate.create();
    String pem = Pem.encodeEncryptedPrivateKey(ssc.privateKey(), "pw".toCharArray(), 1000);

    assertThat(pem).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----\n");
    assertThat(Pem.readPrivateKey(pem, "pw".toCharArray()).getEncoded())
        .isEqualTo(ssc.privateKey().getEncoded());
    assertThatThrownBy(() -> Pem.readPrivateKey(pem, "px".toCharArray()))
        .isInstanceOf(InvalidKeyException.class);
  }

  @Test
  void readsACertificateChainInOrderIgnoringOtherBlocks() throws Exception {
    SelfSignedCertificate a = SelfSignedCertificate.create();
    SelfSignedCertificate b = SelfSignedCertificate.builder().commonName("b").build();
    String pem =
        a.privateKeyPem()
            + "junk between blocks\n"
            + a.certificatePem()
            + "\r\n"
            + b.certificatePem();

    List<X509Certificate> chain = Pem.readCertificates(pem);

    assertThat(chain).containsExactly(a.certificate(), b.certificate());
    assertThat(Pem.readPrivateKey(pem, null).getEncoded()).isEqualTo(a.privateKey().getEncoded());
  }

  @Test
  void encodesLinesOf64Characters() throws Exception {
    String pem = Pem.encodeCertificates(List.of(SelfSignedCertificate.create().certificate()));
    List<String> lines = pem.lines().toList();

    assertThat(lines.getFirst()).isEqualTo("-----BEGIN CERTIFICATE-----");
    assertThat(lines.getLast()).isEqualTo("-----END CERTIFICATE-----");
    assertThat(lines.subList(1, lines.size() - 2)).allSatisfy(l -> assertThat(l).hasSize(64));
  }

  @Test
  void textWithoutBlocksIsRejected() throws Exception {
    assertThatThrownBy(() -> Pem.readCertificates("nothing here"))
        .isInstanceOf(CertificateException.class)
        .hasMessageContaining("no PEM CERTIFICATE block");
    assertThatThrownBy(() -> Pem.readPrivateKey(fixture("ec-cert.pem")))
        .isInstanceOf(InvalidKeySpecException.class)
        .hasMessageContaining("no PEM private key block")
        .hasMessageContaining("ec-cert.pem");
  }

  @Test
  void unterminatedBlockIsNotABlock() {
    String pem = SelfSignedCertificate.create().certificatePem().replace("-----END", "-----NED");
    assertThatThrownBy(() -> Pem.readCertificates(pem)).isInstanceOf(CertificateException.class);
  }

  @Test
  void corruptKeyIsAnInvalidKeySpec() {
    String pem = "-----BEGIN PRIVATE KEY-----\nMAMCAQA=\n-----END PRIVATE KEY-----\n";
    assertThatThrownBy(() -> Pem.readPrivateKey(pem, null))
        .isInstanceOf(InvalidKeySpecException.class);
  }

  @Test
  void corruptCertificateIsACertificateException() {
    String pem = "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n";
    assertThatThrownBy(() -> Pem.readCertificates(pem)).isInstanceOf(CertificateException.class);
  }

  private static void assertMatchesCertificate(PrivateKey key, X509Certificate cert)
      throws Exception {
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(key);
    signer.update(new byte[] {1, 2, 3});
    byte[] signature = signer.sign();
    Signature verifier = Signature.getInstance("SHA256withECDSA");
    verifier.initVerify(cert.getPublicKey());
    verifier.update(new byte[] {1, 2, 3});
    assertThat(verifier.verify(signature)).isTrue();
  }
}
