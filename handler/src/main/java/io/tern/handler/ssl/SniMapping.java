package io.tern.handler.ssl;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Host name to value, with exact names and {@code *.example.com} wildcards (one label, per RFC 6125
 * section 6.4.3): an exact name wins over a wildcard. Names compare in lower case and a trailing
 * dot is ignored.
 *
 * <p>Immutable once built; any thread may look up.
 */
final class SniMapping<V> {
  private final Map<String, V> exact;
  private final Map<String, V> wildcards; // key: the suffix after "*."

  private SniMapping(Map<String, V> exact, Map<String, V> wildcards) {
    this.exact = Map.copyOf(exact);
    this.wildcards = Map.copyOf(wildcards);
  }

  static <V> SniMapping<V> of(Map<String, V> patterns) {
    Map<String, V> exact = new LinkedHashMap<>();
    Map<String, V> wildcards = new LinkedHashMap<>();
    for (Map.Entry<String, V> e : patterns.entrySet()) {
      String pattern = normalize(e.getKey());
      if (pattern.startsWith("*.")) {
        wildcards.put(pattern.substring(2), e.getValue());
      } else if (pattern.indexOf('*') >= 0) {
        throw new IllegalArgumentException("only a leading '*.' wildcard is supported: " + pattern);
      } else {
        exact.put(pattern, e.getValue());
      }
    }
    return new SniMapping<>(exact, wildcards);
  }

  boolean isEmpty() {
    return exact.isEmpty() && wildcards.isEmpty();
  }

  /** Returns the value for {@code host}, or {@code null} when nothing matches. */
  V get(String host) {
    if (host == null || isEmpty()) {
      return null;
    }
    String name = normalize(host);
    V value = exact.get(name);
    if (value != null) {
      return value;
    }
    int dot = name.indexOf('.');
    return dot > 0 ? wildcards.get(name.substring(dot + 1)) : null;
  }

  static String normalize(String host) {
    String name = host.toLowerCase(Locale.ROOT);
    return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
  }
}
