/**
 * Handlers a server puts after {@link io.tern.codec.http.HttpServerCodec}: {@link
 * io.tern.codec.http.server.HttpServerKeepAliveHandler} (closes the connection when HTTP says it
 * ends) and {@link io.tern.codec.http.server.HttpContentCompressor} (gzip or deflate by {@code
 * Accept-Encoding}).
 */
package io.tern.codec.http.server;
