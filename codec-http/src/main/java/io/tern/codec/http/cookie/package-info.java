/**
 * HTTP cookies (RFC 6265, with {@code SameSite} and {@code Partitioned} from RFC 6265bis and
 * CHIPS): {@link io.tern.codec.http.cookie.ServerCookieDecoder} reads a request's {@code Cookie}
 * header, {@link io.tern.codec.http.cookie.ServerCookieEncoder} writes {@code Set-Cookie}, and
 * {@link io.tern.codec.http.cookie.ClientCookieDecoder} and {@link
 * io.tern.codec.http.cookie.ClientCookieEncoder} do the reverse for clients. Each comes in a {@code
 * STRICT} flavour that validates against the RFC and a {@code LAX} one that accepts what browsers
 * send.
 */
package io.tern.codec.http.cookie;
