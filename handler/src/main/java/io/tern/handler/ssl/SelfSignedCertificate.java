package io.tern.handler.ssl;

import io.tern.handler.internal.Der;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A freshly generated key pair and a self-signed X.509 v3 certificate for it, for tests and
 * examples: never for production, since no client trusts it unless told to.
 *
 * <p>{@link #create()} gives an EC P-256 key and a certificate for {@code CN=localhost} with the
 * subject alternative names {@code DNS:localhost}, {@code IP:127.0.0.1} and {@code IP:::1}, valid
 * from a day ago for a year, usable for server and client authentication. The certificate is
 * encoded here (DER, signed with {@link Signature}) with no library beyond the JDK.
 *
 * <h2>Threading</h2>
 *
 * Immutable and thread-safe once built.
 *
 * <h2>Ownership</h2>
 *
 * Nothing to release: the key lives on the heap.
 */
public final class SelfSignedCertificate {
  /** The key type of the generated pair. */
  public enum KeyAlgorithm {
    /** ECDSA on the NIST P-256 curve, signed with SHA-256 (fast handshakes, small keys). */
    EC_P256,
    /** RSA with a 2048-bit modulus, signed with SHA-256, for peers that want RSA. */
    RSA_2048
  }

  // Object identifiers (RFC 5280, RFC 5758, RFC 4055).
  private static final String OID_COMMON_NAME = "2.5.4.3";
  private static final String OID_SUBJECT_ALT_NAME = "2.5.29.17";
  private static final String OID_KEY_USAGE = "2.5.29.15";
  private static final String OID_EXT_KEY_USAGE = "2.5.29.37";
  private static final String OID_SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
  private static final String OID_CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
  private static final String OID_ECDSA_SHA256 = "1.2.840.10045.4.3.2";
  private static final String OID_RSA_SHA256 = "1.2.840.113549.1.1.11";
  private static final int KEY_USAGE_DIGITAL_SIGNATURE = 0;
  private static final int KEY_USAGE_KEY_ENCIPHERMENT = 2;

  private final X509Certificate certificate;
  private final PrivateKey privateKey;

  private SelfSignedCertificate(X509Certificate certificate, PrivateKey privateKey) {
    this.certificate = certificate;
    this.privateKey = privateKey;
  }

  /**
   * Generates an EC P-256 key and a certificate for {@code localhost}, {@code 127.0.0.1} and {@code
   * ::1}.
   *
   * @return the certificate and key
   */
  public static SelfSignedCertificate create() {
    return builder().build();
  }

  /**
   * Starts describing a certificate; unset fields keep the {@link #create()} defaults.
   *
   * @return a builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns the certificate.
   *
   * @return the self-signed certificate
   */
  public X509Certificate certificate() {
    return certificate;
  }

  /**
   * Returns the private key.
   *
   * @return the key the certificate was signed with
   */
  public PrivateKey privateKey() {
    return privateKey;
  }

  /**
   * Returns the certificate as PEM text.
   *
   * @return one {@code CERTIFICATE} block
   */
  public String certificatePem() {
    try {
      return Pem.encodeCertificates(List.of(certificate));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot encode a certificate generated here", e);
    }
  }

  /**
   * Returns the private key as unencrypted PKCS#8 PEM text.
   *
   * @return one {@code PRIVATE KEY} block
   */
  public String privateKeyPem() {
    try {
      return Pem.encodePrivateKey(privateKey);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot encode a key generated here", e);
    }
  }

  /**
   * Writes the certificate and the (unencrypted) key as PEM files, for peers such as {@code openssl
   * s_server} that read files.
   *
   * @param certificateFile where the certificate goes (replaced if present)
   * @param privateKeyFile where the key goes (replaced if present)
   * @throws IOException if a file cannot be written
   */
  public void writePem(Path certificateFile, Path privateKeyFile) throws IOException {
    Files.writeString(certificateFile, certificatePem(), StandardCharsets.US_ASCII);
    Files.writeString(privateKeyFile, privateKeyPem(), StandardCharsets.US_ASCII);
  }

  /** Describes a self-signed certificate; not thread-safe. */
  public static final class Builder {
    private String commonName = "localhost";
    private final List<String> dnsNames = new ArrayList<>(List.of("localhost"));
    private final List<InetAddress> ipAddresses =
        new ArrayList<>(
            List.of(
                InetAddress.getLoopbackAddress(),
                literal(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1})));
    private Instant notBefore;
    private Instant notAfter;
    private KeyAlgorithm keyAlgorithm = KeyAlgorithm.EC_P256;
    private SecureRandom random;

    private Builder() {}

    /**
     * Sets the subject and issuer common name.
     *
     * @param name the name; default {@code localhost}
     * @return this builder
     */
    public Builder commonName(String name) {
      this.commonName = Objects.requireNonNull(name, "name");
      return this;
    }

    /**
     * Replaces the DNS subject alternative names.
     *
     * @param names the host names; default {@code localhost}
     * @return this builder
     */
    public Builder dnsNames(String... names) {
      dnsNames.clear();
      dnsNames.addAll(List.of(names));
      return this;
    }

    /**
     * Replaces the IP subject alternative names.
     *
     * @param addresses the addresses; default {@code 127.0.0.1} and {@code ::1}
     * @return this builder
     */
    public Builder ipAddresses(InetAddress... addresses) {
      ipAddresses.clear();
      ipAddresses.addAll(List.of(addresses));
      return this;
    }

    /**
     * Sets the validity period.
     *
     * @param from the first instant the certificate is valid; default a day ago
     * @param until the last instant; default a year from now
     * @return this builder
     * @throws IllegalArgumentException if {@code until} is before {@code from}
     */
    public Builder validity(Instant from, Instant until) {
      if (until.isBefore(from)) {
        throw new IllegalArgumentException(
            "validity ends before it starts: " + from + " > " + until);
      }
      this.notBefore = from;
      this.notAfter = until;
      return this;
    }

    /**
     * Sets the key type.
     *
     * @param algorithm the key type; default {@link KeyAlgorithm#EC_P256}
     * @return this builder
     */
    public Builder keyAlgorithm(KeyAlgorithm algorithm) {
      this.keyAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
      return this;
    }

    /**
     * Sets the randomness for the key and serial number.
     *
     * @param random the source; default a new {@link SecureRandom}
     * @return this builder
     */
    public Builder random(SecureRandom random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /**
     * Generates the key pair and signs the certificate.
     *
     * @return the certificate and key
     * @throws IllegalStateException if the JDK lacks the key or signature algorithm
     */
    public SelfSignedCertificate build() {
      SecureRandom rnd = random != null ? random : new SecureRandom();
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      Instant from = notBefore != null ? notBefore : now.minus(Duration.ofDays(1));
      Instant until = notAfter != null ? notAfter : now.plus(Duration.ofDays(365));
      try {
        KeyPair pair = generateKeyPair(rnd);
        byte[] der = sign(pair, rnd, from, until);
        X509Certificate cert =
            (X509Certificate)
                CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        return new SelfSignedCertificate(cert, pair.getPrivate());
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("cannot generate a self-signed " + keyAlgorithm, e);
      }
    }

    private KeyPair generateKeyPair(SecureRandom rnd) throws GeneralSecurityException {
      return switch (keyAlgorithm) {
        case EC_P256 -> {
          KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
          g.initialize(new ECGenParameterSpec("secp256r1"), rnd);
          yield g.generateKeyPair();
        }
        case RSA_2048 -> {
          KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
          g.initialize(2048, rnd);
          yield g.generateKeyPair();
        }
      };
    }

    /*
     * Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }
     * TBSCertificate ::= SEQUENCE { [0] EXPLICIT version (2 = v3), serialNumber, signature,
     *     issuer, validity, subject, subjectPublicKeyInfo, [3] EXPLICIT extensions }
     */
    private byte[] sign(KeyPair pair, SecureRandom rnd, Instant from, Instant until)
        throws GeneralSecurityException {
      boolean ec = keyAlgorithm == KeyAlgorithm.EC_P256;
      byte[] algorithm =
          ec
              ? Der.sequence(Der.oid(OID_ECDSA_SHA256))
              : Der.sequence(Der.oid(OID_RSA_SHA256), Der.nullElement());
      byte[] name =
          Der.sequence(Der.set(Der.sequence(Der.oid(OID_COMMON_NAME), Der.utf8String(commonName))));
      byte[] tbs =
          Der.sequence(
              Der.explicit(0, Der.integer(2)),
              Der.integer(new BigInteger(63, rnd).add(BigInteger.ONE)),
              algorithm,
              name,
              Der.sequence(Der.time(from), Der.time(until)),
              name,
              pair.getPublic().getEncoded(), // already a SubjectPublicKeyInfo
              Der.explicit(3, extensions(ec)));
      Signature signer = Signature.getInstance(ec ? "SHA256withECDSA" : "SHA256withRSA");
      signer.initSign(pair.getPrivate(), rnd);
      signer.update(tbs);
      return Der.sequence(tbs, algorithm, Der.bitString(signer.sign()));
    }

    private byte[] extensions(boolean ec) {
      List<byte[]> names = new ArrayList<>();
      for (String dns : dnsNames) {
        names.add(Der.implicit(2, dns.getBytes(StandardCharsets.US_ASCII))); // dNSName IA5String
      }
      for (InetAddress ip : ipAddresses) {
        names.add(Der.implicit(7, ip.getAddress())); // iPAddress OCTET STRING
      }
      List<byte[]> extensions = new ArrayList<>();
      if (!names.isEmpty()) {
        extensions.add(extension(OID_SUBJECT_ALT_NAME, false, Der.sequence(toArray(names))));
      }
      byte[] keyUsage =
          ec
              ? Der.namedBits(KEY_USAGE_DIGITAL_SIGNATURE)
              : Der.namedBits(KEY_USAGE_DIGITAL_SIGNATURE, KEY_USAGE_KEY_ENCIPHERMENT);
      extensions.add(extension(OID_KEY_USAGE, true, keyUsage));
      extensions.add(
          extension(
              OID_EXT_KEY_USAGE,
              false,
              Der.sequence(Der.oid(OID_SERVER_AUTH), Der.oid(OID_CLIENT_AUTH))));
      return Der.sequence(toArray(extensions));
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
      return critical
          ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octetString(value))
          : Der.sequence(Der.oid(oid), Der.octetString(value));
    }

    private static byte[][] toArray(List<byte[]> parts) {
      return parts.toArray(new byte[0][]);
    }

    private static InetAddress literal(byte[] address) {
      try {
        return InetAddress.getByAddress(address);
      } catch (java.net.UnknownHostException e) {
        throw new AssertionError("a 16-byte address is always valid", e);
      }
    }
  }
}
