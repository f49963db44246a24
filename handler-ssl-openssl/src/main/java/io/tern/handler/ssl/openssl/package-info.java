/**
 * TLS through the system's OpenSSL 3 ({@code libssl.so.3}) by way of the Foreign Function and
 * Memory API: no JNI, nothing bundled or compiled. Putting this module on the module or class path
 * makes {@code io.tern.handler.ssl.SslProvider#OPENSSL} available (and the default where the
 * library loads); contexts are still built with {@code SslContextBuilder} and used with the same
 * {@code SslHandler}.
 *
 * <p>This package holds what an application may want beyond that: {@link
 * io.tern.handler.ssl.openssl.OpenSsl} (is the library there, which version) and {@link
 * io.tern.handler.ssl.openssl.OpenSslSessionContext} (resumption counters, ticket keys).
 *
 * <p>Threading: everything here may be called from any thread.
 */
package io.tern.handler.ssl.openssl;
