package io.tern.codec.http.files;

import java.util.ArrayList;
import java.util.List;

/**
 * One byte range of a {@code Range: bytes=…} request field (RFC 9110, section 14), resolved against
 * a representation's length: {@code first..last} inclusive.
 *
 * @param first the first byte
 * @param last the last byte, at least {@code first}
 */
record HttpByteRange(long first, long last) {

  /** Returns the number of bytes in the range. */
  long length() {
    return last - first + 1;
  }

  /**
   * Resolves a {@code Range} value against a representation of {@code size} bytes.
   *
   * <p>Ranges no byte satisfies are dropped; the rest are sorted and those that overlap or touch
   * are merged, so the answer never sends a byte twice and a many-ranges request cannot make the
   * response larger than the file plus part headers (RFC 9110, section 14.3, lets a server
   * coalesce). A value that is malformed anywhere, of another unit, or with more than {@code
   * maxRanges} ranges is ignored: the whole representation is served, as RFC 9110 allows.
   *
   * @param value the field value, or {@code null} when absent
   * @param size the representation's length
   * @param maxRanges the most ranges accepted in one value
   * @return {@code null} to serve the whole representation; an empty list when no range is
   *     satisfiable ({@code 416}); otherwise the disjoint ranges in ascending order
   */
  static List<HttpByteRange> parse(String value, long size, int maxRanges) {
    if (value == null || !value.regionMatches(true, 0, "bytes=", 0, 6)) {
      return null;
    }
    List<HttpByteRange> ranges = new ArrayList<>(2);
    int count = 0;
    int start = 6;
    while (start <= value.length()) {
      int comma = value.indexOf(',', start);
      int end = comma < 0 ? value.length() : comma;
      int from = skipSpaces(value, start, end);
      int to = trimSpaces(value, from, end);
      if (from < to) { // empty list elements are allowed (RFC 9110, section 5.6.1)
        if (++count > maxRanges) {
          return null;
        }
        HttpByteRange range = resolve(value, from, to, size);
        if (range == MALFORMED) {
          return null;
        }
        if (range != null) {
          ranges.add(range);
        }
      }
      start = end + 1;
    }
    if (count == 0) {
      return null;
    }
    return coalesce(ranges);
  }

  /** Marks a malformed range spec. */
  private static final HttpByteRange MALFORMED = new HttpByteRange(-1, -1);

  /**
   * Resolves one range spec {@code s[from, to)}: the range, {@code null} if no byte satisfies it,
   * or {@link #MALFORMED}.
   */
  private static HttpByteRange resolve(String s, int from, int to, long size) {
    int dash = s.indexOf('-', from);
    if (dash < 0 || dash >= to) {
      return MALFORMED;
    }
    long b = dash + 1 == to ? -1 : digits(s, dash + 1, to);
    if (dash == from) { // suffix: the last b bytes
      if (b < 0) {
        return MALFORMED;
      }
      return b == 0 || size == 0 ? null : new HttpByteRange(Math.max(0, size - b), size - 1);
    }
    long a = digits(s, from, dash);
    if (a < 0 || (dash + 1 < to && (b < 0 || b < a))) {
      return MALFORMED;
    }
    if (a >= size) {
      return null;
    }
    return new HttpByteRange(a, b < 0 ? size - 1 : Math.min(b, size - 1));
  }

  /** Sorts by first byte and merges ranges that overlap or are adjacent. */
  private static List<HttpByteRange> coalesce(List<HttpByteRange> ranges) {
    if (ranges.size() < 2) {
      return ranges;
    }
    ranges.sort((x, y) -> Long.compare(x.first, y.first));
    List<HttpByteRange> merged = new ArrayList<>(ranges.size());
    HttpByteRange current = ranges.get(0);
    for (int i = 1; i < ranges.size(); i++) {
      HttpByteRange next = ranges.get(i);
      if (next.first <= current.last + 1) {
        current = new HttpByteRange(current.first, Math.max(current.last, next.last));
      } else {
        merged.add(current);
        current = next;
      }
    }
    merged.add(current);
    return merged;
  }

  private static int skipSpaces(String s, int from, int to) {
    while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
      from++;
    }
    return from;
  }

  private static int trimSpaces(String s, int from, int to) {
    while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
      to--;
    }
    return to;
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
