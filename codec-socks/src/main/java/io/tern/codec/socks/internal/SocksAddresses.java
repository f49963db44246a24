package io.tern.codec.socks.internal;

import io.tern.buffer.ByteBuf;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/**
 * Checks and conversions for the addresses and strings SOCKS messages carry: IPv4 and IPv6 literals
 * to and from their bytes, and the one-byte-length (at most 255 bytes) or NUL-terminated ASCII
 * strings of the two versions.
 *
 * <p>Stateless: any thread; reads and writes the buffers it is given.
 */
public final class SocksAddresses {
  /** The longest host name, user name or password either version carries. */
  public static final int MAX_STRING_LENGTH = 255;

  private SocksAddresses() {}

  /**
   * Returns the bytes of an IPv4 literal, or {@code null} if {@code text} is not one (canonical
   * dotted decimal, four parts).
   *
   * @param text the text
   * @return 4 bytes, or {@code null}
   */
  public static byte[] ipv4(String text) {
    byte[] a = new byte[4];
    int part = 0;
    int value = -1;
    int n = text.length();
    for (int i = 0; i <= n; i++) {
      int c = i < n ? text.charAt(i) : '.';
      if (c == '.') {
        if (value < 0 || part == 4) {
          return null;
        }
        a[part++] = (byte) value;
        value = -1;
      } else if (c >= '0' && c <= '9') {
        if (value == 0) {
          return null; // a leading zero
        }
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        if (value > 255) {
          return null;
        }
      } else {
        return null;
      }
    }
    return part == 4 ? a : null;
  }

  /**
   * Returns the bytes of an IPv6 literal, or {@code null} if {@code text} is not one.
   *
   * @param text the text, without brackets or zone
   * @return 16 bytes, or {@code null}
   */
  public static byte[] ipv6(String text) {
    if (text.indexOf(':') < 0 || text.indexOf('%') >= 0 || text.indexOf('[') >= 0) {
      return null;
    }
    try {
      InetAddress ip = Inet6Address.ofLiteral(text);
      byte[] b = ip.getAddress();
      if (b.length == 4) { // an IPv4-mapped literal: back to its 16 bytes
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        System.arraycopy(b, 0, mapped, 12, 4);
        return mapped;
      }
      return b;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Returns an address as text.
   *
   * @param bytes 4 or 16 bytes
   * @return the literal ({@code 1.2.3.4}, {@code 2001:db8:0:0:0:0:0:1})
   */
  public static String literal(byte[] bytes) {
    if (bytes.length == 4) {
      return (bytes[0] & 0xff)
          + "."
          + (bytes[1] & 0xff)
          + "."
          + (bytes[2] & 0xff)
          + "."
          + (bytes[3] & 0xff);
    }
    try {
      return Inet6Address.getByAddress(null, bytes, -1).getHostAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an IPv6 address: " + bytes.length + " bytes", e);
    }
  }

  /**
   * Checks a string a message will carry: ASCII, at most 255 bytes (or {@code max}).
   *
   * @param value the string
   * @param what its name, for the exception
   * @param allowEmpty whether an empty string is allowed
   * @return {@code value}
   * @throws IllegalArgumentException if it is too long or not ASCII
   */
  public static String checkString(String value, String what, boolean allowEmpty) {
    if (value == null) {
      throw new NullPointerException(what);
    }
    if (value.length() > MAX_STRING_LENGTH || (!allowEmpty && value.isEmpty())) {
      throw new IllegalArgumentException(what + " must be 1 to 255 characters: " + value.length());
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == 0 || c > 0x7e) {
        throw new IllegalArgumentException(what + " must be printable ASCII without NUL");
      }
    }
    return value;
  }

  /**
   * Writes ASCII text (checked by {@link #checkString}).
   *
   * @param out the buffer
   * @param value the text
   */
  public static void writeAscii(ByteBuf out, String value) {
    out.writeCharSequence(value, StandardCharsets.US_ASCII);
  }

  /**
   * Reads {@code length} bytes as ISO-8859-1 text (so every byte maps to one character).
   *
   * @param in the buffer
   * @param index where the text starts
   * @param length its length
   * @return the text
   */
  public static String readText(ByteBuf in, int index, int length) {
    return in.toString(index, length, StandardCharsets.ISO_8859_1);
  }

  /** SOCKS 5 address types. */
  public static final int ATYP_IPV4 = 1;

  /** A host name with a length byte. */
  public static final int ATYP_DOMAIN = 3;

  /** 16 bytes. */
  public static final int ATYP_IPV6 = 4;

  /**
   * Returns how many bytes a SOCKS 5 address of type {@code atyp} at {@code index} takes with the
   * port after it, or -1 if not known yet (the length byte of a name has not arrived).
   *
   * @param in the buffer
   * @param index where the address starts
   * @param atyp the address type byte
   * @return bytes, or -1
   * @throws io.tern.codec.socks.SocksProtocolException for an unknown type or an empty name
   */
  public static int socks5AddressLength(ByteBuf in, int index, int atyp) {
    return switch (atyp) {
      case ATYP_IPV4 -> 4 + 2;
      case ATYP_IPV6 -> 16 + 2;
      case ATYP_DOMAIN -> {
        if (in.writerIndex() <= index) {
          yield -1;
        }
        int n = in.getUnsignedByte(index);
        if (n == 0) {
          throw new io.tern.codec.socks.SocksProtocolException("empty host name");
        }
        yield 1 + n + 2;
      }
      default ->
          throw new io.tern.codec.socks.SocksProtocolException("unknown address type " + atyp);
    };
  }

  /**
   * Reads a SOCKS 5 address (whose length {@link #socks5AddressLength} checked) as text.
   *
   * @param in the buffer
   * @param index where it starts
   * @param atyp its type
   * @return an IP literal or the host name
   */
  public static String readSocks5Address(ByteBuf in, int index, int atyp) {
    return switch (atyp) {
      case ATYP_IPV4 -> {
        byte[] b = new byte[4];
        in.getBytes(index, b);
        yield literal(b);
      }
      case ATYP_IPV6 -> {
        byte[] b = new byte[16];
        in.getBytes(index, b);
        yield literal(b);
      }
      default -> readText(in, index + 1, in.getUnsignedByte(index));
    };
  }

  /**
   * Writes a SOCKS 5 address of a type (the message checked that they fit).
   *
   * @param out the buffer
   * @param atyp the type
   * @param address an IP literal of that type or a host name
   */
  public static void writeSocks5Address(ByteBuf out, int atyp, String address) {
    switch (atyp) {
      case ATYP_IPV4 -> out.writeBytes(ipv4(address));
      case ATYP_IPV6 -> out.writeBytes(ipv6(address));
      default -> {
        out.writeByte(address.length());
        writeAscii(out, address);
      }
    }
  }
}
