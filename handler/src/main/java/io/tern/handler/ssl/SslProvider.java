package io.tern.handler.ssl;

/**
 * The TLS implementation an {@link SslContext} makes its engines with.
 *
 * <p>{@link #JDK} is always there. {@link #OPENSSL} needs the {@code tern-handler-ssl-openssl}
 * module on the module or class path and the system's OpenSSL 3 ({@code libssl.so.3}); when it
 * cannot be loaded, contexts built without an explicit provider use the JDK's engine and one log
 * line says why. {@link SslContextBuilder#sslProvider} picks one explicitly (and fails when it is
 * unavailable); the system property {@code io.tern.handler.ssl.provider} ({@code jdk} or {@code
 * openssl}) changes the default.
 *
 * <h2>Threading</h2>
 *
 * An enum: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum SslProvider {
  /** The JDK's {@code SSLEngine} (JSSE): no native code. */
  JDK,
  /**
   * The system's OpenSSL 3 through the Foreign Function and Memory API: no JNI, nothing bundled.
   */
  OPENSSL;

  /**
   * Tells whether this provider can make engines in this JVM.
   *
   * @return {@code true} for {@link #JDK}; for {@link #OPENSSL}, whether its module is present and
   *     the library loaded
   */
  public boolean isAvailable() {
    return SslProviders.unavailabilityCause(this) == null;
  }

  /**
   * Returns why this provider cannot make engines here.
   *
   * @return the cause, or {@code null} when it is available
   */
  public Throwable unavailabilityCause() {
    return SslProviders.unavailabilityCause(this);
  }

  /**
   * Returns the provider contexts use when none is chosen: {@link #OPENSSL} when it is available,
   * else {@link #JDK}, unless {@code io.tern.handler.ssl.provider} says otherwise.
   *
   * @return the default provider
   */
  public static SslProvider defaultProvider() {
    return SslProviders.defaultProvider();
  }
}
