package io.tern.handler.ssl.spi;

/**
 * A TLS implementation that {@code SslContextBuilder} can build contexts with, registered as a
 * {@link java.util.ServiceLoader} service ({@code provides
 * io.tern.handler.ssl.spi.SslEngineProvider with …} in the provider's module descriptor, and a
 * {@code META-INF/services} entry for the class path).
 *
 * <p>A provider must be cheap to instantiate: {@link #unavailabilityCause()} is asked before
 * anything else, and loading native code happens there (once per JVM), never in the constructor's
 * caller's way if it fails.
 *
 * <h2>Threading</h2>
 *
 * Any thread; implementations are stateless or thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public interface SslEngineProvider {
  /**
   * Returns the provider's name: the lower-case name of the {@code SslProvider} constant it
   * implements.
   *
   * @return e.g. {@code "openssl"}
   */
  String name();

  /**
   * Returns why this provider cannot make engines in this JVM.
   *
   * @return the cause (a missing library, an unsupported version), or {@code null} when it works
   */
  Throwable unavailabilityCause();

  /**
   * Creates the engine factory of one context.
   *
   * @param config the resolved configuration
   * @return a factory shared by every connection of the context
   * @throws IllegalArgumentException if the configuration names a protocol, cipher suite or group
   *     this provider does not know, or its key or trust material is unusable here
   * @throws IllegalStateException if the provider is unavailable
   */
  SslEngineFactory newFactory(SslConfig config);
}
