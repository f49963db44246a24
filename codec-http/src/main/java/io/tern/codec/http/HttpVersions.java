package io.tern.codec.http;

import io.tern.common.AsciiString;

/** Byte-level helpers the decoders share for versions and constant comparison. */
final class HttpVersions {
  private static final byte[] HTTP_1_ = {'H', 'T', 'T', 'P', '/', '1', '.'};

  private HttpVersions() {}

  /** Parses exactly {@code HTTP/1.1} or {@code HTTP/1.0} in {@code b[start, end)}. */
  static HttpVersion parse(byte[] b, int start, int end) {
    if (end - start == 8 && java.util.Arrays.equals(b, start, start + 7, HTTP_1_, 0, 7)) {
      if (b[start + 7] == '1') {
        return HttpVersion.HTTP_1_1;
      }
      if (b[start + 7] == '0') {
        return HttpVersion.HTTP_1_0;
      }
    }
    throw new InvalidHttpMessageException("unsupported or malformed HTTP version");
  }

  /** Whether {@code b[start, end)} spells {@code s} exactly. */
  static boolean equals(AsciiString s, byte[] b, int start, int end) {
    return s.length() == end - start
        && java.util.Arrays.equals(
            s.array(), s.arrayOffset(), s.arrayOffset() + s.length(), b, start, end);
  }
}
