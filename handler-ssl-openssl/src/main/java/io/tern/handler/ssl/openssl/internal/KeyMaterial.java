package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.SslCtx;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.X509KeyManager;

/**
 * The keys and certificate chains a context presents, taken from the JDK key managers the builder
 * made (from PEM files, a {@code KeyStore}, a {@code SelfSignedCertificate}, …) and loaded into the
 * {@code SSL_CTX}: at most one per key algorithm (RSA, EC, EdDSA), as OpenSSL serves each client
 * the one its offered signature algorithms allow.
 *
 * <p>Keys travel as PKCS#8 DER ({@link PrivateKey#getEncoded()}), so a key that cannot be exported
 * (in a hardware module) cannot be used with OpenSSL. Used while a context is built.
 */
final class KeyMaterial {
  /** Key types asked of the key managers, in the order entries are loaded. */
  private static final List<String> KEY_TYPES =
      List.of("EC", "RSA", "EdDSA", "Ed25519", "Ed448", "RSASSA-PSS");

  /** A key with its chain. */
  @SuppressWarnings("ArrayRecordComponent") // never compared
  record Entry(PrivateKey key, X509Certificate[] chain) {}

  private KeyMaterial() {}

  /** Finds one entry per key algorithm in the managers. */
  static List<Entry> entries(List<KeyManager> managers, boolean client) {
    Map<String, Entry> byAlgorithm = new LinkedHashMap<>();
    for (KeyManager manager : managers) {
      if (!(manager instanceof X509KeyManager x509)) {
        continue;
      }
      for (String type : KEY_TYPES) {
        String[] aliases =
            client ? x509.getClientAliases(type, null) : x509.getServerAliases(type, null);
        if (aliases == null) {
          continue;
        }
        for (String alias : aliases) {
          PrivateKey key = x509.getPrivateKey(alias);
          X509Certificate[] chain = x509.getCertificateChain(alias);
          if (key != null && chain != null && chain.length > 0) {
            byAlgorithm.putIfAbsent(key.getAlgorithm(), new Entry(key, chain));
          }
        }
      }
    }
    if (!managers.isEmpty() && byAlgorithm.isEmpty()) {
      throw new IllegalArgumentException(
          "the key managers hold no RSA, EC or EdDSA key with a certificate chain");
    }
    return new ArrayList<>(byAlgorithm.values());
  }

  /**
   * Loads the entries into {@code ctx}; returns the chains by the address of the leaf OpenSSL now
   * holds, so a connection can tell which one it sent.
   */
  static Map<Long, X509Certificate[]> install(long ctx, List<Entry> entries) {
    Map<Long, X509Certificate[]> byLeaf = new LinkedHashMap<>();
    for (Entry entry : entries) {
      byte[] pkcs8 = entry.key().getEncoded();
      if (pkcs8 == null) {
        throw new IllegalArgumentException(
            "the OpenSSL provider needs an exportable private key ("
                + entry.key().getAlgorithm()
                + " key has no encoding)");
      }
      long leaf = x509(entry.chain()[0]);
      long key = Crypto.privateKeyFromDer(pkcs8);
      Arrays.fill(pkcs8, (byte) 0);
      try {
        if (key == 0) {
          throw SslErrors.configuration(
              "OpenSSL cannot read the " + entry.key().getAlgorithm() + " private key");
        }
        if (SslCtx.useCertificate(ctx, leaf) != 1) {
          throw SslErrors.configuration("OpenSSL refused the certificate");
        }
        if (SslCtx.usePrivateKey(ctx, key) != 1) {
          throw SslErrors.configuration("OpenSSL refused the private key");
        }
        for (int i = 1; i < entry.chain().length; i++) {
          long cert = x509(entry.chain()[i]);
          try {
            if (SslCtx.addChainCert(ctx, cert) != 1) {
              throw SslErrors.configuration("OpenSSL refused a chain certificate");
            }
          } finally {
            Crypto.x509Free(cert);
          }
        }
        byLeaf.put(leaf, entry.chain().clone());
      } finally {
        Crypto.x509Free(leaf); // the context keeps its own reference; the address stays valid
        if (key != 0) {
          Crypto.privateKeyFree(key);
        }
      }
    }
    if (!entries.isEmpty() && SslCtx.checkPrivateKey(ctx) != 1) {
      throw SslErrors.configuration("the private key does not match the certificate");
    }
    return byLeaf;
  }

  /** Parses a certificate into an {@code X509*} the caller frees. */
  static long x509(X509Certificate certificate) {
    try {
      long x509 = Crypto.x509FromDer(certificate.getEncoded());
      if (x509 == 0) {
        throw SslErrors.configuration(
            "OpenSSL cannot read the certificate of " + certificate.getSubjectX500Principal());
      }
      return x509;
    } catch (CertificateEncodingException e) {
      throw new IllegalArgumentException(
          "cannot encode " + certificate.getSubjectX500Principal(), e);
    }
  }
}
