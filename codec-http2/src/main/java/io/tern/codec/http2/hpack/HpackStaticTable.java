package io.tern.codec.http2.hpack;

import io.tern.codec.http.HttpHeaderNames;
import io.tern.common.AsciiString;

/**
 * The 61 entries of RFC 7541's static table (Appendix A), with lookups by name and by name and
 * value for the encoder. Names that {@link HttpHeaderNames} has are its very constants, so a caller
 * using them is matched by identity before any bytes are compared.
 *
 * <p>Immutable; thread-safe.
 */
final class HpackStaticTable {
  /** Number of entries; dynamic indexes start after it. */
  static final int LENGTH = 61;

  static final AsciiString AUTHORITY = AsciiString.cached(":authority");
  static final AsciiString METHOD = AsciiString.cached(":method");
  static final AsciiString PATH = AsciiString.cached(":path");
  static final AsciiString SCHEME = AsciiString.cached(":scheme");
  static final AsciiString STATUS = AsciiString.cached(":status");

  private static final AsciiString EMPTY = AsciiString.EMPTY_STRING;

  /** Index 1..61 (slot 0 unused). */
  private static final AsciiString[] NAMES = new AsciiString[LENGTH + 1];

  private static final AsciiString[] VALUES = new AsciiString[LENGTH + 1];

  // Open-addressed by name hash: each slot holds the first index of a name (entries of one name are
  // consecutive in the table), 0 where empty.
  private static final int SLOTS = 128;
  private static final byte[] BY_NAME = new byte[SLOTS];

  static {
    int i = 0;
    add(++i, AUTHORITY, EMPTY);
    add(++i, METHOD, "GET");
    add(++i, METHOD, "POST");
    add(++i, PATH, "/");
    add(++i, PATH, "/index.html");
    add(++i, SCHEME, "http");
    add(++i, SCHEME, "https");
    add(++i, STATUS, "200");
    add(++i, STATUS, "204");
    add(++i, STATUS, "206");
    add(++i, STATUS, "304");
    add(++i, STATUS, "400");
    add(++i, STATUS, "404");
    add(++i, STATUS, "500");
    add(++i, HttpHeaderNames.ACCEPT_CHARSET, EMPTY);
    add(++i, HttpHeaderNames.ACCEPT_ENCODING, "gzip, deflate");
    add(++i, HttpHeaderNames.ACCEPT_LANGUAGE, EMPTY);
    add(++i, HttpHeaderNames.ACCEPT_RANGES, EMPTY);
    add(++i, HttpHeaderNames.ACCEPT, EMPTY);
    add(++i, HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, EMPTY);
    add(++i, HttpHeaderNames.AGE, EMPTY);
    add(++i, HttpHeaderNames.ALLOW, EMPTY);
    add(++i, HttpHeaderNames.AUTHORIZATION, EMPTY);
    add(++i, HttpHeaderNames.CACHE_CONTROL, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_DISPOSITION, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_ENCODING, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_LANGUAGE, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_LENGTH, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_LOCATION, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_RANGE, EMPTY);
    add(++i, HttpHeaderNames.CONTENT_TYPE, EMPTY);
    add(++i, HttpHeaderNames.COOKIE, EMPTY);
    add(++i, HttpHeaderNames.DATE, EMPTY);
    add(++i, HttpHeaderNames.ETAG, EMPTY);
    add(++i, HttpHeaderNames.EXPECT, EMPTY);
    add(++i, HttpHeaderNames.EXPIRES, EMPTY);
    add(++i, HttpHeaderNames.FROM, EMPTY);
    add(++i, HttpHeaderNames.HOST, EMPTY);
    add(++i, HttpHeaderNames.IF_MATCH, EMPTY);
    add(++i, HttpHeaderNames.IF_MODIFIED_SINCE, EMPTY);
    add(++i, HttpHeaderNames.IF_NONE_MATCH, EMPTY);
    add(++i, HttpHeaderNames.IF_RANGE, EMPTY);
    add(++i, HttpHeaderNames.IF_UNMODIFIED_SINCE, EMPTY);
    add(++i, HttpHeaderNames.LAST_MODIFIED, EMPTY);
    add(++i, AsciiString.cached("link"), EMPTY);
    add(++i, HttpHeaderNames.LOCATION, EMPTY);
    add(++i, HttpHeaderNames.MAX_FORWARDS, EMPTY);
    add(++i, HttpHeaderNames.PROXY_AUTHENTICATE, EMPTY);
    add(++i, HttpHeaderNames.PROXY_AUTHORIZATION, EMPTY);
    add(++i, HttpHeaderNames.RANGE, EMPTY);
    add(++i, HttpHeaderNames.REFERER, EMPTY);
    add(++i, AsciiString.cached("refresh"), EMPTY);
    add(++i, HttpHeaderNames.RETRY_AFTER, EMPTY);
    add(++i, HttpHeaderNames.SERVER, EMPTY);
    add(++i, HttpHeaderNames.SET_COOKIE, EMPTY);
    add(++i, AsciiString.cached("strict-transport-security"), EMPTY);
    add(++i, HttpHeaderNames.TRANSFER_ENCODING, EMPTY);
    add(++i, HttpHeaderNames.USER_AGENT, EMPTY);
    add(++i, HttpHeaderNames.VARY, EMPTY);
    add(++i, HttpHeaderNames.VIA, EMPTY);
    add(++i, HttpHeaderNames.WWW_AUTHENTICATE, EMPTY);
    assert i == LENGTH;
  }

  private HpackStaticTable() {}

  private static void add(int index, AsciiString name, String value) {
    add(index, name, AsciiString.cached(value));
  }

  private static void add(int index, AsciiString name, AsciiString value) {
    NAMES[index] = name;
    VALUES[index] = value;
    int slot = AsciiString.hashCode(name) & (SLOTS - 1);
    for (; ; ) {
      int first = BY_NAME[slot];
      if (first == 0) {
        BY_NAME[slot] = (byte) index;
        return;
      }
      if (NAMES[first] == name) {
        return; // a later entry of a name already placed
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
  }

  static AsciiString name(int index) {
    return NAMES[index];
  }

  static AsciiString value(int index) {
    return VALUES[index];
  }

  /**
   * Returns the first index whose name is {@code name}.
   *
   * @param name the name (case-sensitive: HTTP/2 names are lower case)
   * @param hash {@link AsciiString#hashCode(CharSequence)} of {@code name}
   * @return the index, or 0 if none
   */
  static int nameIndex(CharSequence name, int hash) {
    int slot = hash & (SLOTS - 1);
    for (; ; ) {
      int first = BY_NAME[slot];
      if (first == 0) {
        return 0;
      }
      AsciiString n = NAMES[first];
      if (n == name || (n.hashCode() == hash && n.contentEquals(name))) {
        return first;
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
  }

  /**
   * Returns the index of the entry with this name, starting the search at {@code nameIndex}, whose
   * value is {@code value}.
   *
   * @param nameIndex a result of {@link #nameIndex} other than 0
   * @param value the value
   * @param valueHash {@link AsciiString#hashCode(CharSequence)} of {@code value}
   * @return the index, or 0 if none
   */
  static int indexOf(int nameIndex, CharSequence value, int valueHash) {
    AsciiString name = NAMES[nameIndex];
    for (int i = nameIndex; i <= LENGTH && NAMES[i] == name; i++) {
      AsciiString v = VALUES[i];
      if (v == value || (v.hashCode() == valueHash && v.contentEquals(value))) {
        return i;
      }
    }
    return 0;
  }
}
