package io.tern.codec.socks.v4;

/**
 * The command of a SOCKS 4 request.
 *
 * <h2>Threading</h2>
 *
 * <p>An immutable constant: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public enum Socks4CommandType {
  /** Open a TCP connection to the destination. */
  CONNECT(1),
  /** Accept one connection from the destination. */
  BIND(2);

  private final int byteValue;

  Socks4CommandType(int byteValue) {
    this.byteValue = byteValue;
  }

  /**
   * Returns the command byte.
   *
   * @return 1 or 2
   */
  public int byteValue() {
    return byteValue;
  }
}
