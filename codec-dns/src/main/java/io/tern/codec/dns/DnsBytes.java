package io.tern.codec.dns;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable byte string: opaque record data, option values, SVCB parameter values. Equal when
 * the bytes are.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DnsBytes {
  /** No bytes. */
  public static final DnsBytes EMPTY = new DnsBytes(new byte[0]);

  private final byte[] bytes;

  private DnsBytes(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * Copies the bytes.
   *
   * @param bytes the bytes
   * @return the byte string
   */
  public static DnsBytes of(byte... bytes) {
    return bytes.length == 0 ? EMPTY : new DnsBytes(bytes.clone());
  }

  /** Takes ownership of an array the caller no longer touches. */
  static DnsBytes wrap(byte[] bytes) {
    return bytes.length == 0 ? EMPTY : new DnsBytes(bytes);
  }

  /**
   * Returns the length.
   *
   * @return the number of bytes
   */
  public int length() {
    return bytes.length;
  }

  /**
   * Returns a copy of the bytes.
   *
   * @return a new array
   */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /** The array itself, for writing: never handed out. */
  byte[] array() {
    return bytes;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DnsBytes b && Arrays.equals(b.bytes, bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** The bytes in hexadecimal. */
  @Override
  public String toString() {
    return HexFormat.of().formatHex(bytes);
  }
}
