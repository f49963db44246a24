package io.tern.codec.http;

import io.tern.codec.http.internal.PercentCodec;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Builds a request target from a path and query parameters, percent-encoding names and values.
 *
 * <pre>{@code
 * QueryStringEncoder e = new QueryStringEncoder("/hello");
 * e.addParam("recipient", "world & friends");
 * e.toString();   // "/hello?recipient=world%20%26%20friends"
 * }</pre>
 *
 * <p>{@code a-z A-Z 0-9 - _ . * ~} are written as they are; every other character becomes {@code
 * %XX} escapes of its bytes in the charset (UTF-8 by default; a space is {@code %20}). Each run of
 * characters that needs no escaping is appended in one go, so mostly-ASCII values cost little more
 * than a copy. The path is written as given.
 *
 * <p>Not thread-safe.
 */
public final class QueryStringEncoder {
  private final Charset charset;
  private final StringBuilder uri;
  private boolean hasParams;

  /**
   * Creates an encoder that writes UTF-8 escapes.
   *
   * @param uri the path (already encoded), for example {@code /search}
   */
  public QueryStringEncoder(String uri) {
    this(uri, StandardCharsets.UTF_8);
  }

  /**
   * Creates an encoder.
   *
   * @param uri the path (already encoded), for example {@code /search}
   * @param charset the charset of escaped characters
   */
  public QueryStringEncoder(String uri, Charset charset) {
    Objects.requireNonNull(uri, "uri");
    this.charset = Objects.requireNonNull(charset, "charset");
    this.uri = new StringBuilder(uri.length() + 32).append(uri);
    this.hasParams = uri.indexOf('?') >= 0;
  }

  /**
   * Appends a parameter.
   *
   * @param name the name (not yet encoded)
   * @param value the value (not yet encoded), or {@code null} for a parameter without {@code =}
   */
  public void addParam(String name, String value) {
    Objects.requireNonNull(name, "name");
    uri.append(hasParams ? '&' : '?');
    hasParams = true;
    PercentCodec.encode(uri, name, charset);
    if (value != null) {
      uri.append('=');
      PercentCodec.encode(uri, value, charset);
    }
  }

  /**
   * Returns the encoded request target as a {@link URI}.
   *
   * @return the URI
   * @throws URISyntaxException if the path given to the constructor is not a valid URI
   */
  public URI toUri() throws URISyntaxException {
    return new URI(toString());
  }

  /** Returns the encoded request target. */
  @Override
  public String toString() {
    return uri.toString();
  }
}
