package io.tern.benchmarks.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
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
 * {@code benchmarks/compare REGEX [--rounds N] [--results FILE] [--ignore-jmh-lock] [JMH options]}:
 * runs every Tern benchmark matching {@code REGEX} and its Netty twin in rounds (Tern, Netty
 * default, Netty with Unsafe allowed; the order reversed every other round), prints JMH's tables, a
 * table of every round's scores, and one line per benchmark and parameter set: {@code RATIO
 * <Class.method[param=value,...]> <x.xxx>}, the median over rounds of Tern against the fastest
 * Netty configuration of the round (default or Unsafe, times the twin's {@link NettyConfiguration}
 * values), above 1 when Tern is better. {@link TernOnly} benchmarks print {@code TERN <name>
 * <score> <unit>} instead.
 *
 * <p>Before running it refuses (exit 2) a benchmark without twin, a pair whose twins differ in
 * mode, unit or parameters, and a {@code -p} value or name that no selected benchmark declares;
 * after running, a pair whose twins ran at different leak detection levels (exit 1). Every fork
 * runs with leak detection disabled on both sides ({@link Side#LEAK_DETECTION_DISABLED}) unless the
 * benchmark sets a level itself.
 *
 * <p>Exit status: 0 when every benchmark ran, 1 when one failed, 2 for bad usage or a missing twin.
 */
public final class JmhCompare {
  private static final int JMH_DEFAULT_FORKS = 5;
  private static final long LOCK_WAIT_MINUTES = 30;

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
    if (arguments.ignoreJmhLock()) {
      // Read by JMH's Runner: two runs at once disturb each other, so this is for a machine that
      // is noisy anyway, and its figures say so.
      System.setProperty("jmh.ignoreLock", "true");
    }
    if (options.shouldHelp()) {
      return usage(
          out,
          "options after REGEX are JMH's own (-f, -wi, -i, -w, -r, -p name=v1,v2, -prof gc,"
              + " -tu, -bm, -jvmArgsAppend, ...)");
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
    Map<String, BenchmarkInfo> all = new TreeMap<>();
    for (BenchmarkListEntry entry : list.find(format, List.of(".*"), List.of())) {
      all.putIfAbsent(entry.getUsername(), BenchmarkInfo.of(entry));
    }
    TwinPairs twins = TwinPairs.of(names(selected), all);
    if (options.shouldList() || options.shouldListWithParams()) {
      twins.pairs().forEach(pair -> out.println(pair.tern() + "  vs  " + pair.netty()));
      twins.ternOnly().forEach(name -> out.println(name + "  (tern only)"));
      twins.errors().forEach(error -> out.println("ERROR " + error));
      return twins.errors().isEmpty() ? 0 : 2;
    }
    if (!twins.errors().isEmpty()) {
      twins.errors().forEach(error -> out.println("ERROR " + error));
      return 2;
    }
    List<BenchmarkInfo> running = new ArrayList<>();
    for (TwinPairs.Pair pair : twins.pairs()) {
      running.add(all.get(pair.tern()));
      running.add(all.get(pair.netty()));
    }
    twins.ternOnly().forEach(name -> running.add(all.get(name)));
    List<String> paramProblems = ParamCheck.check(arguments.jmhArgs(), running);
    if (!paramProblems.isEmpty()) {
      paramProblems.forEach(problem -> out.println("ERROR " + problem));
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
    return compare(twins, all, arguments, options, format, out);
  }

  private static int compare(
      TwinPairs twins,
      Map<String, BenchmarkInfo> all,
      CompareArguments arguments,
      CommandLineOptions options,
      OutputFormat format,
      PrintStream out) {
    int rounds = arguments.rounds();
    List<String> tern = new ArrayList<>(twins.pairs().stream().map(TwinPairs.Pair::tern).toList());
    tern.addAll(twins.ternOnly());
    List<String> netty = twins.pairs().stream().map(TwinPairs.Pair::netty).toList();
    out.println(
        "Comparing "
            + twins.pairs().size()
            + " pair(s) and "
            + twins.ternOnly().size()
            + " Tern-only benchmark(s) in "
            + rounds
            + " rounds, the side that runs first alternating:");
    twins.pairs().forEach(pair -> out.println("  " + pair.tern() + "  vs  " + pair.netty()));
    twins
        .ternOnly()
        .forEach(
            name ->
                out.println("  " + name + "  (tern only: " + all.get(name).ternOnlyReason() + ")"));
    Map<String, Set<String>> configurations = new HashMap<>();
    twins.pairs().forEach(pair -> configurations.put(pair.netty(), pair.nettyConfigurations()));
    ScoreTable table = new ScoreTable(rounds, configurations, Set.copyOf(twins.ternOnly()));
    for (int round = 0; round < rounds; round++) {
      for (Side side : Side.order(round)) {
        List<String> names = side.isNetty() ? netty : tern;
        if (names.isEmpty()) {
          continue;
        }
        out.printf("%n=== round %d of %d: %s ===%n", round + 1, rounds, side.label());
        for (Map.Entry<List<String>, List<String>> group : byForkArgs(names, all).entrySet()) {
          Collection<RunResult> results;
          try {
            results =
                runWhenFree(
                    new Runner(
                        new RoundOptions(options, group.getValue(), side, group.getKey()), format),
                    out);
          } catch (RunnerException e) {
            out.println("ERROR benchmark run failed (" + side.label() + "): " + e.getMessage());
            e.printStackTrace(out);
            return 1;
          }
          table.add(round, side, results);
        }
      }
    }
    List<String> problems = table.problems();
    if (!problems.isEmpty()) {
      problems.forEach(problem -> out.println("ERROR " + problem));
      return 1;
    }
    table.printRaw(out);
    table.printRatios(out);
    if (arguments.results() != null) {
      try {
        ResultsFile.write(arguments.results(), arguments, table.lines());
      } catch (IOException e) {
        out.println("ERROR cannot write " + arguments.results() + ": " + e);
        return 1;
      }
      out.println("results written to " + arguments.results());
    }
    return 0;
  }

  /**
   * Runs {@code runner}, waiting while another JMH run on this machine holds JMH's lock (two
   * benchmark runs at once would disturb each other's figures) rather than failing at once; gives
   * up after {@link #LOCK_WAIT_MINUTES} minutes.
   */
  private static Collection<RunResult> runWhenFree(Runner runner, PrintStream out)
      throws RunnerException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(LOCK_WAIT_MINUTES);
    boolean told = false;
    while (true) {
      try {
        return runner.run();
      } catch (RunnerException e) {
        if (e.getMessage() == null
            || !e.getMessage().contains("Unable to acquire the JMH lock")
            || System.nanoTime() > deadline) {
          throw e;
        }
        if (!told) {
          out.println("(another JMH run holds JMH's lock: waiting for it to finish)");
          told = true;
        }
        try {
          Thread.sleep(2_000);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /**
   * The benchmarks grouped by their classes' {@code @Fork(jvmArgsAppend)}: one JMH run per group,
   * so that the options' {@code jvmArgsAppend} (which replaces a class's) can carry the group's.
   */
  static Map<List<String>, List<String>> byForkArgs(
      List<String> names, Map<String, BenchmarkInfo> all) {
    Map<List<String>, List<String>> groups = new LinkedHashMap<>();
    for (String name : names) {
      groups.computeIfAbsent(all.get(name).forkJvmArgsAppend(), k -> new ArrayList<>()).add(name);
    }
    return groups;
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
        "usage: benchmarks/compare REGEX [--rounds N] [--results FILE] [JMH options, e.g. -f 1 -wi 2"
            + " -i 3 -w 1 -r 1]");
    return 2;
  }
}
