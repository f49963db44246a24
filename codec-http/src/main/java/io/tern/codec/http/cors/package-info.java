/**
 * Cross-Origin Resource Sharing for HTTP servers: {@link io.tern.codec.http.cors.CorsConfig} says
 * which origins, methods and headers are allowed, and {@link io.tern.codec.http.cors.CorsHandler}
 * answers preflight requests and adds the CORS headers to responses.
 */
package io.tern.codec.http.cors;
