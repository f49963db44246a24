package io.tern.handler.ssl.spi;

import java.security.Provider;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;

/**
 * What a TLS context is made of, resolved by {@code SslContextBuilder} and handed to an {@link
 * SslEngineProvider}.
 *
 * <p>The {@code parameters} use the JDK's vocabulary: protocols and cipher suites ({@code null}:
 * the provider's defaults), ALPN protocols, named groups ({@code null}: defaults), want/need client
 * authentication, and the endpoint identification algorithm ({@code "HTTPS"} when a client checks
 * the server's host name). Names are passed as the user wrote them; each provider accepts the names
 * it documents (the JDK's; OpenSSL's as well for the OpenSSL provider).
 *
 * <h2>Threading</h2>
 *
 * Immutable apart from the JDK objects it carries, which nobody modifies: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param client {@code true} for a client context
 * @param keyManagers the managers of the key this side presents; empty for none
 * @param trustManagers the managers that judge the peer's certificates; empty for the JDK's default
 *     trust ({@code cacerts})
 * @param trustedCertificates exactly the trust anchors {@code trustManagers} accept, when the
 *     builder made them from certificates, a PEM file or a key store (a provider may verify
 *     natively against these); {@code null} when the trust managers were given (a custom or pinning
 *     one must be asked itself) or are the default
 * @param parameters protocols, suites, groups, ALPN, client authentication and endpoint
 *     identification; never modified by providers
 * @param sessionCacheSize sessions kept; 0 for unbounded; -1 for the provider's default
 * @param sessionTimeout how long sessions may be resumed; {@code null} for the provider's default
 * @param secureRandom the source of randomness, or {@code null} for the provider's
 * @param jsseProvider a specific JSSE provider ({@code null}: the JDK's first); JDK engine only
 * @param ocspResponse a server's stapled OCSP response (DER), asked per handshake whose client
 *     requests one; {@code null} for no stapling
 */
public record SslConfig(
    boolean client,
    List<KeyManager> keyManagers,
    List<TrustManager> trustManagers,
    List<X509Certificate> trustedCertificates,
    SSLParameters parameters,
    int sessionCacheSize,
    Duration sessionTimeout,
    SecureRandom secureRandom,
    Provider jsseProvider,
    Supplier<byte[]> ocspResponse) {

  /** Copies the lists. */
  public SslConfig {
    keyManagers = List.copyOf(keyManagers);
    trustManagers = List.copyOf(trustManagers);
    trustedCertificates = trustedCertificates == null ? null : List.copyOf(trustedCertificates);
  }

  /**
   * Tells whether a client checks the server's host name.
   *
   * @return {@code true} when the endpoint identification algorithm is set
   */
  public boolean endpointIdentification() {
    String algorithm = parameters.getEndpointIdentificationAlgorithm();
    return algorithm != null && !algorithm.isEmpty();
  }
}
