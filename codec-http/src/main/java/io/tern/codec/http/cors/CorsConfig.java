package io.tern.codec.http.cors;

import io.tern.codec.http.HttpMethod;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link CorsHandler} allows: origins, methods, request headers, exposed headers,
 * credentials, how long a preflight answer may be cached, and extra headers of preflight responses.
 * Built with {@link CorsConfigBuilder}; immutable and shareable between threads and channels.
 *
 * <h2>Threading</h2>
 *
 * Immutable and shareable between threads and channels.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class CorsConfig {
  private final Set<String> origins;
  private final boolean anyOrigin;
  private final boolean enabled;
  private final boolean nullOriginAllowed;
  private final boolean credentialsAllowed;
  private final boolean privateNetworkAllowed;
  private final boolean shortCircuit;
  private final long maxAge;
  private final Set<HttpMethod> allowedRequestMethods;
  private final Set<String> allowedRequestHeaders;
  private final Set<String> exposedHeaders;
  private final Map<String, List<String>> preflightHeaders;

  CorsConfig(CorsConfigBuilder b) {
    this.origins = ordered(b.origins);
    this.anyOrigin = b.anyOrigin;
    this.enabled = b.enabled;
    this.nullOriginAllowed = b.allowNullOrigin;
    this.credentialsAllowed = b.allowCredentials;
    this.privateNetworkAllowed = b.allowPrivateNetwork;
    this.shortCircuit = b.shortCircuit;
    this.maxAge = b.maxAge;
    this.allowedRequestMethods = ordered(b.requestMethods);
    this.allowedRequestHeaders = ordered(b.requestHeaders);
    this.exposedHeaders = ordered(b.exposeHeaders);
    this.preflightHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(b.preflightHeaders));
  }

  // Configuration order is kept so that the header values are written in a stable order.
  private static <T> Set<T> ordered(Set<T> values) {
    return Collections.unmodifiableSet(new LinkedHashSet<>(values));
  }

  /**
   * Returns whether CORS handling is on.
   *
   * @return {@code false} if the builder was {@linkplain CorsConfigBuilder#disable() disabled}
   */
  public boolean isCorsSupportEnabled() {
    return enabled;
  }

  /**
   * Returns whether every origin is allowed.
   *
   * @return {@code true} for {@link CorsConfigBuilder#forAnyOrigin()}
   */
  public boolean isAnyOriginSupported() {
    return anyOrigin;
  }

  /**
   * Returns the allowed origins.
   *
   * @return the origins, empty when any origin is allowed
   */
  public Set<String> origins() {
    return origins;
  }

  /**
   * Returns whether the origin {@code null} (sandboxed documents, {@code file:} URLs) is allowed.
   *
   * @return {@code true} if allowed
   */
  public boolean isNullOriginAllowed() {
    return nullOriginAllowed;
  }

  /**
   * Returns whether requests with credentials (cookies, authentication) are allowed.
   *
   * @return {@code true} if {@code Access-Control-Allow-Credentials: true} is sent
   */
  public boolean isCredentialsAllowed() {
    return credentialsAllowed;
  }

  /**
   * Returns whether preflights asking for private network access are allowed.
   *
   * @return {@code true} if {@code Access-Control-Allow-Private-Network: true} is sent
   */
  public boolean isPrivateNetworkAllowed() {
    return privateNetworkAllowed;
  }

  /**
   * Returns whether requests from disallowed origins are answered {@code 403 Forbidden} instead of
   * reaching the application.
   *
   * @return {@code true} to short-circuit
   */
  public boolean isShortCircuit() {
    return shortCircuit;
  }

  /**
   * Returns how long a browser may cache a preflight answer.
   *
   * @return seconds, {@code 0} to send no {@code Access-Control-Max-Age}
   */
  public long maxAge() {
    return maxAge;
  }

  /**
   * Returns the methods a preflight allows.
   *
   * @return the methods
   */
  public Set<HttpMethod> allowedRequestMethods() {
    return allowedRequestMethods;
  }

  /**
   * Returns the request headers a preflight allows.
   *
   * @return the header names
   */
  public Set<String> allowedRequestHeaders() {
    return allowedRequestHeaders;
  }

  /**
   * Returns the response headers scripts may read.
   *
   * @return the header names sent in {@code Access-Control-Expose-Headers}
   */
  public Set<String> exposedHeaders() {
    return exposedHeaders;
  }

  /**
   * Returns the extra headers of preflight responses.
   *
   * @return names and values
   */
  public Map<String, List<String>> preflightResponseHeaders() {
    return preflightHeaders;
  }

  @Override
  public String toString() {
    return "CorsConfig(enabled="
        + enabled
        + ", origins="
        + (anyOrigin ? "*" : origins)
        + ", credentials="
        + credentialsAllowed
        + ", methods="
        + allowedRequestMethods
        + ", headers="
        + allowedRequestHeaders
        + ", maxAge="
        + maxAge
        + ')';
  }
}
