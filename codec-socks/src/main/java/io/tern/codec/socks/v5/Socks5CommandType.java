package io.tern.codec.socks.v5;

/**
 * The command of a SOCKS 5 request.
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
public record Socks5CommandType(int byteValue) {
  /** 1: open a TCP connection to the destination. */
  public static final Socks5CommandType CONNECT = new Socks5CommandType(1);

  /** 2: accept one connection from the destination. */
  public static final Socks5CommandType BIND = new Socks5CommandType(2);

  /** 3: relay UDP datagrams. */
  public static final Socks5CommandType UDP_ASSOCIATE = new Socks5CommandType(3);

  /**
   * Checks the byte.
   *
   * @param byteValue the byte on the wire, 0 to 255
   */
  public Socks5CommandType {
    if (byteValue < 0 || byteValue > 0xff) {
      throw new IllegalArgumentException("out of range: " + byteValue);
    }
  }

  @Override
  public String toString() {
    String name =
        switch (byteValue) {
          case 1 -> "CONNECT";
          case 2 -> "BIND";
          case 3 -> "UDP_ASSOCIATE";
          default -> "UNKNOWN";
        };
    return name + "(" + byteValue + ")";
  }
}
