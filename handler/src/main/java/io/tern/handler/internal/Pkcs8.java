package io.tern.handler.internal;

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Map;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * PKCS#8 private keys with the JDK alone: turns {@code PrivateKeyInfo} DER into a {@link
 * PrivateKey} (finding the key algorithm from the structure's own identifier), wraps the
 * traditional OpenSSL forms (PKCS#1 RSA, SEC1 EC) into PKCS#8, and encrypts and decrypts {@code
 * EncryptedPrivateKeyInfo} with PBES2.
 *
 * <p>Stateless; any thread.
 */
public final class Pkcs8 {
  /** PBES2 with PBKDF2-HMAC-SHA256 and AES-256-CBC: what {@code openssl pkcs8 -topk8} writes. */
  public static final String PBES2_ALGORITHM = "PBEWithHmacSHA256AndAES_256";

  /** Iterations of PBKDF2 for keys encrypted here (OWASP's 2023 figure for HMAC-SHA256). */
  public static final int PBKDF2_ITERATIONS = 600_000;

  private static final String OID_PBES2 = "1.2.840.113549.1.5.13";
  private static final String OID_RSA = "1.2.840.113549.1.1.1";
  private static final String OID_EC = "1.2.840.10045.2.1";

  private static final Map<String, String> KEY_ALGORITHMS =
      Map.of(
          OID_RSA,
          "RSA",
          "1.2.840.113549.1.1.10",
          "RSASSA-PSS",
          OID_EC,
          "EC",
          "1.2.840.10040.4.1",
          "DSA",
          "1.3.101.110",
          "XDH",
          "1.3.101.111",
          "XDH",
          "1.3.101.112",
          "EdDSA",
          "1.3.101.113",
          "EdDSA");

  private Pkcs8() {}

  /**
   * Decodes an unencrypted {@code PrivateKeyInfo}.
   *
   * @param der the PKCS#8 encoding
   * @return the key
   * @throws InvalidKeySpecException if the structure is malformed or its algorithm unknown here
   */
  public static PrivateKey decode(byte[] der) throws InvalidKeySpecException {
    String oid;
    try {
      DerReader info = new DerReader(der).sequence();
      info.integer();
      oid = info.sequence().oid();
    } catch (IllegalArgumentException e) {
      throw new InvalidKeySpecException("not a PKCS#8 PrivateKeyInfo: " + e.getMessage(), e);
    }
    String algorithm = KEY_ALGORITHMS.getOrDefault(oid, oid);
    try {
      return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
    } catch (NoSuchAlgorithmException e) {
      throw new InvalidKeySpecException("no key factory for key algorithm " + oid, e);
    }
  }

  /**
   * Wraps a PKCS#1 {@code RSAPrivateKey} into PKCS#8.
   *
   * @param pkcs1 the traditional RSA encoding
   * @return the PKCS#8 encoding
   */
  public static byte[] fromPkcs1(byte[] pkcs1) {
    return Der.sequence(
        Der.integer(0), Der.sequence(Der.oid(OID_RSA), Der.nullElement()), Der.octetString(pkcs1));
  }

  /**
   * Wraps a SEC1 {@code ECPrivateKey} into PKCS#8, moving its named curve into the algorithm
   * identifier.
   *
   * @param sec1 the traditional EC encoding
   * @return the PKCS#8 encoding
   * @throws InvalidKeySpecException if the structure is malformed or names no curve
   */
  public static byte[] fromSec1(byte[] sec1) throws InvalidKeySpecException {
    try {
      DerReader key = new DerReader(sec1).sequence();
      key.integer();
      key.octetString();
      while (key.hasMore()) {
        if (key.peekTag() == 0xa0) {
          String curve = key.enter(0xa0).oid();
          return Der.sequence(
              Der.integer(0), Der.sequence(Der.oid(OID_EC), Der.oid(curve)), Der.octetString(sec1));
        }
        key.skip();
      }
    } catch (IllegalArgumentException e) {
      throw new InvalidKeySpecException("not a SEC1 ECPrivateKey: " + e.getMessage(), e);
    }
    throw new InvalidKeySpecException("SEC1 EC key without a named curve");
  }

  /**
   * Decrypts an {@code EncryptedPrivateKeyInfo} (PBES2 or the older PBES1 schemes the JDK knows).
   *
   * @param der the encrypted structure
   * @param password the password
   * @return the key
   * @throws GeneralSecurityException {@link InvalidKeyException} for a wrong password; others for a
   *     malformed structure or an unsupported scheme
   */
  public static PrivateKey decrypt(byte[] der, char[] password) throws GeneralSecurityException {
    EncryptedPrivateKeyInfo info;
    try {
      info = new EncryptedPrivateKeyInfo(der);
    } catch (java.io.IOException e) {
      throw new InvalidKeySpecException("not a PKCS#8 EncryptedPrivateKeyInfo", e);
    }
    // For PBES2 the parameters name the full scheme ("PBEWithHmacSHA256AndAES_256").
    String scheme =
        info.getAlgParameters() != null ? info.getAlgParameters().toString() : info.getAlgName();
    Cipher cipher = Cipher.getInstance(scheme);
    PBEKeySpec keySpec = new PBEKeySpec(password);
    try {
      cipher.init(
          Cipher.DECRYPT_MODE,
          SecretKeyFactory.getInstance(scheme).generateSecret(keySpec),
          info.getAlgParameters());
    } finally {
      keySpec.clearPassword();
    }
    byte[] plain;
    try {
      plain = info.getKeySpec(cipher).getEncoded();
    } catch (InvalidKeySpecException e) {
      if (e.getCause() instanceof BadPaddingException) {
        throw new InvalidKeyException("wrong password for the encrypted private key", e);
      }
      throw e;
    }
    try {
      return decode(plain);
    } catch (InvalidKeySpecException e) {
      // A wrong password that happened to produce valid padding decrypts to garbage.
      throw new InvalidKeyException("wrong password for the encrypted private key", e);
    } finally {
      Arrays.fill(plain, (byte) 0);
    }
  }

  /**
   * Encrypts a key as an {@code EncryptedPrivateKeyInfo} with PBES2 (PBKDF2-HMAC-SHA256, AES-256 in
   * CBC mode), the form {@code openssl pkcs8 -topk8 -v2 aes-256-cbc} writes and reads.
   *
   * @param key the key; its {@link PrivateKey#getEncoded()} must be PKCS#8
   * @param password the password
   * @param iterations PBKDF2 iterations
   * @param random the source of salt and IV
   * @return the DER encoding
   * @throws GeneralSecurityException if the JDK lacks the scheme or the key cannot be encoded
   */
  public static byte[] encrypt(PrivateKey key, char[] password, int iterations, SecureRandom random)
      throws GeneralSecurityException {
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations: " + iterations + " (expected: > 0)");
    }
    byte[] plain = key.getEncoded();
    if (plain == null || !"PKCS#8".equals(key.getFormat())) {
      throw new InvalidKeyException("key has no PKCS#8 encoding: " + key.getAlgorithm());
    }
    byte[] salt = new byte[16];
    byte[] iv = new byte[16];
    random.nextBytes(salt);
    random.nextBytes(iv);
    PBEKeySpec keySpec = new PBEKeySpec(password);
    Cipher cipher = Cipher.getInstance(PBES2_ALGORITHM);
    try {
      cipher.init(
          Cipher.ENCRYPT_MODE,
          SecretKeyFactory.getInstance(PBES2_ALGORITHM).generateSecret(keySpec),
          new PBEParameterSpec(salt, iterations, new IvParameterSpec(iv)));
    } finally {
      keySpec.clearPassword();
    }
    byte[] encrypted;
    try {
      encrypted = cipher.doFinal(plain);
    } finally {
      Arrays.fill(plain, (byte) 0);
    }
    // The JDK's EncryptedPrivateKeyInfo cannot map the PBES2 scheme name back to its OID when
    // encoding, so the (two-field) structure is written here.
    byte[] parameters;
    try {
      parameters = cipher.getParameters().getEncoded();
    } catch (java.io.IOException e) {
      throw new InvalidKeySpecException("cannot encode PBES2 parameters", e);
    }
    return Der.sequence(Der.sequence(Der.oid(OID_PBES2), parameters), Der.octetString(encrypted));
  }
}
