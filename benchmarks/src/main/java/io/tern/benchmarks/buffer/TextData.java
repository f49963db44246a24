package io.tern.benchmarks.buffer;

import io.tern.benchmarks.harness.ParamValues;

/** Strings shared by the text-encoding benchmarks and their Netty twins. */
final class TextData {
  private TextData() {}

  private static final String SHORT = "Content-Type: text/plain; charset=utf-8";
  private static final String SHORT_MIXED = "Grüße aus Köln, 東京 und 🙂 zurück";

  /** ASCII text: {@code short} (a header line) or {@code long} (1 KiB). */
  static String ascii(String length) {
    return ParamValues.oneOf("length", length, "short", "long").equals("short")
        ? SHORT
        : repeat(SHORT, 1024);
  }

  /** Text with 2-, 3- and 4-byte UTF-8 sequences, of the same char length class. */
  static String mixed(String length) {
    return ParamValues.oneOf("length", length, "short", "long").equals("short")
        ? SHORT_MIXED
        : repeat(SHORT_MIXED, 1024);
  }

  private static String repeat(String s, int chars) {
    StringBuilder sb = new StringBuilder(chars + s.length());
    while (sb.length() < chars) {
      sb.append(s);
    }
    return sb.toString();
  }
}
