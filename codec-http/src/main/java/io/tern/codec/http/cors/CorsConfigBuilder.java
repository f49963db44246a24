package io.tern.codec.http.cors;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds a {@link CorsConfig}.
 *
 * <pre>{@code
 * CorsConfig cors = CorsConfigBuilder.forOrigin("https://app.example.com")
 *     .allowedRequestMethods(HttpMethod.GET, HttpMethod.POST, HttpMethod.DELETE)
 *     .allowedRequestHeaders("content-type", "x-request-id")
 *     .exposeHeaders("x-request-id")
 *     .allowCredentials()
 *     .maxAge(600)
 *     .build();
 * }</pre>
 *
 * <p>Defaults: allowed methods {@code GET}, {@code HEAD} and {@code POST}; no extra allowed request
 * headers; nothing exposed; no credentials; no {@code Access-Control-Max-Age}; preflight responses
 * carry {@code Content-Length: 0}; requests from other origins pass to the application without CORS
 * headers (unless {@link #shortCircuit()}). Not thread-safe.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe; build once and share the {@link CorsConfig}.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class CorsConfigBuilder {
  final Set<String> origins = new LinkedHashSet<>();
  final boolean anyOrigin;
  boolean enabled = true;
  boolean allowNullOrigin;
  boolean allowCredentials;
  boolean allowPrivateNetwork;
  boolean shortCircuit;
  long maxAge;
  final Set<HttpMethod> requestMethods =
      new LinkedHashSet<>(List.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST));
  final Set<String> requestHeaders = new LinkedHashSet<>();
  final Set<String> exposeHeaders = new LinkedHashSet<>();
  final Map<String, List<String>> preflightHeaders = new LinkedHashMap<>();

  private CorsConfigBuilder(boolean anyOrigin, String... origins) {
    this.anyOrigin = anyOrigin;
    for (String o : origins) {
      this.origins.add(Objects.requireNonNull(o, "origin"));
    }
  }

  /**
   * Starts a configuration allowing every origin ({@code Access-Control-Allow-Origin: *}, or the
   * request's origin when credentials are allowed).
   *
   * @return a new builder
   */
  public static CorsConfigBuilder forAnyOrigin() {
    return new CorsConfigBuilder(true);
  }

  /**
   * Starts a configuration allowing one origin ({@code "*"} means any).
   *
   * @param origin for example {@code https://app.example.com}
   * @return a new builder
   */
  public static CorsConfigBuilder forOrigin(String origin) {
    return "*".equals(origin) ? forAnyOrigin() : new CorsConfigBuilder(false, origin);
  }

  /**
   * Starts a configuration allowing some origins.
   *
   * @param origins the origins, compared exactly with the request's {@code Origin}
   * @return a new builder
   */
  public static CorsConfigBuilder forOrigins(String... origins) {
    return new CorsConfigBuilder(false, origins);
  }

  /**
   * Allows the origin {@code null}.
   *
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder allowNullOrigin() {
    allowNullOrigin = true;
    return this;
  }

  /**
   * Turns CORS handling off: the handler passes everything through unchanged.
   *
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder disable() {
    enabled = false;
    return this;
  }

  /**
   * Adds response headers scripts may read ({@code Access-Control-Expose-Headers}).
   *
   * @param headers header names
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder exposeHeaders(CharSequence... headers) {
    for (CharSequence h : headers) {
      exposeHeaders.add(h.toString().toLowerCase(Locale.ROOT));
    }
    return this;
  }

  /**
   * Allows credentials ({@code Access-Control-Allow-Credentials: true}); the handler then echoes
   * the request's origin instead of {@code *}.
   *
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder allowCredentials() {
    allowCredentials = true;
    return this;
  }

  /**
   * Allows preflights asking for private network access (Private Network Access).
   *
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder allowPrivateNetwork() {
    allowPrivateNetwork = true;
    return this;
  }

  /**
   * Sets how long browsers may cache a preflight answer ({@code Access-Control-Max-Age}).
   *
   * @param seconds at least 0; 0 sends no header
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder maxAge(long seconds) {
    if (seconds < 0) {
      throw new IllegalArgumentException("maxAge: " + seconds + " (expected: >= 0)");
    }
    maxAge = seconds;
    return this;
  }

  /**
   * Replaces the methods a preflight allows (default {@code GET}, {@code HEAD}, {@code POST}).
   *
   * @param methods the methods
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder allowedRequestMethods(HttpMethod... methods) {
    requestMethods.clear();
    requestMethods.addAll(Arrays.asList(methods));
    return this;
  }

  /**
   * Adds request headers a preflight allows.
   *
   * @param headers header names
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder allowedRequestHeaders(CharSequence... headers) {
    for (CharSequence h : headers) {
      requestHeaders.add(h.toString().toLowerCase(Locale.ROOT));
    }
    return this;
  }

  /**
   * Adds a header to preflight responses (replacing an earlier value of the same name).
   *
   * @param name the header name
   * @param values its values
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder preflightResponseHeader(CharSequence name, CharSequence... values) {
    List<String> list = new ArrayList<>(values.length);
    for (CharSequence v : values) {
      list.add(v.toString());
    }
    preflightHeaders.put(name.toString(), List.copyOf(list));
    return this;
  }

  /**
   * Answers requests from disallowed origins with {@code 403 Forbidden} instead of passing them to
   * the application.
   *
   * @return this builder
   */
  @CanIgnoreReturnValue
  public CorsConfigBuilder shortCircuit() {
    shortCircuit = true;
    return this;
  }

  /**
   * Creates the configuration.
   *
   * @return the immutable configuration
   */
  public CorsConfig build() {
    return new CorsConfig(this);
  }
}
