package io.tern.codec.http;

/**
 * One byte range of a {@code Range: bytes=…} request field (RFC 9110, section 14), resolved against
 * a representation's length: {@code first..last} inclusive.
 *
 * @param first the first byte
 * @param last the last byte, at least {@code first}
 */
record HttpByteRange(long first, long last) {
  /** Parsing found the field not applicable: serve the whole representation. */
  static final HttpByteRange WHOLE = new HttpByteRange(-1, -1);

  /** The field is a valid range set that no byte of the representation satisfies: 416. */
  static final HttpByteRange UNSATISFIABLE = new HttpByteRange(-2, -2);

  /** Returns the number of bytes in the range. */
  long length() {
    return last - first + 1;
  }

  /**
   * Resolves a {@code Range} value. Only a single range is served: a list of several, another unit,
   * or a malformed value is ignored ({@link #WHOLE}), which RFC 9110 allows.
   *
   * @param value the field value, or {@code null} when absent
   * @param size the representation's length
   * @return the range, {@link #WHOLE} or {@link #UNSATISFIABLE}
   */
  static HttpByteRange parse(String value, long size) {
    if (value == null || !value.regionMatches(true, 0, "bytes=", 0, 6)) {
      return WHOLE;
    }
    String spec = value.substring(6).strip();
    int dash = spec.indexOf('-');
    if (dash < 0 || spec.indexOf(',') >= 0) {
      return WHOLE;
    }
    long a = digits(spec, 0, dash);
    long b = digits(spec, dash + 1, spec.length());
    if (dash == 0) { // suffix: the last b bytes
      if (b < 0) {
        return WHOLE;
      }
      if (b == 0 || size == 0) {
        return UNSATISFIABLE;
      }
      return new HttpByteRange(Math.max(0, size - b), size - 1);
    }
    if (a < 0 || (dash + 1 < spec.length() && (b < 0 || b < a))) {
      return WHOLE;
    }
    if (a >= size) {
      return UNSATISFIABLE;
    }
    long last = dash + 1 == spec.length() ? size - 1 : Math.min(b, size - 1);
    return new HttpByteRange(a, last);
  }

  /** Parses {@code s[from, to)} as at most 18 decimal digits; -1 if it is not. */
  private static long digits(String s, int from, int to) {
    if (from == to || to - from > 18) {
      return -1;
    }
    long n = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }
}
