package io.tern.handler.ssl;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The (client provider, server provider) pairs the TLS suites run with: every pair of the providers
 * available in this JVM, so the JDK's and OpenSSL's engines are also tested against each other. In
 * {@code handler}'s own build only the JDK's is there; {@code handler-ssl-openssl} runs the same
 * suites from this module's test jar with OpenSSL available, asking (through {@value
 * #PAIRS_PROPERTY}{@code =openssl}) only for the pairs that involve OpenSSL, since the JDK-only
 * pair ran here already.
 */
final class TlsProviders {
  static final String PAIRS_PROPERTY = "io.tern.handler.ssl.test.pairs";

  private TlsProviders() {}

  static List<Arguments> pairs() {
    boolean onlyOpenSsl = "openssl".equals(System.getProperty(PAIRS_PROPERTY));
    List<SslProvider> available = new ArrayList<>();
    for (SslProvider p : SslProvider.values()) {
      if (p.isAvailable()) {
        available.add(p);
      }
    }
    if (onlyOpenSsl && !available.contains(SslProvider.OPENSSL)) {
      throw new IllegalStateException(
          "OpenSSL pairs were asked for, but OpenSSL is unavailable: "
              + SslProvider.OPENSSL.unavailabilityCause());
    }
    List<Arguments> pairs = new ArrayList<>();
    for (SslProvider client : available) {
      for (SslProvider server : available) {
        if (!onlyOpenSsl || client == SslProvider.OPENSSL || server == SslProvider.OPENSSL) {
          pairs.add(Arguments.of(client, server));
        }
      }
    }
    return pairs;
  }
}
