package io.tern.architecture;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The intended module arrows: for each module, the modules it may use directly. What a module may
 * reach is the transitive closure of that; an arrow to any other module points the wrong way (up,
 * or sideways between siblings that must stay independent).
 *
 * <p>This table is the picture in {@code docs/ARCHITECTURE.md}; a new module gets a row here when
 * it is added to the reactor, and the architecture test fails until it has one.
 */
final class ModuleLayers {
  private final Map<String, Set<String>> direct = new LinkedHashMap<>();

  /** Modules that nothing may depend on and that may use everything below them. */
  private final Set<String> applications = new TreeSet<>();

  /**
   * Declares that {@code module} may use {@code below} directly (and what those may use).
   *
   * @return this table
   */
  ModuleLayers module(String module, String... below) {
    for (String lower : below) {
      if (!direct.containsKey(lower)) {
        throw new IllegalArgumentException(module + " names " + lower + " before it is declared");
      }
    }
    direct.put(module, Set.of(below));
    return this;
  }

  /**
   * Declares an application module (examples, benchmarks, interop): it may use every library
   * module, and no module may use it.
   *
   * @return this table
   */
  ModuleLayers application(String module) {
    applications.add(module);
    return this;
  }

  boolean knows(String module) {
    return direct.containsKey(module) || applications.contains(module);
  }

  /** Whether a class of {@code from} may refer to a class of {@code to}. */
  boolean allows(String from, String to) {
    if (from.equals(to)) {
      return true;
    }
    if (applications.contains(to)) {
      return false;
    }
    if (applications.contains(from)) {
      return true;
    }
    return reachable(from).contains(to);
  }

  private Set<String> reachable(String from) {
    Set<String> seen = new TreeSet<>();
    Deque<String> todo = new ArrayDeque<>(direct.getOrDefault(from, Set.of()));
    while (!todo.isEmpty()) {
      String next = todo.pop();
      if (seen.add(next)) {
        todo.addAll(direct.getOrDefault(next, Set.of()));
      }
    }
    return seen;
  }

  /** Tern's modules, bottom up, as {@code docs/ARCHITECTURE.md} draws them. */
  static ModuleLayers tern() {
    return new ModuleLayers()
        .module("common")
        .module("test-support", "common")
        .module("buffer", "common")
        .module("transport", "buffer")
        .module("transport-linux", "transport")
        .module("testsuite", "transport")
        .module("codec", "transport")
        .module("handler", "codec")
        .module("handler-ssl-openssl", "handler")
        .module("codec-http", "handler")
        .module("codec-http2", "codec-http")
        .module("codec-redis", "codec")
        .module("codec-memcache", "codec")
        .module("codec-stomp", "codec")
        .module("codec-smtp", "codec", "handler")
        .module("codec-haproxy", "codec")
        .module("codec-socks", "codec")
        .module("handler-proxy", "codec-socks")
        .module("codec-dns", "codec")
        .module("resolver-dns", "codec-dns")
        .module("codec-mqtt", "codec")
        .module("codec-protobuf", "codec")
        .module("codec-xml", "codec")
        .application("examples")
        .application("benchmarks")
        .application("interop")
        .application("osgi-test");
  }
}
