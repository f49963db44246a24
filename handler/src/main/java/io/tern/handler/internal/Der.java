package io.tern.handler.internal;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * A minimal DER (ASN.1 Distinguished Encoding Rules) writer: each method returns one complete
 * element (tag, length, content), and constructed elements take their already encoded children.
 * Enough for X.509 certificates and PKCS#8 wrappers; not a general ASN.1 library.
 *
 * <p>Stateless; any thread.
 */
public final class Der {
  /** Universal tag numbers used here. */
  public static final int BOOLEAN = 0x01;

  /** INTEGER. */
  public static final int INTEGER = 0x02;

  /** BIT STRING. */
  public static final int BIT_STRING = 0x03;

  /** OCTET STRING. */
  public static final int OCTET_STRING = 0x04;

  /** NULL. */
  public static final int NULL = 0x05;

  /** OBJECT IDENTIFIER. */
  public static final int OID = 0x06;

  /** UTF8String. */
  public static final int UTF8_STRING = 0x0c;

  /** UTCTime. */
  public static final int UTC_TIME = 0x17;

  /** GeneralizedTime. */
  public static final int GENERALIZED_TIME = 0x18;

  /** SEQUENCE (constructed). */
  public static final int SEQUENCE = 0x30;

  /** SET (constructed). */
  public static final int SET = 0x31;

  private static final DateTimeFormatter UTC_TIME_FORMAT =
      DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");
  private static final DateTimeFormatter GENERALIZED_TIME_FORMAT =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'");

  private Der() {}

  /**
   * Encodes one element.
   *
   * @param tag the full identifier octet (class, constructed bit and number below 31)
   * @param parts the content, concatenated
   * @return the element
   */
  public static byte[] element(int tag, byte[]... parts) {
    int length = 0;
    for (byte[] p : parts) {
      length += p.length;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(length + 6);
    out.write(tag);
    writeLength(out, length);
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /**
   * Encodes a SEQUENCE.
   *
   * @param children encoded elements
   * @return the sequence
   */
  public static byte[] sequence(byte[]... children) {
    return element(SEQUENCE, children);
  }

  /**
   * Encodes a SET; DER wants the children sorted, which callers with more than one child must do.
   *
   * @param children encoded elements
   * @return the set
   */
  public static byte[] set(byte[]... children) {
    return element(SET, children);
  }

  /**
   * Encodes an INTEGER in minimal two's complement.
   *
   * @param value the value
   * @return the integer
   */
  public static byte[] integer(BigInteger value) {
    return element(INTEGER, value.toByteArray());
  }

  /**
   * Encodes an INTEGER.
   *
   * @param value the value
   * @return the integer
   */
  public static byte[] integer(long value) {
    return integer(BigInteger.valueOf(value));
  }

  /**
   * Encodes a BOOLEAN.
   *
   * @param value the value
   * @return the boolean
   */
  public static byte[] bool(boolean value) {
    return element(BOOLEAN, new byte[] {(byte) (value ? 0xff : 0)});
  }

  /**
   * Encodes a NULL.
   *
   * @return the null element
   */
  public static byte[] nullElement() {
    return new byte[] {NULL, 0};
  }

  /**
   * Encodes an OBJECT IDENTIFIER.
   *
   * @param dotted the identifier, e.g. {@code "1.2.840.10045.2.1"}
   * @return the identifier
   * @throws IllegalArgumentException if it has fewer than two arcs or a malformed arc
   */
  public static byte[] oid(String dotted) {
    String[] arcs = dotted.split("\\.", -1);
    if (arcs.length < 2) {
      throw new IllegalArgumentException("object identifier needs two arcs: " + dotted);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BigInteger first = new BigInteger(arcs[0]).multiply(BigInteger.valueOf(40));
    writeBase128(out, first.add(new BigInteger(arcs[1])));
    for (int i = 2; i < arcs.length; i++) {
      writeBase128(out, new BigInteger(arcs[i]));
    }
    return element(OID, out.toByteArray());
  }

  /**
   * Encodes a BIT STRING of whole bytes (no unused bits).
   *
   * @param bytes the bits
   * @return the bit string
   */
  public static byte[] bitString(byte[] bytes) {
    return element(BIT_STRING, new byte[] {0}, bytes);
  }

  /**
   * Encodes a BIT STRING of named bits (bit 0 is the most significant bit of the first byte), with
   * trailing zero bits removed as DER requires.
   *
   * @param bits the bit numbers that are set
   * @return the bit string
   */
  public static byte[] namedBits(int... bits) {
    int highest = -1;
    for (int b : bits) {
      highest = Math.max(highest, b);
    }
    if (highest < 0) {
      return element(BIT_STRING, new byte[] {0});
    }
    byte[] content = new byte[highest / 8 + 2];
    for (int b : bits) {
      content[1 + b / 8] |= (byte) (0x80 >>> (b % 8));
    }
    content[0] = (byte) (7 - highest % 8);
    return element(BIT_STRING, content);
  }

  /**
   * Encodes an OCTET STRING.
   *
   * @param bytes the content
   * @return the octet string
   */
  public static byte[] octetString(byte[] bytes) {
    return element(OCTET_STRING, bytes);
  }

  /**
   * Encodes a UTF8String.
   *
   * @param s the text
   * @return the string element
   */
  public static byte[] utf8String(String s) {
    return element(UTF8_STRING, s.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Encodes a certificate time: UTCTime for the years 1950 to 2049, GeneralizedTime otherwise (RFC
   * 5280, section 4.1.2.5), to the second.
   *
   * @param time the instant
   * @return the time element
   */
  public static byte[] time(Instant time) {
    ZonedDateTime utc = time.atZone(ZoneOffset.UTC);
    int year = utc.getYear();
    if (year >= 1950 && year < 2050) {
      return element(UTC_TIME, UTC_TIME_FORMAT.format(utc).getBytes(StandardCharsets.US_ASCII));
    }
    return element(
        GENERALIZED_TIME, GENERALIZED_TIME_FORMAT.format(utc).getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * Encodes an explicitly tagged, context-specific element: {@code [number] EXPLICIT}.
   *
   * @param number the tag number (below 31)
   * @param children the encoded content elements
   * @return the tagged element
   */
  public static byte[] explicit(int number, byte[]... children) {
    return element(0xa0 | number, children);
  }

  /**
   * Encodes an implicitly tagged, context-specific primitive element: {@code [number] IMPLICIT}.
   *
   * @param number the tag number (below 31)
   * @param content the content octets of the underlying type
   * @return the tagged element
   */
  public static byte[] implicit(int number, byte[] content) {
    return element(0x80 | number, content);
  }

  private static void writeLength(ByteArrayOutputStream out, int length) {
    if (length < 0x80) {
      out.write(length);
      return;
    }
    int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
    out.write(0x80 | bytes);
    for (int i = bytes - 1; i >= 0; i--) {
      out.write(length >>> (8 * i));
    }
  }

  private static void writeBase128(ByteArrayOutputStream out, BigInteger value) {
    if (value.signum() < 0) {
      throw new IllegalArgumentException("negative object identifier arc: " + value);
    }
    int groups = Math.max(1, (value.bitLength() + 6) / 7);
    for (int i = groups - 1; i >= 0; i--) {
      int septet = value.shiftRight(7 * i).intValue() & 0x7f;
      out.write(i == 0 ? septet : septet | 0x80);
    }
  }
}
