package io.tern.codec.http;

import io.tern.codec.http.internal.PercentCodec;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
 * characters that needs no escaping is copied in one go into a byte array of ASCII, and escapes are
 * written straight into it, so mostly-ASCII values cost little more than a copy. The path is
 * written as given.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class QueryStringEncoder {
  private final Charset charset;
  private final boolean utf8;
  // The path until the first parameter copies it into bytes; stays only if it has characters above
  // 0xFF (then it is prepended in toString()).
  private String head;
  // What follows head, all ASCII: one byte per character, made a string by one copy in toString().
  private byte[] bytes;
  private int count;
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
    this.head = Objects.requireNonNull(uri, "uri");
    this.charset = Objects.requireNonNull(charset, "charset");
    this.utf8 = StandardCharsets.UTF_8.equals(charset);
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
    // Room for the whole parameter if nothing needs escaping: then it is the only allocation.
    int plain = 2 + name.length() + (value == null ? 0 : value.length());
    if (bytes == null) {
      start(plain);
    } else {
      ensureSpace(plain);
    }
    bytes[count++] = (byte) (hasParams ? '&' : '?');
    hasParams = true;
    appendEncoded(name);
    if (value != null) {
      ensureSpace(1);
      bytes[count++] = '=';
      appendEncoded(value);
    }
  }

  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): one copy of Latin-1 chars
  private void start(int plain) {
    String h = head;
    int n = h.length();
    boolean latin1 = true;
    for (int i = 0; i < n && latin1; i++) {
      latin1 = h.charAt(i) <= 0xFF;
    }
    if (latin1) {
      bytes = new byte[n + plain + 16];
      h.getBytes(0, n, bytes, 0);
      count = n;
      head = "";
    } else {
      bytes = new byte[plain + 16];
    }
  }

  private void ensureSpace(int n) {
    int needed = count + n;
    if (needed > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(needed, bytes.length * 2));
    }
  }

  // Runs that need no escaping are copied in one call; each run that does is escaped straight into
  // the byte array after one capacity check.
  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): the run is ASCII
  private void appendEncoded(String s) {
    int len = s.length();
    int start = 0;
    while (start < len) {
      int i = start;
      while (i < len && PercentCodec.isUnreserved(s.charAt(i))) {
        i++;
      }
      if (i > start) {
        ensureSpace(i - start); // reserved by addParam unless escapes came first
        s.getBytes(start, i, bytes, count);
        count += i - start;
      }
      if (i == len) {
        return;
      }
      int end = i + 1;
      while (end < len && !PercentCodec.isUnreserved(s.charAt(end))) {
        end++;
      }
      if (utf8) {
        ensureSpace(PercentCodec.utf8EscapedLength(s, i, end));
        count = PercentCodec.escapeUtf8(s, i, end, bytes, count);
      } else {
        byte[] encoded = s.substring(i, end).getBytes(charset);
        ensureSpace(3 * encoded.length);
        count = PercentCodec.escapeBytes(encoded, bytes, count);
      }
      start = end;
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
  @SuppressWarnings("deprecation") // String(byte[], 0, int, int): a plain Latin-1 copy, small
  public String toString() {
    if (bytes == null) {
      return head;
    }
    // Unlike new String(bytes, 0, count, ISO_8859_1), this constructor is small enough to inline.
    String tail = new String(bytes, 0, 0, count);
    return head.isEmpty() ? tail : head.concat(tail);
  }
}
