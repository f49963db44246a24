package io.tern.codec.http;

import io.tern.codec.http.internal.PercentCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The target of a request (RFC 9112, section 3.2) in one of its four forms, with the path and the
 * query an application routes on.
 *
 * <table class="striped">
 *   <caption>The four forms</caption>
 *   <thead>
 *     <tr><th>{@link Form}</th><th>sent as</th><th>used for</th><th>{@link #path()}</th>
 *         <th>{@link #query()}</th><th>{@link #authority()}</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><td>{@code ORIGIN}</td><td>{@code /where?q=now}</td><td>most requests</td>
 *         <td>{@code /where}</td><td>{@code q=now}</td><td>{@code null}</td></tr>
 *     <tr><td>{@code ABSOLUTE}</td><td>{@code http://example.org/where?q=now}</td>
 *         <td>requests to a proxy (and any server must accept it)</td><td>{@code /where}</td>
 *         <td>{@code q=now}</td><td>{@code example.org}</td></tr>
 *     <tr><td>{@code AUTHORITY}</td><td>{@code example.org:443}</td><td>{@code CONNECT} only</td>
 *         <td>{@code ""}</td><td>{@code null}</td><td>{@code example.org:443}</td></tr>
 *     <tr><td>{@code ASTERISK}</td><td>{@code *}</td><td>{@code OPTIONS} only</td>
 *         <td>{@code *}</td><td>{@code null}</td><td>{@code null}</td></tr>
 *   </tbody>
 * </table>
 *
 * <h2>The normalised path</h2>
 *
 * {@link #path()} is the same for {@code /a/b}, {@code http://host/a/b}, {@code /a/./b}, {@code
 * /a/c/../b} and {@code /a/%62}: the path component of an origin-form or absolute-form target (an
 * empty one is {@code /}), its dot segments removed (RFC 3986, section 5.2.4; {@code %2E} counts as
 * a dot) and then percent-decoded as UTF-8 ({@code +} stays a {@code +}). The query never takes
 * part, so {@code /plaintext?x=1} routes as {@code /plaintext}. {@link #rawPath()} is the path as
 * sent, for code that must see the escapes (a static file handler refusing {@code ..} itself).
 *
 * <h2>The query</h2>
 *
 * {@link #query()} is the query as sent (without {@code ?} and without a fragment); {@link
 * #parameters()} decodes it with {@link QueryStringDecoder} on first use and keeps the result, so
 * no handler parses the target twice.
 *
 * <h2>Validation</h2>
 *
 * {@link #parse} accepts visible ASCII only and refuses a target that is in none of the forms its
 * method allows: {@code CONNECT} takes exactly {@code host:port}; {@code *} is for {@code OPTIONS};
 * an absolute-form target needs a scheme and a non-empty authority ({@code scheme://host…}). A
 * {@code %} must be followed by two hex digits anywhere in the target. {@link HttpRequestDecoder}
 * answers a request whose target fails these rules with {@code 400}.
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread. The path and the parameters are computed on first use and cached:
 * two threads calling at once may both compute them, get equal results, and keep one (a {@link
 * String} and an unmodifiable map, safe to publish this way). The decoder gives one instance to the
 * consecutive requests of a connection that send the same method and target.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class RequestTarget {
  /** The four forms of a request target (RFC 9112, section 3.2). */
  public enum Form {
    /** {@code absolute-path [ "?" query ]}: {@code /where?q=now}. */
    ORIGIN,
    /** {@code absolute-URI}: {@code http://example.org/where?q=now}. */
    ABSOLUTE,
    /** {@code host:port}, for {@code CONNECT}. */
    AUTHORITY,
    /** {@code *}, for a server-wide {@code OPTIONS}. */
    ASTERISK
  }

  private static final RequestTarget ASTERISK_TARGET =
      new RequestTarget(Form.ASTERISK, "*", -1, -1, -1, -1);

  private final Form form;
  private final String raw;
  // Offsets into raw: the authority [authorityStart, authorityEnd) of the absolute and authority
  // forms (-1 otherwise), where the path starts (-1: no path), and where the path ends.
  private final int authorityStart;
  private final int authorityEnd;
  private final int pathStart;
  private final int pathEnd;
  private String path;
  private Map<String, List<String>> parameters;

  private RequestTarget(
      Form form, String raw, int authorityStart, int authorityEnd, int pathStart, int pathEnd) {
    this.form = form;
    this.raw = raw;
    this.authorityStart = authorityStart;
    this.authorityEnd = authorityEnd;
    this.pathStart = pathStart;
    this.pathEnd = pathEnd;
  }

  /**
   * Parses a request target as sent with {@code method}.
   *
   * @param method the request's method ({@code CONNECT} takes the authority form, only {@code
   *     OPTIONS} the asterisk form)
   * @param target the target as it appears in the request line
   * @return the parsed target
   * @throws IllegalArgumentException if the target is in none of the forms {@code method} allows,
   *     or holds a character that is not visible ASCII or a malformed escape
   */
  public static RequestTarget parse(HttpMethod method, String target) {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(target, "target");
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c <= 0x20 || c >= 0x7F) {
        throw new IllegalArgumentException(
            "invalid character 0x" + Integer.toHexString(c) + " at index " + i + ": " + target);
      }
    }
    String problem = checkEscapes(target);
    if (problem != null) {
      throw new IllegalArgumentException(problem + ": " + target);
    }
    RequestTarget t = classify(method, target);
    if (t == null) {
      throw new IllegalArgumentException(problemOf(method, target) + ": " + target);
    }
    return t;
  }

  /**
   * Parses the target of a decoded request line, whose characters the decoder has checked.
   *
   * @throws InvalidHttpMessageException if the target is in none of the forms {@code method}
   *     allows, or has a malformed escape
   */
  static RequestTarget ofRequestLine(HttpMethod method, String target) {
    RequestTarget t = classify(method, target);
    String problem = t == null ? problemOf(method, target) : checkEscapes(target);
    if (problem != null) {
      throw new InvalidHttpMessageException("invalid request target: " + problem);
    }
    return t;
  }

  /**
   * The target in its form, or {@code null} if it is in none of the forms {@code method} allows.
   */
  private static RequestTarget classify(HttpMethod method, String s) {
    if (HttpMethod.CONNECT.equals(method)) {
      return isAuthority(s, 0, s.length(), true)
          ? new RequestTarget(Form.AUTHORITY, s, 0, s.length(), -1, -1)
          : null;
    }
    if (s.isEmpty()) {
      return null;
    }
    char first = s.charAt(0);
    if (first == '/') {
      return new RequestTarget(Form.ORIGIN, s, -1, -1, 0, pathEnd(s, 0));
    }
    if (first == '*' && s.length() == 1) {
      return HttpMethod.OPTIONS.equals(method) ? ASTERISK_TARGET : null;
    }
    int colon = schemeEnd(s);
    if (colon < 0 || !s.startsWith("//", colon + 1)) {
      return null;
    }
    int authorityStart = colon + 3;
    int authorityEnd = authorityStart;
    while (authorityEnd < s.length() && "/?#".indexOf(s.charAt(authorityEnd)) < 0) {
      authorityEnd++;
    }
    if (!isAuthority(s, authorityStart, authorityEnd, false)) {
      return null;
    }
    return new RequestTarget(
        Form.ABSOLUTE, s, authorityStart, authorityEnd, authorityEnd, pathEnd(s, authorityEnd));
  }

  private static String problemOf(HttpMethod method, String s) {
    if (HttpMethod.CONNECT.equals(method)) {
      return "CONNECT takes host:port";
    }
    if (s.equals("*")) {
      return "only OPTIONS takes *";
    }
    return "neither /path nor scheme://authority/path";
  }

  /**
   * The index of the colon ending a scheme ({@code ALPHA *( ALPHA / DIGIT / + / - / . )}), or -1.
   */
  private static int schemeEnd(String s) {
    if (!isAlpha(s.charAt(0))) {
      return -1;
    }
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ':') {
        return i;
      }
      if (!isAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
        return -1;
      }
    }
    return -1;
  }

  private static boolean isAlpha(char c) {
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
  }

  /**
   * Whether {@code s[from, to)} is {@code host [":" port]} (host a name, an IPv4 address or an IPv6
   * literal in brackets; no user information), with the port required when {@code portRequired}.
   */
  private static boolean isAuthority(String s, int from, int to, boolean portRequired) {
    if (from >= to) {
      return false;
    }
    int hostEnd;
    if (s.charAt(from) == '[') {
      hostEnd = s.indexOf(']', from);
      if (hostEnd < 0 || hostEnd >= to || hostEnd == from + 1) {
        return false;
      }
      hostEnd++;
    } else {
      hostEnd = from;
      while (hostEnd < to && s.charAt(hostEnd) != ':') {
        char c = s.charAt(hostEnd);
        if (c == '@' || c == '[' || c == ']') {
          return false;
        }
        hostEnd++;
      }
      if (hostEnd == from) {
        return false;
      }
    }
    if (hostEnd == to) {
      return !portRequired;
    }
    if (s.charAt(hostEnd) != ':') {
      return false;
    }
    int digits = to - hostEnd - 1;
    if (digits == 0) {
      return !portRequired; // "host:" has an empty port (RFC 3986 allows it)
    }
    if (digits > 5) {
      return false;
    }
    int port = 0;
    for (int i = hostEnd + 1; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      port = port * 10 + (c - '0');
    }
    return port <= 65535;
  }

  private static int pathEnd(String s, int from) {
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '?' || c == '#') {
        return i;
      }
    }
    return s.length();
  }

  /** A description of the first malformed escape ({@code %} without two hex digits), or null. */
  private static String checkEscapes(String s) {
    for (int i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
      if (i + 2 >= s.length()
          || PercentCodec.hexValue(s.charAt(i + 1)) < 0
          || PercentCodec.hexValue(s.charAt(i + 2)) < 0) {
        return "a % not followed by two hex digits at index " + i;
      }
    }
    return null;
  }

  // -----------------------------------------------------------------------------------------
  // Accessors

  /**
   * Returns the form.
   *
   * @return the form
   */
  public Form form() {
    return form;
  }

  /**
   * Returns the target as sent.
   *
   * @return the target, unchanged
   */
  public String raw() {
    return raw;
  }

  /**
   * Returns the scheme of an absolute-form target, as sent.
   *
   * @return the scheme (for example {@code http}), or {@code null} for the other forms
   */
  public String scheme() {
    return form == Form.ABSOLUTE ? raw.substring(0, authorityStart - 3) : null;
  }

  /**
   * Returns the authority ({@code host[:port]}) of an absolute-form or authority-form target. For
   * an absolute-form target, RFC 9112 (section 3.2.2) makes it take the place of the {@code Host}
   * field.
   *
   * @return the authority, or {@code null} for the origin and asterisk forms
   */
  public String authority() {
    return authorityStart < 0 ? null : raw.substring(authorityStart, authorityEnd);
  }

  /**
   * Returns the host of the {@link #authority()}, an IPv6 literal without its brackets.
   *
   * @return the host, or {@code null} without an authority
   */
  public String host() {
    if (authorityStart < 0) {
      return null;
    }
    if (raw.charAt(authorityStart) == '[') {
      return raw.substring(authorityStart + 1, raw.indexOf(']', authorityStart));
    }
    int colon = raw.indexOf(':', authorityStart);
    return raw.substring(authorityStart, colon < 0 || colon > authorityEnd ? authorityEnd : colon);
  }

  /**
   * Returns the port of the {@link #authority()}.
   *
   * @return the port, or -1 if there is no authority or it names no port
   */
  public int port() {
    if (authorityStart < 0) {
      return -1;
    }
    int hostEnd =
        raw.charAt(authorityStart) == '['
            ? raw.indexOf(']', authorityStart) + 1
            : raw.indexOf(':', authorityStart);
    if (hostEnd < 0 || hostEnd + 1 >= authorityEnd) {
      return -1;
    }
    return Integer.parseInt(raw, hostEnd + 1, authorityEnd, 10);
  }

  /**
   * Returns the path as sent, still percent-encoded and with its dot segments.
   *
   * @return the raw path ({@code /} for an absolute-form target with an empty path; {@code ""} for
   *     the authority form, {@code *} for the asterisk form)
   */
  public String rawPath() {
    return switch (form) {
      case ORIGIN -> pathEnd == raw.length() ? raw : raw.substring(0, pathEnd);
      case ABSOLUTE -> pathStart == pathEnd ? "/" : raw.substring(pathStart, pathEnd);
      case AUTHORITY -> "";
      case ASTERISK -> "*";
    };
  }

  /**
   * Returns the normalised path: dot segments removed, then percent-decoded as UTF-8 (see the class
   * comment). Computed on first use.
   *
   * @return the path, starting with {@code /} (or {@code ""} for the authority form, {@code *} for
   *     the asterisk form)
   */
  public String path() {
    String p = path;
    if (p == null) {
      p = normalise(rawPath());
      path = p;
    }
    return p;
  }

  /**
   * Returns the query as sent, without the {@code ?} and without a fragment.
   *
   * @return the raw query ({@code ""} after a bare {@code ?}), or {@code null} if there is none
   */
  public String query() {
    if (pathEnd < 0 || pathEnd == raw.length() || raw.charAt(pathEnd) != '?') {
      return null;
    }
    int hash = raw.indexOf('#', pathEnd + 1);
    return raw.substring(pathEnd + 1, hash < 0 ? raw.length() : hash);
  }

  /**
   * Returns the decoded query parameters, as {@link QueryStringDecoder#parameters()} gives them;
   * decoded on first use and kept.
   *
   * @return an unmodifiable map of unmodifiable lists, empty without a query
   * @throws IllegalArgumentException if the query has more than {@link
   *     QueryStringDecoder#DEFAULT_MAX_PARAMS} parameters
   */
  public Map<String, List<String>> parameters() {
    Map<String, List<String>> p = parameters;
    if (p == null) {
      String q = query();
      p = q == null ? Map.of() : QueryStringDecoder.builder().hasPath(false).build(q).parameters();
      parameters = p;
    }
    return p;
  }

  /** Equal to a target of the same form sent as the same text. */
  @Override
  public boolean equals(Object o) {
    return o instanceof RequestTarget t && t.form == form && t.raw.equals(raw);
  }

  @Override
  public int hashCode() {
    return raw.hashCode() * 31 + form.hashCode();
  }

  /** Returns the target as sent. */
  @Override
  public String toString() {
    return raw;
  }

  // -----------------------------------------------------------------------------------------
  // Normalisation

  /**
   * Removes the dot segments of a path that starts with {@code /} and percent-decodes it. A path
   * without {@code .} or {@code %} (the common case) is returned as it is.
   */
  static String normalise(String raw) {
    if (raw.isEmpty() || raw.charAt(0) != '/') {
      return raw; // "" (authority form) and "*" (asterisk form)
    }
    boolean escapes = raw.indexOf('%') >= 0;
    if (!escapes && raw.indexOf('.') < 0) {
      return raw;
    }
    String path = hasDotSegment(raw) ? removeDotSegments(raw) : raw;
    return escapes
        ? PercentCodec.decode(path, 0, path.length(), StandardCharsets.UTF_8, false)
        : path;
  }

  private static boolean hasDotSegment(String p) {
    int start = 1;
    while (start <= p.length()) {
      int end = p.indexOf('/', start);
      if (end < 0) {
        end = p.length();
      }
      if (dots(p, start, end) > 0) {
        return true;
      }
      start = end + 1;
    }
    return false;
  }

  /** RFC 3986, section 5.2.4, for a path starting with {@code /}, segment by segment. */
  private static String removeDotSegments(String p) {
    List<String> kept = new ArrayList<>();
    boolean trailingSlash = false;
    int start = 1;
    while (start <= p.length()) {
      int end = p.indexOf('/', start);
      boolean last = end < 0;
      if (last) {
        end = p.length();
      }
      int dots = dots(p, start, end);
      if (dots == 0) {
        kept.add(p.substring(start, end));
        trailingSlash = false;
      } else {
        if (dots == 2 && !kept.isEmpty()) {
          kept.remove(kept.size() - 1);
        }
        trailingSlash = true; // "/a/." and "/a/b/.." name a directory: "/a/"
      }
      start = end + 1;
    }
    StringBuilder sb = new StringBuilder(p.length());
    for (String segment : kept) {
      sb.append('/').append(segment);
    }
    if (trailingSlash || sb.isEmpty()) {
      sb.append('/');
    }
    return sb.toString();
  }

  /**
   * 1 if {@code p[from, to)} is {@code .}, 2 if it is {@code ..} ({@code %2E} counting), else 0.
   */
  private static int dots(String p, int from, int to) {
    int n = 0;
    int i = from;
    while (i < to) {
      if (p.charAt(i) == '.') {
        i++;
      } else if (i + 3 <= to
          && p.charAt(i) == '%'
          && p.charAt(i + 1) == '2'
          && (p.charAt(i + 2) | 0x20) == 'e') {
        i += 3;
      } else {
        return 0;
      }
      if (++n > 2) {
        return 0;
      }
    }
    return n;
  }
}
