package io.tern.codec.http;

import io.tern.codec.http.internal.HttpChars;
import io.tern.common.AsciiString;
import java.util.Objects;

/**
 * The method of an HTTP request ({@code GET}, {@code POST}, ...). Method names are case-sensitive
 * tokens (RFC 9110, section 9.1).
 *
 * <p>The standard methods are shared constants, and {@link #valueOf(String)} returns them without
 * allocating; other (extension) methods are created on demand. Instances are immutable and may be
 * shared between threads.
 *
 * <h2>Threading</h2>
 *
 * Instances are immutable and may be shared between threads.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HttpMethod implements Comparable<HttpMethod> {
  /** {@code OPTIONS}: asks for the communication options of a resource or the server. */
  public static final HttpMethod OPTIONS = new HttpMethod("OPTIONS");

  /** {@code GET}: retrieves a representation of a resource. */
  public static final HttpMethod GET = new HttpMethod("GET");

  /** {@code HEAD}: like {@code GET} without the response content. */
  public static final HttpMethod HEAD = new HttpMethod("HEAD");

  /** {@code POST}: has a resource process the enclosed content. */
  public static final HttpMethod POST = new HttpMethod("POST");

  /** {@code PUT}: replaces a resource with the enclosed content. */
  public static final HttpMethod PUT = new HttpMethod("PUT");

  /** {@code PATCH}: applies partial modifications to a resource (RFC 5789). */
  public static final HttpMethod PATCH = new HttpMethod("PATCH");

  /** {@code DELETE}: removes a resource. */
  public static final HttpMethod DELETE = new HttpMethod("DELETE");

  /** {@code TRACE}: echoes the received request. */
  public static final HttpMethod TRACE = new HttpMethod("TRACE");

  /** {@code CONNECT}: establishes a tunnel to the server named by the target. */
  public static final HttpMethod CONNECT = new HttpMethod("CONNECT");

  private final AsciiString name;

  /**
   * Creates a method; prefer {@link #valueOf(String)}, which returns the shared constants.
   *
   * @param name the method name, a non-empty token
   * @throws IllegalArgumentException if {@code name} is empty or not a token
   */
  public HttpMethod(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty() || !HttpChars.isToken(name)) {
      throw new IllegalArgumentException("invalid method name: '" + name + "'");
    }
    this.name = AsciiString.cached(name);
  }

  /**
   * Returns the shared constant for a standard method, or a new method for any other token.
   *
   * @param name the method name (case-sensitive)
   * @return the method
   * @throws IllegalArgumentException if {@code name} is empty or not a token
   */
  public static HttpMethod valueOf(String name) {
    HttpMethod known = standard(name);
    return known != null ? known : new HttpMethod(name);
  }

  /**
   * Returns the standard method with this name, or {@code null}.
   *
   * @param name the method name (case-sensitive)
   * @return the shared constant, or {@code null}
   */
  static HttpMethod standard(CharSequence name) {
    HttpMethod candidate =
        switch (name.length()) {
          case 3 -> name.charAt(0) == 'G' ? GET : PUT;
          case 4 -> name.charAt(0) == 'P' ? POST : HEAD;
          case 5 -> name.charAt(0) == 'P' ? PATCH : TRACE;
          case 6 -> DELETE;
          case 7 -> name.charAt(0) == 'O' ? OPTIONS : CONNECT;
          default -> null;
        };
    return candidate != null && candidate.name.contentEquals(name) ? candidate : null;
  }

  /**
   * Returns the method name.
   *
   * @return for example {@code GET}
   */
  public String name() {
    return name.toString();
  }

  /**
   * Returns the method name as a cached {@link AsciiString}, for encoders.
   *
   * @return for example {@code GET}
   */
  public AsciiString asciiName() {
    return name;
  }

  @Override
  public int compareTo(HttpMethod o) {
    return name.compareTo(o.name);
  }

  @Override
  public boolean equals(Object o) {
    return this == o || (o instanceof HttpMethod m && name.equals(m.name));
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  /** Returns {@link #name()}. */
  @Override
  public String toString() {
    return name.toString();
  }
}
