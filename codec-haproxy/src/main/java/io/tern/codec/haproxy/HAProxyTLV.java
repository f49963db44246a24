package io.tern.codec.haproxy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A type-length-value field of a version 2 header: the ALPN, authority, unique id or SSL
 * information the proxy adds after the addresses.
 *
 * <pre>
 *  0        1        2        3
 * +--------+--------+--------+---- ... ----+
 * |  type  |  length (big-endian) |  value  |
 * +--------+--------+--------+---- ... ----+
 * </pre>
 *
 * <p>The value is at most 65,535 bytes; {@link #value()} returns a copy. The SSL field ({@code
 * 0x20}) decodes as {@link HAProxySSLTLV}.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: the value is copied out of the decoded buffer.
 */
public sealed class HAProxyTLV permits HAProxySSLTLV {
  private final int typeByteValue;
  final byte[] value;

  HAProxyTLV(int typeByteValue, byte[] value, boolean copy) {
    if (typeByteValue < 0 || typeByteValue > 0xff) {
      throw new IllegalArgumentException("TLV type out of range: " + typeByteValue);
    }
    if (value.length > 0xffff) {
      throw new IllegalArgumentException("TLV value longer than 65535 bytes: " + value.length);
    }
    this.typeByteValue = typeByteValue;
    this.value = copy ? value.clone() : value;
  }

  /**
   * Returns a field with the given type byte and value.
   *
   * @param typeByteValue the type, 0 to 255
   * @param value the value, at most 65,535 bytes; copied
   * @return the field
   * @throws IllegalArgumentException if the type or length is out of range
   */
  public static HAProxyTLV of(int typeByteValue, byte[] value) {
    return new HAProxyTLV(typeByteValue, Objects.requireNonNull(value, "value"), true);
  }

  /**
   * Returns a field whose value is {@code text} in UTF-8 (ALPN, authority, unique id, ...).
   *
   * @param type the type; not {@link Type#OTHER}
   * @param text the value
   * @return the field
   */
  public static HAProxyTLV of(Type type, String text) {
    if (type == Type.OTHER) {
      throw new IllegalArgumentException("OTHER has no type byte: use of(int, byte[])");
    }
    return new HAProxyTLV(type.byteValue, text.getBytes(StandardCharsets.UTF_8), false);
  }

  /**
   * Returns a CRC32C field: the encoder fills in the checksum of the header it writes.
   *
   * @return a field of type {@link Type#CRC32C} with a zero value
   */
  public static HAProxyTLV crc32c() {
    return new HAProxyTLV(Type.CRC32C.byteValue, new byte[4], false);
  }

  /**
   * Returns the field's type.
   *
   * @return the known type, or {@link Type#OTHER}
   */
  public final Type type() {
    return Type.of(typeByteValue);
  }

  /**
   * Returns the field's type byte.
   *
   * @return 0 to 255
   */
  public final int typeByteValue() {
    return typeByteValue;
  }

  /**
   * Returns the value's length.
   *
   * @return bytes, 0 to 65,535
   */
  public final int length() {
    return value.length;
  }

  /**
   * Returns a copy of the value.
   *
   * @return the bytes
   */
  public final byte[] value() {
    return value.clone();
  }

  /**
   * Returns the value decoded as UTF-8 (the text fields: ALPN, authority, SSL version and cipher,
   * ...).
   *
   * @return the text
   */
  public final String valueAsString() {
    return new String(value, StandardCharsets.UTF_8);
  }

  @Override
  public final boolean equals(Object o) {
    return o instanceof HAProxyTLV t
        && t.typeByteValue == typeByteValue
        && Arrays.equals(t.value, value);
  }

  @Override
  public final int hashCode() {
    return typeByteValue * 31 + Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    return "HAProxyTLV("
        + type()
        + ", 0x"
        + Integer.toHexString(typeByteValue)
        + ", "
        + length()
        + " bytes)";
  }

  /** The types the PROXY protocol specification defines. */
  public enum Type {
    /** {@code PP2_TYPE_ALPN}: the application protocol, for example {@code h2}. */
    ALPN(0x01),
    /** {@code PP2_TYPE_AUTHORITY}: the host name the client asked for (SNI). */
    AUTHORITY(0x02),
    /** {@code PP2_TYPE_CRC32C}: the CRC32C of the whole header; checked by the decoder. */
    CRC32C(0x03),
    /** {@code PP2_TYPE_NOOP}: padding. */
    NOOP(0x04),
    /** {@code PP2_TYPE_UNIQUE_ID}: an opaque connection id of up to 128 bytes. */
    UNIQUE_ID(0x05),
    /** {@code PP2_TYPE_SSL}: TLS information, with sub-fields; see {@link HAProxySSLTLV}. */
    SSL(0x20),
    /** {@code PP2_SUBTYPE_SSL_VERSION}: the TLS version, for example {@code TLSv1.3}. */
    SSL_VERSION(0x21),
    /** {@code PP2_SUBTYPE_SSL_CN}: the common name of the client certificate. */
    SSL_CN(0x22),
    /** {@code PP2_SUBTYPE_SSL_CIPHER}: the cipher suite. */
    SSL_CIPHER(0x23),
    /** {@code PP2_SUBTYPE_SSL_SIG_ALG}: the certificate's signature algorithm. */
    SSL_SIG_ALG(0x24),
    /** {@code PP2_SUBTYPE_SSL_KEY_ALG}: the certificate's key algorithm. */
    SSL_KEY_ALG(0x25),
    /** {@code PP2_TYPE_NETNS}: the network namespace. */
    NETNS(0x30),
    /** Any other type (the custom range 0xE0–0xEF, or one defined later). */
    OTHER(-1);

    private static final Type[] BY_BYTE = new Type[256];

    static {
      Arrays.fill(BY_BYTE, OTHER);
      for (Type t : values()) {
        if (t.byteValue >= 0) {
          BY_BYTE[t.byteValue] = t;
        }
      }
    }

    private final int byteValue;

    Type(int byteValue) {
      this.byteValue = byteValue;
    }

    /**
     * Returns the type byte.
     *
     * @return 0 to 255, or -1 for {@link #OTHER}
     */
    public int byteValue() {
      return byteValue;
    }

    /**
     * Returns the type of a type byte.
     *
     * @param typeByteValue the byte
     * @return the type, or {@link #OTHER}
     */
    public static Type of(int typeByteValue) {
      return BY_BYTE[typeByteValue & 0xff];
    }
  }
}
