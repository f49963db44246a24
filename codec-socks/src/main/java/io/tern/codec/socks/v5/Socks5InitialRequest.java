package io.tern.codec.socks.v5;

import java.util.List;

/**
 * The client's greeting: the authentication methods it offers ({@code 05 NMETHODS METHODS...}).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param authMethods 1 to 255 methods, in the client's order
 */
public record Socks5InitialRequest(List<Socks5AuthMethod> authMethods) implements Socks5Message {
  /**
   * Checks and copies the methods.
   *
   * @param authMethods the methods
   */
  public Socks5InitialRequest {
    authMethods = List.copyOf(authMethods);
    if (authMethods.isEmpty() || authMethods.size() > 255) {
      throw new IllegalArgumentException("1 to 255 methods: " + authMethods.size());
    }
  }

  /**
   * Returns a greeting offering the given methods.
   *
   * @param methods the methods
   * @return the request
   */
  public static Socks5InitialRequest of(Socks5AuthMethod... methods) {
    return new Socks5InitialRequest(List.of(methods));
  }
}
