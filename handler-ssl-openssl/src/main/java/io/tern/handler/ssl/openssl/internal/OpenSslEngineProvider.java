package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.OpenSslLibrary;
import io.tern.handler.ssl.spi.SslConfig;
import io.tern.handler.ssl.spi.SslEngineFactory;
import io.tern.handler.ssl.spi.SslEngineProvider;

/**
 * The {@code openssl} TLS provider, registered with {@link java.util.ServiceLoader}.
 *
 * <p>Stateless; any thread.
 */
public final class OpenSslEngineProvider implements SslEngineProvider {
  /** Called by the service loader. */
  public OpenSslEngineProvider() {}

  @Override
  public String name() {
    return "openssl";
  }

  @Override
  public Throwable unavailabilityCause() {
    return OpenSslLibrary.unavailabilityCause();
  }

  @Override
  public SslEngineFactory newFactory(SslConfig config) {
    Throwable cause = unavailabilityCause();
    if (cause != null) {
      throw new IllegalStateException("OpenSSL is unavailable: " + cause.getMessage(), cause);
    }
    if (config.jsseProvider() != null) {
      throw new IllegalArgumentException("a JSSE provider applies to the JDK engine only");
    }
    return OpenSslContext.create(config);
  }
}
