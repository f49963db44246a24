package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.SslCtx;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Trust anchors for OpenSSL's own chain verification: the certificates the builder was given (a PEM
 * bundle, a list, a {@code KeyStore}) or, by default, the JDK's trust store ({@code cacerts}, as
 * {@code TrustManagerFactory} with no key store sees it). Every anchor is trusted as such, even
 * when it is not self-signed ({@code X509_V_FLAG_PARTIAL_CHAIN}), as in the JDK's PKIX checks.
 *
 * <p>Used while a context is built; the JDK's anchors are read once per JVM.
 */
final class TrustAnchors {
  private TrustAnchors() {}

  private static final class JdkDefault {
    static final List<X509Certificate> ANCHORS = load();

    private static List<X509Certificate> load() {
      try {
        TrustManagerFactory factory =
            TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init((KeyStore) null);
        List<X509Certificate> anchors = new ArrayList<>();
        for (TrustManager manager : factory.getTrustManagers()) {
          if (manager instanceof X509TrustManager x509) {
            anchors.addAll(List.of(x509.getAcceptedIssuers()));
          }
        }
        return List.copyOf(anchors);
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("cannot read the JDK's trust store", e);
      }
    }
  }

  /** The JDK's default trust anchors. */
  static List<X509Certificate> jdkDefault() {
    return JdkDefault.ANCHORS;
  }

  /** Adds the anchors to the context's store and lets any of them end a chain. */
  static void install(long ctx, List<X509Certificate> anchors) {
    long store = SslCtx.certStore(ctx);
    for (X509Certificate anchor : anchors) {
      long x509 = KeyMaterial.x509(anchor);
      try {
        if (Crypto.x509StoreAddCert(store, x509) != 1) {
          // The same certificate twice is harmless; anything else is not.
          Crypto.errClear();
        }
      } finally {
        Crypto.x509Free(x509);
      }
    }
    Crypto.verifyParamSetFlags(SslCtx.param(ctx), Crypto.X509_V_FLAG_PARTIAL_CHAIN);
  }
}
