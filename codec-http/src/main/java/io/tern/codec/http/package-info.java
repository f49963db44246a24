/**
 * The HTTP/1.1 message model ({@link io.tern.codec.http.HttpRequest}, {@link
 * io.tern.codec.http.HttpResponse}, {@link io.tern.codec.http.HttpContent}, {@link
 * io.tern.codec.http.HttpHeaders}), status codes, methods and versions, and the helpers around
 * them: {@link io.tern.codec.http.HttpUtil}, {@link io.tern.codec.http.QueryStringDecoder}, {@link
 * io.tern.codec.http.QueryStringEncoder}, {@link io.tern.codec.http.DateFormatter} and {@link
 * io.tern.codec.http.HttpDateCache}.
 */
package io.tern.codec.http;
