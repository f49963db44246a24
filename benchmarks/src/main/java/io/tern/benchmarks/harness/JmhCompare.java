package io.tern.benchmarks.harness;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code benchmarks/compare REGEX [--rounds N] [JMH options]}: runs every Tern benchmark matching
 * {@code REGEX} and its Netty twin in alternating rounds (Tern, Netty default, Netty with Unsafe
 * allowed), prints JMH's tables, a table of every round's scores, and one line per benchmark and
 * parameter set: {@code RATIO <Class.method[param=value,...]> <x.xxx>}, the median over rounds of
 * Tern against the faster Netty configuration, above 1 when Tern is better.
 *
 * <p>Exit status: 0 when every benchmark ran, 1 when one failed, 2 for bad usage or a missing twin.
 */
public final class JmhCompare {
  private static final int JMH_DEFAULT_FORKS = 5;

  private JmhCompare() {}

  /**
   * Runs the comparison and exits with its status.
   *
   * @param args {@code REGEX [--rounds N] [JMH options]}, or {@code @file} with one per line
   */
  public static void main(String[] args) {
    DriverExit.exit(run(ArgsFile.expand(args), System.out));
  }

  static int run(List<String> args, PrintStream out) {
    CompareArguments arguments;
    CommandLineOptions options;
    try {
      arguments = CompareArguments.parse(args);
      options = new CommandLineOptions(arguments.jmhArgs().toArray(String[]::new));
    } catch (IllegalArgumentException | CommandLineOptionException e) {
      return usage(out, e.getMessage());
    }
    if (options.shouldHelp()) {
      return usage(
          out, "JMH options: see JMH's -h (java -jar benchmarks/target/benchmarks.jar -h)");
    }
    if (options.getIncludes().isEmpty()) {
      return usage(out, "give a regular expression selecting benchmarks");
    }
    OutputFormat format =
        OutputFormatFactory.createFormatInstance(
            out, options.verbosity().orElse(VerboseMode.NORMAL));
    BenchmarkList list = BenchmarkList.defaultList();
    Set<BenchmarkListEntry> selected =
        list.find(format, options.getIncludes(), options.getExcludes());
    if (selected.isEmpty()) {
      return usage(out, "no benchmark matches " + options.getIncludes());
    }
    TwinPairs twins =
        TwinPairs.of(names(selected), names(list.find(format, List.of(".*"), List.of())));
    if (options.shouldList() || options.shouldListWithParams()) {
      twins.pairs().forEach(pair -> out.println(pair.tern() + "  vs  " + pair.netty()));
      twins.errors().forEach(error -> out.println("ERROR " + error));
      return twins.errors().isEmpty() ? 0 : 2;
    }
    if (!twins.errors().isEmpty()) {
      twins.errors().forEach(error -> out.println("ERROR " + error));
      return 2;
    }
    for (BenchmarkListEntry entry : selected) {
      int forks = options.getForkCount().orElse(entry.getForks().orElse(JMH_DEFAULT_FORKS));
      if (forks < 1) {
        return usage(
            out,
            entry.getUsername()
                + " would run in the driver's JVM (forks = 0): the Netty configurations need"
                + " their own JVM flags, use -f 1 or more");
      }
    }
    return compare(twins.pairs(), arguments.rounds(), options, format, out);
  }

  private static int compare(
      List<TwinPairs.Pair> pairs,
      int rounds,
      CommandLineOptions options,
      OutputFormat format,
      PrintStream out) {
    List<String> tern = pairs.stream().map(TwinPairs.Pair::tern).toList();
    List<String> netty = pairs.stream().map(TwinPairs.Pair::netty).toList();
    out.println("Comparing " + pairs.size() + " pair(s) in " + rounds + " rounds:");
    pairs.forEach(pair -> out.println("  " + pair.tern() + "  vs  " + pair.netty()));
    ScoreTable table = new ScoreTable(rounds);
    for (int round = 0; round < rounds; round++) {
      for (Side side : Side.values()) {
        out.printf("%n=== round %d of %d: %s ===%n", round + 1, rounds, side.label());
        Collection<RunResult> results;
        try {
          results =
              new Runner(new RoundOptions(options, side.isNetty() ? netty : tern, side), format)
                  .run();
        } catch (RunnerException e) {
          out.println("ERROR benchmark run failed (" + side.label() + "): " + e.getMessage());
          e.printStackTrace(out);
          return 1;
        }
        table.add(round, side, results);
      }
    }
    List<String> problems = table.problems();
    if (!problems.isEmpty()) {
      problems.forEach(problem -> out.println("ERROR " + problem));
      return 1;
    }
    table.printRaw(out);
    table.printRatios(out);
    return 0;
  }

  private static Collection<String> names(Collection<BenchmarkListEntry> entries) {
    Set<String> names = new TreeSet<>();
    for (BenchmarkListEntry entry : entries) {
      names.add(entry.getUsername());
    }
    return new ArrayList<>(names);
  }

  private static int usage(PrintStream out, String problem) {
    out.println("ERROR " + problem);
    out.println(
        "usage: benchmarks/compare REGEX [--rounds N] [JMH options, e.g. -f 1 -wi 2 -i 3 -w 1 -r 1]");
    return 2;
  }
}
