package io.tern.codec.socks.v5;

/**
 * The answer to a {@link Socks5PasswordAuthRequest} ({@code 01 STATUS}); 0 accepts, anything else
 * refuses and the server closes the connection.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param status 0 to 255; 0 means success
 */
public record Socks5PasswordAuthResponse(int status) implements Socks5Message {
  /** Accepted. */
  public static final Socks5PasswordAuthResponse SUCCESS = new Socks5PasswordAuthResponse(0);

  /** Refused. */
  public static final Socks5PasswordAuthResponse FAILURE = new Socks5PasswordAuthResponse(1);

  /**
   * Checks the status.
   *
   * @param status the byte
   */
  public Socks5PasswordAuthResponse {
    if (status < 0 || status > 0xff) {
      throw new IllegalArgumentException("status out of range: " + status);
    }
  }

  /**
   * Tells whether the credentials were accepted.
   *
   * @return {@code true} for status 0
   */
  public boolean isSuccess() {
    return status == 0;
  }
}
