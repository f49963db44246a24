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
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, or share only after the first call of each accessor (the
 * path and parameters are decoded on first use and cached).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
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

  // One pass over the query finds separators and notes whether each name and value holds a '%' or
  // '+'; a component without one is a substring, one with escapes is decoded into a byte[] shared
  // by the whole query and made a string in one charset call. A name seen once maps to a singleton
  // list (one small object); only repeated names get an ArrayList, wrapped unmodifiable at the end.
  private Map<String, List<String>> decodeParams() {
    int start = queryStart;
    String s = uri;
    int len = s.length();
    if (start < 0 || start >= len) {
      return Collections.emptyMap();
    }
    boolean semicolonSeparates = !semicolonIsNormalChar;
    boolean bytewise = PercentCodec.isAsciiCompatible(charset);
    LinkedHashMap<String, List<String>> result =
        LinkedHashMap.newLinkedHashMap(Math.min(maxParams, Math.max(12, (len - start) >>> 4)));
    byte[] scratch = null;
    boolean repeated = false;
    int count = 0;
    int nameStart = start;
    int eq = -1;
    int nameEscape = -1; // first '%' or '+' of the name, -1 if none
    int valueEscape = -1; // same for the value
    int i = start;
    for (; ; i++) {
      char c = i < len ? s.charAt(i) : '#';
      if (c > '=') {
        continue; // letters and most punctuation: nothing to note
      }
      if (c == '%' || c == '+') {
        if (eq < 0) {
          if (nameEscape < 0) {
            nameEscape = i;
          }
        } else if (valueEscape < 0) {
          valueEscape = i;
        }
        continue;
      }
      if (c == '=') {
        if (eq < 0) {
          eq = i;
        }
        continue;
      }
      boolean last = c == '#';
      if (!last && c != '&' && (c != ';' || !semicolonSeparates)) {
        continue;
      }
      if (i > nameStart && eq != nameStart) {
        if (++count > maxParams) {
          throw new IllegalArgumentException(
              "the query has more than " + maxParams + " parameters");
        }
        int nameEnd = eq < 0 ? i : eq;
        if ((nameEscape >= 0 || valueEscape >= 0) && bytewise && scratch == null) {
          scratch = new byte[len - start];
        }
        String name = component(s, nameStart, nameEscape, nameEnd, scratch);
        String value = eq < 0 ? "" : component(s, eq + 1, valueEscape, i, scratch);
        List<String> previous = result.putIfAbsent(name, Collections.singletonList(value));
        if (previous != null) {
          repeated |= add(result, name, previous, value);
        }
      }
      if (last) {
        break;
      }
      nameStart = i + 1;
      eq = -1;
      nameEscape = -1;
      valueEscape = -1;
    }
    if (repeated) {
      for (Map.Entry<String, List<String>> e : result.entrySet()) {
        if (e.getValue() instanceof ArrayList<String> values) {
          e.setValue(Collections.unmodifiableList(values));
        }
      }
    }
    return Collections.unmodifiableMap(result);
  }

  private String component(String s, int from, int escape, int to, byte[] scratch) {
    if (escape < 0) {
      return s.substring(from, to);
    }
    if (scratch != null) {
      String decoded = PercentCodec.decodeEscaped(s, from, escape, to, charset, true, scratch);
      if (decoded != null) {
        return decoded;
      }
    }
    return PercentCodec.decode(s, from, to, charset, true);
  }

  // Returns true when a singleton list was replaced by a growable one.
  private static boolean add(
      Map<String, List<String>> result, String name, List<String> previous, String value) {
    if (previous instanceof ArrayList<String> values) {
      values.add(value);
      return false;
    }
    ArrayList<String> values = new ArrayList<>(4);
    values.addAll(previous);
    values.add(value);
    result.put(name, values);
    return true;
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
