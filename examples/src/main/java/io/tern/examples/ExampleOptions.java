package io.tern.examples;

import java.util.HashMap;
import java.util.Map;

/** Parses the {@code --name value} and {@code --name=value} options every example accepts. */
final class ExampleOptions {
  private final Map<String, String> values = new HashMap<>();

  ExampleOptions(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("Unexpected argument: " + arg);
      }
      int eq = arg.indexOf('=');
      if (eq > 0) {
        values.put(arg.substring(2, eq), arg.substring(eq + 1));
      } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
        values.put(arg.substring(2), args[++i]);
      } else {
        values.put(arg.substring(2), "true");
      }
    }
  }

  int port(int defaultPort) {
    return Integer.parseInt(values.getOrDefault("port", Integer.toString(defaultPort)));
  }

  String get(String name, String defaultValue) {
    return values.getOrDefault(name, defaultValue);
  }
}
