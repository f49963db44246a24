package io.tern.handler.ssl.openssl.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.io.ByteArrayInputStream;
import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Certificate verification by the application's own trust managers (a pinning or custom {@link
 * X509TrustManager} given to the builder), in place of OpenSSL's: OpenSSL's verification callback
 * hands the peer's chain to {@code checkServerTrusted} (clients) or {@code checkClientTrusted}
 * (servers). A client that identifies its endpoint also checks the host name, with OpenSSL's {@code
 * X509_check_host}/{@code X509_check_ip_asc} on the leaf.
 *
 * <p>Contexts whose trust is a set of certificates (the usual case) never come here: OpenSSL
 * verifies against them natively. One instance per context with custom trust; the callback runs on
 * whichever thread runs a handshake.
 */
final class TrustVerifier {
  /** {@code int (*)(X509_STORE_CTX *, void *arg)}. */
  static final FunctionDescriptor VERIFY = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);

  /** Engines with custom trust by connection address, so the callback finds its engine. */
  private static final Map<Long, WeakReference<OpenSslEngine>> ENGINES = new ConcurrentHashMap<>();

  private static final MethodHandle VERIFY_METHOD;

  static {
    try {
      VERIFY_METHOD =
          MethodHandles.lookup()
              .findVirtual(
                  TrustVerifier.class,
                  "verify",
                  MethodType.methodType(int.class, long.class, long.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final List<X509TrustManager> managers;
  private final boolean client;

  TrustVerifier(List<TrustManager> managers, boolean client) {
    this.managers =
        managers.stream()
            .filter(X509TrustManager.class::isInstance)
            .map(X509TrustManager.class::cast)
            .toList();
    if (this.managers.isEmpty()) {
      throw new IllegalArgumentException("the OpenSSL provider needs an X509TrustManager");
    }
    this.client = client;
  }

  MethodHandle target() {
    return VERIFY_METHOD.bindTo(this);
  }

  static void register(long ssl, OpenSslEngine engine) {
    ENGINES.put(ssl, new WeakReference<>(engine));
  }

  /** Forgets a connection that is being freed. */
  static void forget(long ssl) {
    if (!ENGINES.isEmpty()) {
      ENGINES.remove(ssl);
    }
  }

  /** The callback: 1 accepts the chain; must not throw (it runs inside OpenSSL). */
  @SuppressWarnings("unused") // called through the upcall stub
  private int verify(long storeCtx, long arg) {
    try {
      long ssl = Crypto.storeCtxExData(storeCtx, Ssl.storeCtxSslIndex());
      WeakReference<OpenSslEngine> ref = ENGINES.get(ssl);
      OpenSslEngine engine = ref == null ? null : ref.get();
      X509Certificate[] chain = chain(Crypto.storeCtxUntrusted(storeCtx));
      if (chain.length == 0) {
        Crypto.storeCtxSetError(storeCtx, Crypto.X509_V_ERR_APPLICATION_VERIFICATION);
        return 0;
      }
      String host = engine == null ? null : engine.hostToVerify();
      if (client && host != null && !nameMatches(Crypto.storeCtxCert(storeCtx), host)) {
        Crypto.storeCtxSetError(
            storeCtx,
            OpenSslContext.isIpLiteral(host)
                ? Crypto.X509_V_ERR_IP_ADDRESS_MISMATCH
                : Crypto.X509_V_ERR_HOSTNAME_MISMATCH);
        return 0;
      }
      for (X509TrustManager manager : managers) {
        if (client) {
          manager.checkServerTrusted(chain, "UNKNOWN");
        } else {
          manager.checkClientTrusted(chain, "UNKNOWN");
        }
      }
      return 1;
    } catch (CertificateException | RuntimeException e) {
      Crypto.storeCtxSetError(storeCtx, Crypto.X509_V_ERR_APPLICATION_VERIFICATION);
      return 0;
    } catch (Throwable t) {
      return 0;
    }
  }

  private static boolean nameMatches(long leaf, String host) {
    return OpenSslContext.isIpLiteral(host)
        ? Crypto.x509CheckIp(leaf, host) == 1
        : Crypto.x509CheckHost(leaf, host) == 1;
  }

  private static X509Certificate[] chain(long stack) throws CertificateException {
    int n = Math.max(0, Crypto.stackSize(stack));
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    X509Certificate[] chain = new X509Certificate[n];
    for (int i = 0; i < n; i++) {
      byte[] der = Crypto.x509ToDer(Crypto.stackValue(stack, i));
      chain[i] = (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der));
    }
    return chain;
  }
}
