package io.tern.codec.http;

import io.tern.codec.http.internal.PercentCodec;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Splits a request target into its path and query parameters and percent-decodes them.
 *
 * <pre>{@code
 * QueryStringDecoder d = new QueryStringDecoder("/hello?recipient=world&x=1&x=2");
 * d.path();                          // "/hello"
 * d.parameters().get("recipient");   // ["world"]
 * d.parameters().get("x");           // ["1", "2"]
 * }</pre>
 *
 * <p><b>Decoding.</b> Escapes ({@code %XX}) become bytes that the charset (UTF-8 by default) turns
 * into characters; in the query a {@code +} is a space, in the path it stays a {@code +}. Decoding
 * works on {@code byte[]} and {@code String} directly. A {@code %} not followed by two hex digits
 * is an error: {@link IllegalArgumentException} naming the index.
 *
 * <p><b>Parameters.</b> Parameters are separated by {@code &} and, unless {@link
 * Builder#semicolonIsNormalChar(boolean)}, by {@code ;}. A parameter without {@code =} has the
 * value {@code ""}; one with an empty name is skipped. The fragment ({@code #...}) is ignored. More
 * than {@link Builder#maxParams(int) maxParams} parameters (default {@value #DEFAULT_MAX_PARAMS})
 * is an error ({@link IllegalArgumentException}), so a hostile query cannot make the server build
 * an unbounded map.
 *
 * <p>The path and parameters are decoded on first use and cached. Not thread-safe: one thread at a
 * time, or share only after the first call of each accessor.
 */
public final class QueryStringDecoder {
  /** The default limit on the number of parameters. */
  public static final int DEFAULT_MAX_PARAMS = 1024;

  private final Charset charset;
  private final String uri;
  private final int maxParams;
  private final boolean semicolonIsNormalChar;
  private final int pathEnd; // index of '?' or '#' or uri.length(); 0 when there is no path
  private final int queryStart; // first index of the query, -1 when there is none
  private String path;
  private Map<String, List<String>> params;

  /**
   * Decodes a request target that starts with a path, in UTF-8.
   *
   * @param uri for example {@code /a/b?c=d}
   */
  public QueryStringDecoder(String uri) {
    this(uri, StandardCharsets.UTF_8, true, DEFAULT_MAX_PARAMS, false);
  }

  /**
   * Decodes a request target that starts with a path.
   *
   * @param uri for example {@code /a/b?c=d}
   * @param charset the charset of escaped bytes
   */
  public QueryStringDecoder(String uri, Charset charset) {
    this(uri, charset, true, DEFAULT_MAX_PARAMS, false);
  }

  /**
   * Decodes the path and query of a {@link URI}, in UTF-8.
   *
   * @param uri the URI (its raw path and raw query are used)
   */
  public QueryStringDecoder(URI uri) {
    this(rawPathAndQuery(uri), StandardCharsets.UTF_8, true, DEFAULT_MAX_PARAMS, false);
  }

  private QueryStringDecoder(
      String uri, Charset charset, boolean hasPath, int maxParams, boolean semicolonIsNormalChar) {
    this.uri = Objects.requireNonNull(uri, "uri");
    this.charset = Objects.requireNonNull(charset, "charset");
    if (maxParams <= 0) {
      throw new IllegalArgumentException("maxParams: " + maxParams + " (expected: > 0)");
    }
    this.maxParams = maxParams;
    this.semicolonIsNormalChar = semicolonIsNormalChar;
    if (hasPath) {
      this.pathEnd = pathEnd(uri);
      this.queryStart = pathEnd < uri.length() && uri.charAt(pathEnd) == '?' ? pathEnd + 1 : -1;
    } else {
      this.pathEnd = 0;
      this.queryStart = uri.startsWith("?") ? 1 : 0;
      this.path = "";
    }
  }

  private static String rawPathAndQuery(URI uri) {
    String rawPath = uri.getRawPath();
    String rawQuery = uri.getRawQuery();
    String p = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
    return rawQuery == null ? p : p + '?' + rawQuery;
  }

  private static int pathEnd(String uri) {
    for (int i = 0; i < uri.length(); i++) {
      char c = uri.charAt(i);
      if (c == '?' || c == '#') {
        return i;
      }
    }
    return uri.length();
  }

  /**
   * Returns a builder for the less common settings.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns the text given to the constructor.
   *
   * @return the undecoded request target or query
   */
  public String uri() {
    return uri;
  }

  /**
   * Returns the decoded path ({@code +} is kept, not a space).
   *
   * @return the path, {@code ""} when decoding a bare query
   * @throws IllegalArgumentException if the path has a malformed escape
   */
  public String path() {
    String p = path;
    if (p == null) {
      p = PercentCodec.decode(uri, 0, pathEnd, charset, false);
      path = p;
    }
    return p;
  }

  /**
   * Returns the path as sent, still encoded.
   *
   * @return the raw path
   */
  public String rawPath() {
    return uri.substring(0, pathEnd);
  }

  /**
   * Returns the query as sent, still encoded, without {@code ?} and fragment.
   *
   * @return the raw query, {@code ""} if there is none
   */
  public String rawQuery() {
    int start = queryStart;
    return start < 0 ? "" : uri.substring(start, queryEnd(start));
  }

  private int queryEnd(int start) {
    int hash = uri.indexOf('#', start);
    return hash < 0 ? uri.length() : hash;
  }

  /**
   * Returns the decoded parameters, in the order of their first occurrence, each with its values in
   * order.
   *
   * @return an unmodifiable map of unmodifiable lists
   * @throws IllegalArgumentException if the query has a malformed escape or more than {@code
   *     maxParams} parameters
   */
  public Map<String, List<String>> parameters() {
    Map<String, List<String>> p = params;
    if (p == null) {
      p = decodeParams();
      params = p;
    }
    return p;
  }

  private Map<String, List<String>> decodeParams() {
    int start = queryStart;
    if (start < 0) {
      return Collections.emptyMap();
    }
    int end = queryEnd(start);
    Map<String, List<String>> result = new LinkedHashMap<>();
    int count = 0;
    int nameStart = start;
    int eq = -1;
    for (int i = start; i <= end; i++) {
      char c = i < end ? uri.charAt(i) : '&';
      if (c == '=' && eq < 0) {
        eq = i;
      } else if (c == '&' || (c == ';' && !semicolonIsNormalChar)) {
        if (i > nameStart && eq != nameStart) {
          if (++count > maxParams) {
            throw new IllegalArgumentException(
                "the query has more than " + maxParams + " parameters");
          }
          int nameEnd = eq < 0 ? i : eq;
          String name = PercentCodec.decode(uri, nameStart, nameEnd, charset, true);
          String value = eq < 0 ? "" : PercentCodec.decode(uri, eq + 1, i, charset, true);
          result.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
        }
        nameStart = i + 1;
        eq = -1;
      }
    }
    for (Map.Entry<String, List<String>> e : result.entrySet()) {
      e.setValue(Collections.unmodifiableList(e.getValue()));
    }
    return Collections.unmodifiableMap(result);
  }

  /**
   * Decodes one query-string component ({@code +} is a space) in UTF-8.
   *
   * @param s the encoded component
   * @return the decoded text
   * @throws IllegalArgumentException if an escape is malformed
   */
  public static String decodeComponent(String s) {
    return decodeComponent(s, StandardCharsets.UTF_8);
  }

  /**
   * Decodes one query-string component ({@code +} is a space).
   *
   * @param s the encoded component
   * @param charset the charset of escaped bytes
   * @return the decoded text
   * @throws IllegalArgumentException if an escape is malformed
   */
  public static String decodeComponent(String s, Charset charset) {
    return PercentCodec.decode(s, 0, s.length(), charset, true);
  }

  @Override
  public String toString() {
    return uri;
  }

  /** Settings for a {@link QueryStringDecoder}; not thread-safe, reusable for several decoders. */
  public static final class Builder {
    private Charset charset = StandardCharsets.UTF_8;
    private boolean hasPath = true;
    private int maxParams = DEFAULT_MAX_PARAMS;
    private boolean semicolonIsNormalChar;

    private Builder() {}

    /**
     * Sets the charset of escaped bytes (default UTF-8).
     *
     * @param charset the charset
     * @return this builder
     */
    public Builder charset(Charset charset) {
      this.charset = Objects.requireNonNull(charset, "charset");
      return this;
    }

    /**
     * Sets whether the text starts with a path (default {@code true}); {@code false} decodes a bare
     * query such as {@code a=1&b=2}.
     *
     * @param hasPath whether there is a path
     * @return this builder
     */
    public Builder hasPath(boolean hasPath) {
      this.hasPath = hasPath;
      return this;
    }

    /**
     * Sets the maximum number of parameters (default {@value #DEFAULT_MAX_PARAMS}); more is an
     * error.
     *
     * @param maxParams the limit, at least 1
     * @return this builder
     */
    public Builder maxParams(int maxParams) {
      if (maxParams <= 0) {
        throw new IllegalArgumentException("maxParams: " + maxParams + " (expected: > 0)");
      }
      this.maxParams = maxParams;
      return this;
    }

    /**
     * Sets whether {@code ;} is an ordinary character rather than a separator (default {@code
     * false}: it separates, as {@code &} does).
     *
     * @param semicolonIsNormalChar whether {@code ;} is ordinary
     * @return this builder
     */
    public Builder semicolonIsNormalChar(boolean semicolonIsNormalChar) {
      this.semicolonIsNormalChar = semicolonIsNormalChar;
      return this;
    }

    /**
     * Creates a decoder for {@code uri} with these settings.
     *
     * @param uri the request target, or a bare query if {@link #hasPath(boolean)} is false
     * @return the decoder
     */
    public QueryStringDecoder build(String uri) {
      return new QueryStringDecoder(uri, charset, hasPath, maxParams, semicolonIsNormalChar);
    }
  }
}
