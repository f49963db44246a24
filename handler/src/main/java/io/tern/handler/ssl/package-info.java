/**
 * TLS: {@link io.tern.handler.ssl.SslContext} and its builder over the JDK's {@code SSLContext},
 * PEM reading and writing ({@link io.tern.handler.ssl.Pem}) and a self-signed certificate helper
 * for tests and examples ({@link io.tern.handler.ssl.SelfSignedCertificate}).
 *
 * <p>Threading: contexts are immutable and shared; everything else says so on its type.
 */
package io.tern.handler.ssl;
