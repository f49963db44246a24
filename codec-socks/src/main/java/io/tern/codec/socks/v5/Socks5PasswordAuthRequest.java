package io.tern.codec.socks.v5;

import io.tern.codec.socks.internal.SocksAddresses;

/**
 * The username/password sub-negotiation of RFC 1929 ({@code 01 ULEN UNAME PLEN PASSWD}).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param username at most 255 ASCII characters
 * @param password at most 255 ASCII characters
 */
public record Socks5PasswordAuthRequest(String username, String password) implements Socks5Message {
  /**
   * Checks the fields.
   *
   * @param username the user
   * @param password the password
   */
  public Socks5PasswordAuthRequest {
    SocksAddresses.checkString(username, "username", true);
    SocksAddresses.checkString(password, "password", true);
  }

  @Override
  public String toString() {
    return "Socks5PasswordAuthRequest[username=" + username + ", password=****]";
  }
}
