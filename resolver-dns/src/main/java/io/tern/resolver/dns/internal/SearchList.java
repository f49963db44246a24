package io.tern.resolver.dns.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The absolute names tried for a host name, as {@code resolv.conf(5)} describes: a name ending in a
 * dot is tried alone; a name with at least {@code ndots} dots is tried as given first, then with
 * each search domain; a name with fewer is tried with each search domain first, then as given.
 */
final class SearchList {
  private SearchList() {}

  static List<String> candidates(String name, List<String> searchDomains, int ndots) {
    if (name.endsWith(".")) {
      return List.of(name);
    }
    int dots = 0;
    for (int i = 0; i < name.length(); i++) {
      if (name.charAt(i) == '.') {
        dots++;
      }
    }
    List<String> out = new ArrayList<>(searchDomains.size() + 1);
    boolean asGivenFirst = dots >= ndots;
    if (asGivenFirst) {
      out.add(name + '.');
    }
    for (String domain : searchDomains) {
      if (!domain.isEmpty()) {
        out.add(name + '.' + domain + '.');
      }
    }
    if (!asGivenFirst) {
      out.add(name + '.');
    }
    return List.copyOf(out);
  }
}
