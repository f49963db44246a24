package io.tern.codec.socks.v4;

/**
 * The reply code of a SOCKS 4 response: one of the four the protocol defines, or any other byte a
 * server sent.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param byteValue the reply byte, 0 to 255
 */
public record Socks4CommandStatus(int byteValue) {
  /** 90: request granted. */
  public static final Socks4CommandStatus SUCCESS = new Socks4CommandStatus(0x5a);

  /** 91: request rejected or failed. */
  public static final Socks4CommandStatus REJECTED_OR_FAILED = new Socks4CommandStatus(0x5b);

  /** 92: rejected because the server cannot reach the client's identd. */
  public static final Socks4CommandStatus IDENTD_UNREACHABLE = new Socks4CommandStatus(0x5c);

  /** 93: rejected because identd reported a different user id. */
  public static final Socks4CommandStatus IDENTD_AUTH_FAILURE = new Socks4CommandStatus(0x5d);

  /**
   * Checks the byte.
   *
   * @param byteValue the reply byte, 0 to 255
   */
  public Socks4CommandStatus {
    if (byteValue < 0 || byteValue > 0xff) {
      throw new IllegalArgumentException("status out of range: " + byteValue);
    }
  }

  /**
   * Tells whether the request was granted.
   *
   * @return {@code true} for {@link #SUCCESS}
   */
  public boolean isSuccess() {
    return byteValue == 0x5a;
  }

  @Override
  public String toString() {
    String name =
        switch (byteValue) {
          case 0x5a -> "SUCCESS";
          case 0x5b -> "REJECTED_OR_FAILED";
          case 0x5c -> "IDENTD_UNREACHABLE";
          case 0x5d -> "IDENTD_AUTH_FAILURE";
          default -> "UNKNOWN";
        };
    return name + "(" + byteValue + ")";
  }
}
