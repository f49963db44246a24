package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuzzes {@link QueryStringDecoder} against a plain reference (split, then {@link URLDecoder} per
 * component) and {@link QueryStringEncoder} by round trips. The decoder's fast paths (substrings,
 * one shared byte array for escapes) must give what the reference gives, or reject the input with
 * {@link IllegalArgumentException} (a malformed escape, or more than {@code maxParams}). The normal
 * build replays the seeds in {@code QueryStringFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class QueryStringFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void decodesLikeTheReferenceAndRoundTripsParameters(FuzzedDataProvider data) {
    int maxParams = data.consumeInt(1, 64);
    boolean semicolonIsNormalChar = data.consumeBoolean();
    String name = data.consumeString(32);
    String value = data.consumeString(64);
    String query = data.consumeRemainingAsString();

    Map<String, List<String>> expected;
    try {
      expected = reference(query, semicolonIsNormalChar);
    } catch (IllegalArgumentException malformed) {
      expected = null;
    }
    QueryStringDecoder decoder =
        QueryStringDecoder.builder()
            .hasPath(false)
            .maxParams(maxParams)
            .semicolonIsNormalChar(semicolonIsNormalChar)
            .build(query);
    if (expected == null) {
      assertThatThrownBy(decoder::parameters).isInstanceOf(IllegalArgumentException.class);
    } else {
      Map<String, List<String>> actual = null;
      try {
        actual = decoder.parameters();
      } catch (IllegalArgumentException rejected) {
        // Stricter than URLDecoder ("%+1" is no escape here) or over the limit.
      }
      if (actual != null) {
        assertThat(actual).isEqualTo(expected);
        assertThat(actual.keySet()).containsExactlyElementsOf(expected.keySet());
        assertThat(actual.values().stream().mapToInt(List::size).sum())
            .isLessThanOrEqualTo(maxParams);
      }
    }

    if (!name.isEmpty() && wellFormed(name) && wellFormed(value)) {
      QueryStringEncoder encoder = new QueryStringEncoder("/r");
      encoder.addParam(name, value);
      String encoded = encoder.toString();
      assertThat(encoded).matches("[\\x21-\\x7e]*");
      assertThat(new QueryStringDecoder(encoded).parameters())
          .containsExactly(entry(name, List.of(value)));
    }
  }

  private static Map<String, List<String>> reference(String query, boolean semicolonIsNormal) {
    String q = query;
    int hash = q.indexOf('#');
    if (hash >= 0) {
      q = q.substring(0, hash);
    }
    if (q.startsWith("?")) {
      q = q.substring(1);
    }
    Map<String, List<String>> params = new LinkedHashMap<>();
    for (String p : q.split(semicolonIsNormal ? "&" : "[&;]", -1)) {
      if (p.isEmpty() || p.startsWith("=")) {
        continue;
      }
      int eq = p.indexOf('=');
      String n = URLDecoder.decode(eq < 0 ? p : p.substring(0, eq), StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8);
      params.computeIfAbsent(n, k -> new ArrayList<>()).add(v);
    }
    return params;
  }

  private static boolean wellFormed(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}
