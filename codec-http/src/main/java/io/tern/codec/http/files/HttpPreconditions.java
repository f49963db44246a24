package io.tern.codec.http.files;

import io.tern.codec.http.DateFormatter;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaders;

/**
 * The conditional-request fields of RFC 9110, section 13, evaluated for one representation with a
 * strong entity tag and a modification time in whole seconds (what an HTTP date can express).
 *
 * <p>The order is the RFC's (section 13.2.2): {@code If-Match}, else {@code If-Unmodified-Since}
 * ({@code 412} when they fail); then {@code If-None-Match}, else {@code If-Modified-Since} ({@code
 * 304} for {@code GET} and {@code HEAD}); {@code If-Range} only decides whether a {@code Range} is
 * honoured. Dates that do not parse are ignored, as the RFC asks.
 *
 * @param etag the representation's strong entity tag, quotes included
 * @param modifiedSeconds its modification time, in seconds since the epoch
 */
record HttpPreconditions(String etag, long modifiedSeconds) {

  /** What the preconditions decide. */
  enum Outcome {
    /** Serve the representation (a {@code Range} may still apply). */
    PROCEED,
    /** {@code 304 Not Modified}. */
    NOT_MODIFIED,
    /** {@code 412 Precondition Failed}. */
    PRECONDITION_FAILED
  }

  /**
   * Makes the strong tag of a file from its modification time and size: any change to either
   * changes it, as for nginx and Apache.
   *
   * @param modifiedMillis the modification time in milliseconds since the epoch
   * @param size the file's length
   * @return the quoted tag
   */
  static HttpPreconditions forFile(long modifiedMillis, long size) {
    String etag = '"' + Long.toHexString(modifiedMillis) + '-' + Long.toHexString(size) + '"';
    return new HttpPreconditions(etag, Math.floorDiv(modifiedMillis, 1000));
  }

  /**
   * Evaluates the preconditions of a request.
   *
   * @param headers the request's fields
   * @param safe whether the method is {@code GET} or {@code HEAD}
   * @return the outcome
   */
  Outcome evaluate(HttpHeaders headers, boolean safe) {
    String ifMatch = headers.get(HttpHeaderNames.IF_MATCH);
    if (ifMatch != null) {
      if (!matches(ifMatch, true)) {
        return Outcome.PRECONDITION_FAILED;
      }
    } else {
      long since = date(headers.get(HttpHeaderNames.IF_UNMODIFIED_SINCE));
      if (since != Long.MIN_VALUE && modifiedSeconds > since) {
        return Outcome.PRECONDITION_FAILED;
      }
    }
    String ifNoneMatch = headers.get(HttpHeaderNames.IF_NONE_MATCH);
    if (ifNoneMatch != null) {
      if (matches(ifNoneMatch, false)) {
        return safe ? Outcome.NOT_MODIFIED : Outcome.PRECONDITION_FAILED;
      }
    } else if (safe) {
      long since = date(headers.get(HttpHeaderNames.IF_MODIFIED_SINCE));
      if (since != Long.MIN_VALUE && modifiedSeconds <= since) {
        return Outcome.NOT_MODIFIED;
      }
    }
    return Outcome.PROCEED;
  }

  /**
   * Tells whether a {@code Range} may be honoured: always without {@code If-Range}; with it, only
   * if it names this representation's strong tag (a weak tag never matches) or exactly its
   * modification date.
   *
   * @param ifRange the {@code If-Range} value, or {@code null}
   * @return {@code true} to honour the range, {@code false} to send the whole representation
   */
  boolean rangeApplies(String ifRange) {
    if (ifRange == null) {
      return true;
    }
    String value = ifRange.strip();
    if (value.startsWith("\"") || value.startsWith("W/")) {
      return value.equals(etag);
    }
    long date = date(value);
    return date != Long.MIN_VALUE && date == modifiedSeconds;
  }

  /**
   * Tells whether a list of entity tags ({@code *} or {@code "a", W/"b"}) holds this
   * representation's tag. Strong comparison ignores weak tags; weak comparison ignores the {@code
   * W/}. A malformed list matches nothing.
   */
  boolean matches(String list, boolean strong) {
    String value = list.strip();
    if (value.equals("*")) {
      return true;
    }
    int i = 0;
    int n = value.length();
    while (i < n) {
      char c = value.charAt(i);
      if (c == ' ' || c == '\t' || c == ',') {
        i++;
        continue;
      }
      boolean weak = value.startsWith("W/", i);
      int open = weak ? i + 2 : i;
      if (open >= n || value.charAt(open) != '"') {
        return false;
      }
      int close = value.indexOf('"', open + 1);
      if (close < 0) {
        return false;
      }
      if (!(weak && strong)
          && value.regionMatches(open, etag, 0, etag.length())
          && close + 1 - open == etag.length()) {
        return true;
      }
      i = close + 1;
    }
    return false;
  }

  /** Parses an HTTP date into whole seconds; {@link Long#MIN_VALUE} if absent or malformed. */
  private static long date(String value) {
    if (value == null) {
      return Long.MIN_VALUE;
    }
    long millis = DateFormatter.parseMillis(value, Long.MIN_VALUE);
    return millis == Long.MIN_VALUE ? Long.MIN_VALUE : Math.floorDiv(millis, 1000);
  }
}
