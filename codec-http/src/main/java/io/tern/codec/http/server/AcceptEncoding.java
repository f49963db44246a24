package io.tern.codec.http.server;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses a content coding from a request's {@code Accept-Encoding} (RFC 9110, section 12.5.3): the
 * offered coding with the highest quality value wins; {@code q=0} refuses a coding; {@code *} gives
 * its quality to every coding the header does not name; a coding the header does not name, with no
 * {@code *}, is not acceptable; ties go to the coding the server lists first. {@code x-gzip} counts
 * as {@code gzip}. A quality value that is not a number between 0 and 1 counts as 0.
 */
final class AcceptEncoding {
  private AcceptEncoding() {}

  /**
   * Returns the coding to use.
   *
   * @param header the request's {@code Accept-Encoding} value ({@code ""} when absent)
   * @param offered the server's codings, lower case, most preferred first
   * @return one of {@code offered}, or {@code null} for none
   */
  static String choose(String header, List<String> offered) {
    Map<String, Float> quality = new HashMap<>();
    float star = -1;
    for (String element : header.split(",", -1)) {
      String[] parts = element.split(";", -1);
      String coding = parts[0].strip().toLowerCase(Locale.ROOT);
      if (coding.isEmpty()) {
        continue;
      }
      if (coding.equals("x-gzip")) {
        coding = "gzip";
      }
      float q = 1;
      for (int i = 1; i < parts.length; i++) {
        String parameter = parts[i].strip();
        if (parameter.length() >= 2
            && (parameter.charAt(0) == 'q' || parameter.charAt(0) == 'Q')
            && parameter.charAt(1) == '=') {
          q = parseQuality(parameter.substring(2).strip());
        }
      }
      if (coding.equals("*")) {
        star = Math.max(star, q);
      } else {
        quality.merge(coding, q, Math::max);
      }
    }
    String best = null;
    float bestQuality = 0;
    for (String coding : offered) {
      Float named = quality.get(coding);
      float q = named != null ? named : star;
      if (q > bestQuality) {
        best = coding;
        bestQuality = q;
      }
    }
    return best;
  }

  private static float parseQuality(String value) {
    try {
      float q = Float.parseFloat(value);
      return q >= 0 && q <= 1 ? q : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
