package io.tern.benchmarks.harness;

import java.util.List;

/**
 * For benchmarks that switch on a {@code String} parameter: fails on a value they do not know,
 * rather than quietly running their default case (JMH hands {@code -p} values through unchecked
 * when a benchmark runs outside {@code benchmarks/compare}, which checks them itself).
 */
public final class ParamValues {
  private ParamValues() {}

  /**
   * Returns {@code value} when it is one of {@code known}.
   *
   * @param name the parameter's name, for the message
   * @param value the value JMH set
   * @param known the values the benchmark handles
   * @return {@code value}
   * @throws IllegalArgumentException naming the known values otherwise
   */
  public static String oneOf(String name, String value, String... known) {
    if (!List.of(known).contains(value)) {
      throw new IllegalArgumentException(
          "unknown " + name + " '" + value + "' (known: " + String.join(", ", known) + ")");
    }
    return value;
  }
}
