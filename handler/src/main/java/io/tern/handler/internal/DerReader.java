package io.tern.handler.internal;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Reads DER elements one after another from a byte range, checking every length against the range
 * (malformed input raises {@link IllegalArgumentException}, never reads outside the array). Enough
 * to take PKCS#1, SEC1 and PKCS#8 key structures apart.
 *
 * <p>Not thread-safe: one reader per parse.
 */
public final class DerReader {
  private final byte[] data;
  private final int end;
  private int pos;

  /**
   * Reads the whole array.
   *
   * @param data the encoded elements
   */
  public DerReader(byte[] data) {
    this(data, 0, data.length);
  }

  private DerReader(byte[] data, int from, int end) {
    this.data = data;
    this.pos = from;
    this.end = end;
  }

  /**
   * Tells whether another element follows.
   *
   * @return whether bytes are left
   */
  public boolean hasMore() {
    return pos < end;
  }

  /**
   * Returns the identifier octet of the next element without consuming it.
   *
   * @return the tag
   * @throws IllegalArgumentException if nothing is left
   */
  public int peekTag() {
    if (pos >= end) {
      throw new IllegalArgumentException("malformed DER: element expected at offset " + pos);
    }
    return data[pos] & 0xff;
  }

  /**
   * Consumes a constructed element and returns a reader over its content.
   *
   * @param tag the expected identifier octet (e.g. {@link Der#SEQUENCE})
   * @return a reader over the children
   */
  public DerReader enter(int tag) {
    int[] range = next(tag);
    return new DerReader(data, range[0], range[1]);
  }

  /**
   * Consumes a SEQUENCE and returns a reader over its content.
   *
   * @return a reader over the children
   */
  public DerReader sequence() {
    return enter(Der.SEQUENCE);
  }

  /**
   * Consumes an element and returns its content octets.
   *
   * @param tag the expected identifier octet
   * @return a copy of the content
   */
  public byte[] content(int tag) {
    int[] range = next(tag);
    return Arrays.copyOfRange(data, range[0], range[1]);
  }

  /**
   * Consumes the next element, whatever its tag, and returns its whole encoding.
   *
   * @return a copy of tag, length and content
   */
  public byte[] element() {
    int start = pos;
    int[] range = next(-1);
    return Arrays.copyOfRange(data, start, range[1]);
  }

  /**
   * Consumes an INTEGER.
   *
   * @return its value
   */
  public BigInteger integer() {
    byte[] content = content(Der.INTEGER);
    if (content.length == 0) {
      throw new IllegalArgumentException("malformed DER: empty INTEGER");
    }
    return new BigInteger(content);
  }

  /**
   * Consumes an OCTET STRING.
   *
   * @return its content
   */
  public byte[] octetString() {
    return content(Der.OCTET_STRING);
  }

  /**
   * Consumes an OBJECT IDENTIFIER.
   *
   * @return its dotted form
   */
  public String oid() {
    byte[] content = content(Der.OID);
    if (content.length == 0 || (content[content.length - 1] & 0x80) != 0) {
      throw new IllegalArgumentException("malformed DER: bad OBJECT IDENTIFIER");
    }
    StringBuilder sb = new StringBuilder();
    BigInteger arc = BigInteger.ZERO;
    boolean first = true;
    for (byte b : content) {
      arc = arc.shiftLeft(7).or(BigInteger.valueOf(b & 0x7f));
      if ((b & 0x80) != 0) {
        continue;
      }
      if (first) {
        int x = arc.compareTo(BigInteger.valueOf(80)) >= 0 ? 2 : arc.intValue() / 40;
        sb.append(x).append('.').append(arc.subtract(BigInteger.valueOf(40L * x)));
        first = false;
      } else {
        sb.append('.').append(arc);
      }
      arc = BigInteger.ZERO;
    }
    return sb.toString();
  }

  /** Consumes and ignores the next element. */
  public void skip() {
    next(-1);
  }

  /** Returns {start, end} of the next element's content (tag -1: any) and moves past it. */
  private int[] next(int tag) {
    int actual = peekTag();
    if (tag >= 0 && actual != tag) {
      throw new IllegalArgumentException(
          "malformed DER: tag 0x"
              + Integer.toHexString(tag)
              + " expected, found 0x"
              + Integer.toHexString(actual)
              + " at offset "
              + pos);
    }
    if ((actual & 0x1f) == 0x1f) {
      throw new IllegalArgumentException("malformed DER: multi-byte tags are not supported");
    }
    int p = pos + 1;
    if (p >= end) {
      throw new IllegalArgumentException("malformed DER: truncated length");
    }
    int first = data[p++] & 0xff;
    long length;
    if (first < 0x80) {
      length = first;
    } else {
      int n = first & 0x7f;
      if (n == 0 || n > 4) {
        throw new IllegalArgumentException("malformed DER: unsupported length form");
      }
      if (p + n > end) {
        throw new IllegalArgumentException("malformed DER: truncated length");
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (data[p++] & 0xff);
      }
    }
    if (length > end - p) {
      throw new IllegalArgumentException(
          "malformed DER: length " + length + " exceeds the " + (end - p) + " bytes left");
    }
    int contentEnd = p + (int) length;
    pos = contentEnd;
    return new int[] {p, contentEnd};
  }
}
