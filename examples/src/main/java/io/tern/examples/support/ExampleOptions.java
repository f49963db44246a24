package io.tern.examples.support;

import java.util.HashMap;
import java.util.Map;

/**
 * Parses the {@code --name value} and {@code --name=value} options every example accepts; a bare
 * {@code --name} means {@code true}. Malformed values fail with a {@link UsageException}.
 *
 * <p>Not thread-safe: parse on the main thread.
 */
public final class ExampleOptions {
  private final Map<String, String> values = new HashMap<>();

  /**
   * Parses the command line.
   *
   * @param args the example's arguments (after its name)
   * @throws UsageException for an argument that is not an option
   */
  public ExampleOptions(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--")) {
        throw new UsageException("unexpected argument: " + arg);
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

  /**
   * Returns {@code --port}.
   *
   * @param defaultPort the port when the option is absent
   * @return the port, 0 to 65535
   */
  public int port(int defaultPort) {
    int port = intValue("port", defaultPort);
    if (port < 0 || port > 65535) {
      throw new UsageException("--port " + port + " (expected: 0 to 65535)");
    }
    return port;
  }

  /**
   * Returns an option's text.
   *
   * @param name the option without its dashes
   * @param defaultValue the value when absent
   * @return the value
   */
  public String get(String name, String defaultValue) {
    return values.getOrDefault(name, defaultValue);
  }

  /**
   * Tells whether a flag is given ({@code --name} or {@code --name=true}).
   *
   * @param name the option without its dashes
   * @return {@code true} if set
   */
  public boolean flag(String name) {
    return Boolean.parseBoolean(values.getOrDefault(name, "false"));
  }

  /**
   * Returns an integer option.
   *
   * @param name the option without its dashes
   * @param defaultValue the value when absent
   * @return the value
   * @throws UsageException if the value is not an integer
   */
  public int intValue(String name, int defaultValue) {
    return (int) longValue(name, defaultValue, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  /**
   * Returns a positive integer option.
   *
   * @param name the option without its dashes
   * @param defaultValue the value when absent
   * @return the value, at least 1
   * @throws UsageException if the value is not a positive integer
   */
  public int positiveInt(String name, int defaultValue) {
    return (int) longValue(name, defaultValue, 1, Integer.MAX_VALUE);
  }

  private long longValue(String name, long defaultValue, long min, long max) {
    String text = values.get(name);
    if (text == null) {
      return defaultValue;
    }
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new UsageException("--" + name + " " + text + " (expected a number)");
    }
    if (value < min || value > max) {
      throw new UsageException("--" + name + " " + text + " (expected " + min + " to " + max + ")");
    }
    return value;
  }
}
