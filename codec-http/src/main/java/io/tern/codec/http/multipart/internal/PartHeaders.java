package io.tern.codec.http.multipart.internal;

import io.tern.codec.http.internal.HttpChars;
import io.tern.codec.http.internal.PercentCodec;
import io.tern.codec.http.multipart.HttpPostDecoderException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The header fields of one multipart part (RFC 7578), collected line by line, and the parsing of
 * {@code Content-Disposition}. Reused for every part of a body; one decoder thread.
 */
final class PartHeaders {
  private final List<String> names = new ArrayList<>(4);
  private final List<String> values = new ArrayList<>(4);

  void clear() {
    names.clear();
    values.clear();
  }

  /** Adds the header line {@code line[from, to)} (without its line break). */
  void addLine(byte[] line, int from, int to, Charset charset) {
    if (HttpChars.isOws(line[from])) {
      // obs-fold: a continuation of the previous field's value.
      if (values.isEmpty()) {
        throw new HttpPostDecoderException("a part's header block starts with a continuation line");
      }
      int last = values.size() - 1;
      values.set(last, values.get(last) + ' ' + new String(line, from, to - from, charset).strip());
      return;
    }
    int colon = from;
    while (colon < to && line[colon] != ':') {
      if (!HttpChars.isTokenByte(line[colon])) {
        throw new HttpPostDecoderException(
            "invalid character 0x"
                + Integer.toHexString(line[colon] & 0xFF)
                + " in a part header name");
      }
      colon++;
    }
    if (colon == to || colon == from) {
      throw new HttpPostDecoderException("a part header line has no name or no ':'");
    }
    names.add(
        new String(line, from, colon - from, java.nio.charset.StandardCharsets.ISO_8859_1)
            .toLowerCase(Locale.ROOT));
    values.add(new String(line, colon + 1, to - colon - 1, charset).strip());
  }

  /** Returns the first value of a header whose lower-case name is {@code name}, or null. */
  String get(String name) {
    int i = names.indexOf(name);
    return i < 0 ? null : values.get(i);
  }

  // -----------------------------------------------------------------------------------------
  // Content-Disposition: form-data; name="field"; filename="a.txt"; filename*=UTF-8''a.txt

  /** A parsed disposition: its type and its parameters (lower-case names, first one wins). */
  record Disposition(String type, List<String> paramNames, List<String> paramValues) {
    String param(String name) {
      int i = paramNames.indexOf(name);
      return i < 0 ? null : paramValues.get(i);
    }
  }

  static Disposition parseDisposition(String value) {
    int len = value.length();
    int semi = value.indexOf(';');
    String type = (semi < 0 ? value : value.substring(0, semi)).strip();
    List<String> names = new ArrayList<>(2);
    List<String> values = new ArrayList<>(2);
    int i = semi < 0 ? len : semi + 1;
    while (i < len) {
      while (i < len && (HttpChars.isOws(value.charAt(i)) || value.charAt(i) == ';')) {
        i++;
      }
      int nameStart = i;
      while (i < len && value.charAt(i) != '=' && value.charAt(i) != ';') {
        i++;
      }
      String name = value.substring(nameStart, i).strip().toLowerCase(Locale.ROOT);
      String v = "";
      if (i < len && value.charAt(i) == '=') {
        i++;
        while (i < len && HttpChars.isOws(value.charAt(i))) {
          i++;
        }
        if (i < len && value.charAt(i) == '"') {
          // Browsers and curl escape '"' as %22 in quoted names, not with backslashes.
          int close = value.indexOf('"', i + 1);
          if (close < 0) {
            throw new HttpPostDecoderException("unterminated quoted string in Content-Disposition");
          }
          v = value.substring(i + 1, close);
          i = close + 1;
        } else {
          int e = value.indexOf(';', i);
          e = e < 0 ? len : e;
          v = value.substring(i, e).strip();
          i = e;
        }
      }
      if (!name.isEmpty() && !names.contains(name)) {
        names.add(name);
        values.add(v);
      }
    }
    return new Disposition(type, names, values);
  }

  /** Undoes the escapes the HTML standard applies to names and file names: %22, %0D, %0A. */
  static String unescapeFormName(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length()) {
        String hex = s.substring(i + 1, i + 3).toUpperCase(Locale.ROOT);
        char decoded =
            switch (hex) {
              case "22" -> '"';
              case "0D" -> '\r';
              case "0A" -> '\n';
              default -> 0;
            };
        if (decoded != 0) {
          sb.append(decoded);
          i += 2;
          continue;
        }
      }
      sb.append(c);
    }
    return sb.toString();
  }

  /** Decodes an RFC 8187 ext-value ({@code charset'lang'pct-encoded}), or returns null. */
  static String decodeExtValue(String s) {
    int q1 = s.indexOf('\'');
    int q2 = q1 < 0 ? -1 : s.indexOf('\'', q1 + 1);
    if (q2 < 0) {
      return null;
    }
    try {
      Charset cs = Charset.forName(s.substring(0, q1));
      return PercentCodec.decode(s, q2 + 1, s.length(), cs, false);
    } catch (IllegalArgumentException e) {
      return null; // unknown charset or malformed escape: fall back to the plain filename
    }
  }
}
