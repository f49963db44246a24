package io.tern.benchmarks.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The compare driver's own options ({@code --rounds N}, default and minimum 3; {@code --results
 * FILE}, where the medians go as tab-separated lines; {@code --ignore-jmh-lock}, run even while
 * another JMH run holds JMH's machine-wide lock) split from the arguments handed on to JMH's
 * command-line parser.
 *
 * @param rounds how many times each side runs, alternating
 * @param results the results file, or null for none
 * @param ignoreJmhLock whether to run beside another JMH run instead of waiting for it
 * @param jmhArgs everything else: the benchmark regular expression and JMH options
 */
record CompareArguments(int rounds, Path results, boolean ignoreJmhLock, List<String> jmhArgs) {
  static final int MIN_ROUNDS = 3;

  static CompareArguments parse(List<String> args) {
    int rounds = MIN_ROUNDS;
    Path results = null;
    boolean ignoreLock = false;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--ignore-jmh-lock")) {
        ignoreLock = true;
      } else if (arg.equals("--rounds") || arg.equals("--results")) {
        if (i + 1 == args.size()) {
          throw new IllegalArgumentException(arg + " needs a value");
        }
        String value = args.get(++i);
        if (arg.equals("--rounds")) {
          rounds = parseRounds(value);
        } else {
          results = Path.of(value);
        }
      } else if (arg.startsWith("--rounds=")) {
        rounds = parseRounds(arg.substring("--rounds=".length()));
      } else if (arg.startsWith("--results=")) {
        results = Path.of(arg.substring("--results=".length()));
      } else {
        rest.add(arg);
      }
    }
    return new CompareArguments(rounds, results, ignoreLock, List.copyOf(rest));
  }

  private static int parseRounds(String value) {
    int rounds;
    try {
      rounds = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--rounds needs a number, got " + value, e);
    }
    if (rounds < MIN_ROUNDS) {
      throw new IllegalArgumentException(
          "--rounds must be at least " + MIN_ROUNDS + " (one run proves nothing), got " + rounds);
    }
    return rounds;
  }
}
