package io.tern.benchmarks.harness;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the user's {@code -p name=v1,v2} options against the parameters the selected benchmarks
 * declare. JMH hands any string to a {@code String} parameter, and a benchmark that switches on it
 * may quietly treat an unknown value as its default (so {@code -p kind=direct} once ran a benchmark
 * whose kinds are {@code executor|nioLoop} as {@code executor}); a parameter no selected benchmark
 * declares is ignored by JMH just as quietly. Both are errors here.
 *
 * <p>A value must be one the benchmark declares, except for a parameter whose declared values are
 * all integers (a size, a count), which accepts any integer.
 */
final class ParamCheck {
  private static final Pattern INTEGER = Pattern.compile("-?\\d+");

  private ParamCheck() {}

  /**
   * Returns one message per unknown parameter or value; empty when every {@code -p} is sound.
   *
   * @param jmhArgs the JMH command line the user gave
   * @param benchmarks the benchmarks that will run (both twins of every pair)
   * @return the problems
   */
  static List<String> check(List<String> jmhArgs, Collection<BenchmarkInfo> benchmarks) {
    List<String> problems = new ArrayList<>();
    userParams(jmhArgs)
        .forEach(
            (name, values) -> {
              boolean declared = false;
              for (BenchmarkInfo info : benchmarks) {
                List<String> known = info.params().get(name);
                if (known == null) {
                  continue;
                }
                declared = true;
                boolean numeric = known.stream().allMatch(v -> INTEGER.matcher(v).matches());
                for (String value : values) {
                  if (!known.contains(value) && !(numeric && INTEGER.matcher(value).matches())) {
                    problems.add(
                        "-p "
                            + name
                            + "="
                            + value
                            + ": "
                            + info.name()
                            + " knows only "
                            + String.join(", ", known));
                  }
                }
              }
              if (!declared) {
                problems.add("-p " + name + ": no selected benchmark has a parameter " + name);
              }
            });
    return problems.stream().distinct().toList();
  }

  /** The {@code -p} options of a JMH command line: name to values, in order. */
  static Map<String, List<String>> userParams(List<String> jmhArgs) {
    Map<String, List<String>> params = new LinkedHashMap<>();
    for (int i = 0; i < jmhArgs.size(); i++) {
      String arg = jmhArgs.get(i);
      String spec;
      if (arg.equals("-p") && i + 1 < jmhArgs.size()) {
        spec = jmhArgs.get(++i);
      } else if (arg.startsWith("-p") && arg.length() > 2 && arg.indexOf('=') > 2) {
        spec = arg.substring(2);
      } else {
        continue;
      }
      int eq = spec.indexOf('=');
      if (eq < 1) {
        continue; // JMH's own parser reports the malformed option
      }
      List<String> values = params.computeIfAbsent(spec.substring(0, eq), k -> new ArrayList<>());
      for (String value : spec.substring(eq + 1).split(",", -1)) {
        values.add(value);
      }
    }
    return params;
  }
}
