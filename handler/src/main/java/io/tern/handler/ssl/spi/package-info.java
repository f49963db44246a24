/**
 * The extension point for TLS implementations: a {@link io.tern.handler.ssl.spi.SslEngineProvider},
 * found through {@link java.util.ServiceLoader}, turns an {@link io.tern.handler.ssl.spi.SslConfig}
 * into an {@link io.tern.handler.ssl.spi.SslEngineFactory} that makes one configured {@code
 * SSLEngine} per connection. {@code io.tern.handler.ssl.SslContextBuilder} picks the provider;
 * applications never call this package themselves. The JDK's engine is built in; {@code
 * tern-handler-ssl-openssl} provides OpenSSL's.
 *
 * <p>Only JDK types cross this boundary, so a provider module depends on {@code io.tern.handler}
 * and never the other way round.
 *
 * <p>Threading: providers and factories are shared by every connection and thread-safe; each engine
 * belongs to one connection.
 */
package io.tern.handler.ssl.spi;
