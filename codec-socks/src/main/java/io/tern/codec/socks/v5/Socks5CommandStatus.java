package io.tern.codec.socks.v5;

/**
 * The reply code of a SOCKS 5 command response (RFC 1928 section 6).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param byteValue the byte on the wire, 0 to 255
 */
public record Socks5CommandStatus(int byteValue) {
  /** 0: succeeded. */
  public static final Socks5CommandStatus SUCCESS = new Socks5CommandStatus(0);

  /** 1: general SOCKS server failure. */
  public static final Socks5CommandStatus FAILURE = new Socks5CommandStatus(1);

  /** 2: connection not allowed by ruleset. */
  public static final Socks5CommandStatus FORBIDDEN = new Socks5CommandStatus(2);

  /** 3: network unreachable. */
  public static final Socks5CommandStatus NETWORK_UNREACHABLE = new Socks5CommandStatus(3);

  /** 4: host unreachable. */
  public static final Socks5CommandStatus HOST_UNREACHABLE = new Socks5CommandStatus(4);

  /** 5: connection refused. */
  public static final Socks5CommandStatus CONNECTION_REFUSED = new Socks5CommandStatus(5);

  /** 6: TTL expired. */
  public static final Socks5CommandStatus TTL_EXPIRED = new Socks5CommandStatus(6);

  /** 7: command not supported. */
  public static final Socks5CommandStatus COMMAND_UNSUPPORTED = new Socks5CommandStatus(7);

  /** 8: address type not supported. */
  public static final Socks5CommandStatus ADDRESS_UNSUPPORTED = new Socks5CommandStatus(8);

  /**
   * Tells whether the command succeeded.
   *
   * @return {@code true} for {@link #SUCCESS}
   */
  public boolean isSuccess() {
    return byteValue == 0;
  }

  /**
   * Checks the byte.
   *
   * @param byteValue the byte on the wire, 0 to 255
   */
  public Socks5CommandStatus {
    if (byteValue < 0 || byteValue > 0xff) {
      throw new IllegalArgumentException("out of range: " + byteValue);
    }
  }

  @Override
  public String toString() {
    String name =
        switch (byteValue) {
          case 0 -> "SUCCESS";
          case 1 -> "FAILURE";
          case 2 -> "FORBIDDEN";
          case 3 -> "NETWORK_UNREACHABLE";
          case 4 -> "HOST_UNREACHABLE";
          case 5 -> "CONNECTION_REFUSED";
          case 6 -> "TTL_EXPIRED";
          case 7 -> "COMMAND_UNSUPPORTED";
          case 8 -> "ADDRESS_UNSUPPORTED";
          default -> "UNKNOWN";
        };
    return name + "(" + byteValue + ")";
  }
}
