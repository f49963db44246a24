package io.tern.handler.ssl;

import io.tern.handler.internal.Pkcs8;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes PEM files (RFC 7468) with the JDK alone: X.509 certificates, PKCS#8 private keys
 * (plain and password-encrypted), and the traditional OpenSSL key forms ({@code RSA PRIVATE KEY},
 * {@code EC PRIVATE KEY}) when they are not encrypted.
 *
 * <p>Blocks with other labels ({@code EC PARAMETERS}, a key in a certificate file, ...) are
 * skipped, so one file may hold a key and its chain. Keys encrypted with OpenSSL's legacy {@code
 * Proc-Type: 4,ENCRYPTED} headers are refused: convert them with {@code openssl pkcs8 -topk8}.
 *
 * <h2>Threading</h2>
 *
 * Stateless; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class Pem {
  private static final Pattern BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \\1-----", Pattern.DOTALL);
  private static final String CERTIFICATE = "CERTIFICATE";
  private static final String PRIVATE_KEY = "PRIVATE KEY";
  private static final String ENCRYPTED_PRIVATE_KEY = "ENCRYPTED PRIVATE KEY";
  private static final String RSA_PRIVATE_KEY = "RSA PRIVATE KEY";
  private static final String EC_PRIVATE_KEY = "EC PRIVATE KEY";
  private static final SecureRandom RANDOM = new SecureRandom();

  private Pem() {}

  /**
   * Reads every certificate of a PEM file, in file order (leaf first for a chain).
   *
   * @param file the file
   * @return the certificates, at least one
   * @throws IOException if the file cannot be read
   * @throws CertificateException if it holds no certificate or a malformed one
   */
  public static List<X509Certificate> readCertificates(Path file)
      throws IOException, CertificateException {
    try {
      return readCertificates(Files.readString(file, StandardCharsets.US_ASCII));
    } catch (CertificateException e) {
      throw new CertificateException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads every certificate of PEM text, in order.
   *
   * @param pem the text
   * @return the certificates, at least one
   * @throws CertificateException if it holds no certificate or a malformed one
   */
  public static List<X509Certificate> readCertificates(String pem) throws CertificateException {
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    List<X509Certificate> certificates = new ArrayList<>();
    for (Block block : blocks(pem)) {
      if (block.label().equals(CERTIFICATE)) {
        byte[] der = block.decode(CertificateException::new);
        certificates.add(
            (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
      }
    }
    if (certificates.isEmpty()) {
      throw new CertificateException("no PEM CERTIFICATE block found");
    }
    return certificates;
  }

  /**
   * Reads the first private key of an unencrypted PEM file.
   *
   * @param file the file
   * @return the key
   * @throws IOException if the file cannot be read
   * @throws GeneralSecurityException if it holds no key, a malformed one, or an encrypted one
   */
  public static PrivateKey readPrivateKey(Path file) throws IOException, GeneralSecurityException {
    return readPrivateKey(file, null);
  }

  /**
   * Reads the first private key of a PEM file.
   *
   * @param file the file
   * @param password the password of an {@code ENCRYPTED PRIVATE KEY}, or {@code null}
   * @return the key
   * @throws IOException if the file cannot be read
   * @throws GeneralSecurityException if it holds no key or a malformed one, the password is wrong,
   *     or the key is encrypted and no password was given
   */
  public static PrivateKey readPrivateKey(Path file, char[] password)
      throws IOException, GeneralSecurityException {
    try {
      return readPrivateKey(Files.readString(file, StandardCharsets.US_ASCII), password);
    } catch (InvalidKeyException e) {
      throw new InvalidKeyException(file + ": " + e.getMessage(), e);
    } catch (InvalidKeySpecException e) {
      throw new InvalidKeySpecException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads the first private key of PEM text.
   *
   * @param pem the text
   * @param password the password of an {@code ENCRYPTED PRIVATE KEY}, or {@code null}
   * @return the key
   * @throws GeneralSecurityException if it holds no key or a malformed one ({@link
   *     InvalidKeySpecException}), the password is wrong or missing ({@link InvalidKeyException})
   */
  public static PrivateKey readPrivateKey(String pem, char[] password)
      throws GeneralSecurityException {
    for (Block block : blocks(pem)) {
      switch (block.label()) {
        case PRIVATE_KEY -> {
          return Pkcs8.decode(block.decode(InvalidKeySpecException::new));
        }
        case ENCRYPTED_PRIVATE_KEY -> {
          if (password == null) {
            throw new InvalidKeyException("the private key is encrypted: a password is needed");
          }
          return Pkcs8.decrypt(block.decode(InvalidKeySpecException::new), password);
        }
        case RSA_PRIVATE_KEY -> {
          return Pkcs8.decode(Pkcs8.fromPkcs1(block.decode(InvalidKeySpecException::new)));
        }
        case EC_PRIVATE_KEY -> {
          return Pkcs8.decode(Pkcs8.fromSec1(block.decode(InvalidKeySpecException::new)));
        }
        default -> {}
      }
    }
    throw new InvalidKeySpecException("no PEM private key block found");
  }

  /**
   * Encodes certificates as consecutive {@code CERTIFICATE} blocks.
   *
   * @param certificates the certificates, leaf first for a chain
   * @return the PEM text
   * @throws CertificateEncodingException if a certificate cannot be encoded
   */
  public static String encodeCertificates(List<X509Certificate> certificates)
      throws CertificateEncodingException {
    StringBuilder sb = new StringBuilder();
    for (X509Certificate c : certificates) {
      armor(sb, CERTIFICATE, c.getEncoded());
    }
    return sb.toString();
  }

  /**
   * Encodes a private key as an unencrypted PKCS#8 {@code PRIVATE KEY} block.
   *
   * @param key the key; its encoding must be PKCS#8 (every JDK key pair's is)
   * @return the PEM text
   * @throws InvalidKeyException if the key has no PKCS#8 encoding
   */
  public static String encodePrivateKey(PrivateKey key) throws InvalidKeyException {
    byte[] der = key.getEncoded();
    if (der == null || !"PKCS#8".equals(key.getFormat())) {
      throw new InvalidKeyException("key has no PKCS#8 encoding: " + key.getAlgorithm());
    }
    return armor(new StringBuilder(), PRIVATE_KEY, der).toString();
  }

  /**
   * Encodes a private key as an {@code ENCRYPTED PRIVATE KEY} block: PBES2 with PBKDF2-HMAC-SHA256
   * ({@value Pkcs8#PBKDF2_ITERATIONS} iterations) and AES-256-CBC, as {@code openssl pkcs8 -topk8
   * -v2 aes-256-cbc} writes it; OpenSSL and {@link #readPrivateKey(String, char[])} read it.
   *
   * @param key the key
   * @param password the password
   * @return the PEM text
   * @throws GeneralSecurityException if the key has no PKCS#8 encoding
   */
  public static String encodeEncryptedPrivateKey(PrivateKey key, char[] password)
      throws GeneralSecurityException {
    return encodeEncryptedPrivateKey(key, password, Pkcs8.PBKDF2_ITERATIONS);
  }

  /**
   * Encodes a private key as an {@code ENCRYPTED PRIVATE KEY} block with a chosen PBKDF2 iteration
   * count (fewer are faster to read, and weaker against password guessing).
   *
   * @param key the key
   * @param password the password
   * @param iterations PBKDF2 iterations, at least 1
   * @return the PEM text
   * @throws GeneralSecurityException if the key has no PKCS#8 encoding
   */
  public static String encodeEncryptedPrivateKey(PrivateKey key, char[] password, int iterations)
      throws GeneralSecurityException {
    byte[] der = Pkcs8.encrypt(key, password, iterations, RANDOM);
    return armor(new StringBuilder(), ENCRYPTED_PRIVATE_KEY, der).toString();
  }

  private static StringBuilder armor(StringBuilder sb, String label, byte[] der) {
    sb.append("-----BEGIN ").append(label).append("-----\n");
    String base64 = Base64.getEncoder().encodeToString(der);
    for (int i = 0; i < base64.length(); i += 64) {
      sb.append(base64, i, Math.min(base64.length(), i + 64)).append('\n');
    }
    return sb.append("-----END ").append(label).append("-----\n");
  }

  private static List<Block> blocks(String pem) {
    List<Block> blocks = new ArrayList<>();
    Matcher m = BLOCK.matcher(pem);
    while (m.find()) {
      blocks.add(new Block(m.group(1), m.group(2)));
    }
    return blocks;
  }

  /** Builds the exception type the caller declares. */
  private interface Failure<E extends GeneralSecurityException> {
    E create(String message);
  }

  private record Block(String label, String body) {
    <E extends GeneralSecurityException> byte[] decode(Failure<E> failure) throws E {
      if (body.indexOf(':') >= 0) {
        throw failure.create(
            label
                + " block has headers (legacy OpenSSL encryption?): convert it to PKCS#8 with"
                + " 'openssl pkcs8 -topk8'");
      }
      try {
        return Base64.getMimeDecoder().decode(body.strip());
      } catch (IllegalArgumentException e) {
        throw failure.create(label + " block is not valid base64: " + e.getMessage());
      }
    }
  }
}
