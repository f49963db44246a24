package io.tern.codec.socks.v5;

import java.util.Objects;

/**
 * The server's method selection ({@code 05 METHOD}); {@link Socks5AuthMethod#UNACCEPTED} refuses
 * the client.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param authMethod the method chosen
 */
public record Socks5InitialResponse(Socks5AuthMethod authMethod) implements Socks5Message {
  /**
   * Checks the method.
   *
   * @param authMethod the method
   */
  public Socks5InitialResponse {
    Objects.requireNonNull(authMethod, "authMethod");
  }
}
