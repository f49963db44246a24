package io.tern.handler.ssl;

import io.tern.common.SystemProperties;
import io.tern.handler.ssl.spi.SslConfig;
import io.tern.handler.ssl.spi.SslEngineFactory;
import io.tern.handler.ssl.spi.SslEngineProvider;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds the TLS providers once per JVM: the JDK's is built in, the others come through {@link
 * ServiceLoader}. The default is OpenSSL when it loads, else the JDK's, and the first time the
 * JDK's is chosen for that reason one log line says why.
 *
 * <p>Thread-safe: the table is made once, in the class initialiser.
 */
final class SslProviders {
  private static final System.Logger LOGGER = System.getLogger(SslProviders.class.getName());

  /** The default provider, {@code jdk} or {@code openssl}; unset means the best available. */
  static final String DEFAULT_PROPERTY = "io.tern.handler.ssl.provider";

  private static final Map<SslProvider, SslEngineProvider> FOUND = new EnumMap<>(SslProvider.class);
  private static final Map<SslProvider, Throwable> CAUSES = new EnumMap<>(SslProvider.class);
  private static final SslProvider DEFAULT;

  static {
    try {
      for (SslEngineProvider p : ServiceLoader.load(SslEngineProvider.class)) {
        SslProvider kind = kindOf(p.name());
        if (kind != null && kind != SslProvider.JDK && !FOUND.containsKey(kind)) {
          FOUND.put(kind, p);
        }
      }
    } catch (ServiceConfigurationError e) {
      CAUSES.put(SslProvider.OPENSSL, e);
    }
    for (SslProvider kind : SslProvider.values()) {
      if (kind == SslProvider.JDK || CAUSES.containsKey(kind)) {
        continue;
      }
      SslEngineProvider p = FOUND.get(kind);
      Throwable cause;
      if (p == null) {
        cause =
            new UnsupportedOperationException(
                "the tern-handler-ssl-"
                    + kind.name().toLowerCase(Locale.ROOT)
                    + " module is not on the module or class path");
      } else {
        try {
          cause = p.unavailabilityCause();
        } catch (RuntimeException | LinkageError e) {
          cause = e;
        }
      }
      if (cause != null) {
        CAUSES.put(kind, cause);
      }
    }
    DEFAULT = chooseDefault();
  }

  private SslProviders() {}

  private static SslProvider kindOf(String name) {
    for (SslProvider kind : SslProvider.values()) {
      if (kind.name().equalsIgnoreCase(name)) {
        return kind;
      }
    }
    return null;
  }

  private static SslProvider chooseDefault() {
    String configured = SystemProperties.get(DEFAULT_PROPERTY, null);
    if (configured != null) {
      SslProvider kind = kindOf(configured);
      if (kind == null) {
        LOGGER.log(
            System.Logger.Level.WARNING,
            "{0}={1} is not a TLS provider (jdk or openssl): using the best available",
            DEFAULT_PROPERTY,
            configured);
      } else if (CAUSES.get(kind) != null) {
        LOGGER.log(
            System.Logger.Level.WARNING,
            "{0}={1} but that provider is unavailable ({2}): TLS uses the JDK engine",
            DEFAULT_PROPERTY,
            configured,
            describe(CAUSES.get(kind)));
        return SslProvider.JDK;
      } else {
        return kind;
      }
    }
    Throwable openssl = CAUSES.get(SslProvider.OPENSSL);
    if (openssl == null) {
      return SslProvider.OPENSSL;
    }
    // A missing module is the usual, chosen case: say so quietly. A module that is there but
    // cannot load its library is a surprise: say so where people look.
    System.Logger.Level level =
        FOUND.containsKey(SslProvider.OPENSSL)
            ? System.Logger.Level.WARNING
            : System.Logger.Level.DEBUG;
    LOGGER.log(level, "TLS uses the JDK engine: OpenSSL is unavailable ({0})", describe(openssl));
    return SslProvider.JDK;
  }

  private static String describe(Throwable cause) {
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }

  static SslProvider defaultProvider() {
    return DEFAULT;
  }

  static Throwable unavailabilityCause(SslProvider kind) {
    return CAUSES.get(kind);
  }

  /**
   * Makes the engine factory of one context.
   *
   * @throws IllegalStateException if {@code kind} is unavailable
   */
  static SslEngineFactory newFactory(SslProvider kind, SslConfig config) {
    if (kind == SslProvider.JDK) {
      return JdkEngineFactory.create(config);
    }
    Throwable cause = CAUSES.get(kind);
    if (cause != null) {
      throw new IllegalStateException(
          "TLS provider " + kind + " is unavailable: " + describe(cause), cause);
    }
    return FOUND.get(kind).newFactory(config);
  }
}
