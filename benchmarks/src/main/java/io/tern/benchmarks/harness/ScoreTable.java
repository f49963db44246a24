package io.tern.benchmarks.harness;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Primary JMH scores of every round and side, keyed by Tern benchmark, parameter set and mode;
 * turns them into per-round ratios against Netty's fastest configuration (its JDK default or its
 * {@code Unsafe} mode, times every value of the twin's {@link NettyConfiguration} parameters) and
 * their median. Tern-only benchmarks have scores and no ratio.
 *
 * <p>Used by the driver thread only.
 */
final class ScoreTable {
  /**
   * One score as JMH reported it.
   *
   * @param value the primary score
   * @param error its error
   * @param unit its unit
   * @param leakLevel the index in {@link LeakLevelProfiler#LEVELS} of the level the fork ran at, or
   *     -1 when not reported
   */
  record Score(double value, double error, String unit, int leakLevel) {
    Score(double value, double error, String unit) {
      this(value, error, unit, -1);
    }
  }

  /**
   * One Netty configuration's score in one round.
   *
   * @param side the Netty side
   * @param configurationParams the twin's configuration parameters, e.g. {@code
   *     [allocator=adaptive]}, or empty
   * @param score the score
   */
  record NettyScore(Side side, String configurationParams, Score score) {
    /** The side's label and the configuration, e.g. {@code netty+unsafe[allocator=adaptive]}. */
    String configuration() {
      return side.label() + configurationParams;
    }
  }

  /** A Tern benchmark method with one parameter set in one mode. */
  record Key(String benchmark, String params, Mode mode) implements Comparable<Key> {
    @Override
    public int compareTo(Key other) {
      int byName = benchmark.compareTo(other.benchmark);
      if (byName != 0) {
        return byName;
      }
      int byParams = params.compareTo(other.params);
      return byParams != 0 ? byParams : mode.compareTo(other.mode);
    }
  }

  /** Everything measured for one key in one round. */
  static final class Round {
    Score tern;
    final List<NettyScore> netty = new ArrayList<>();

    /** The fastest Netty configuration of the round, or null when there is none. */
    NettyScore bestNetty(Mode mode) {
      Comparator<NettyScore> byValue = Comparator.comparingDouble(n -> n.score().value());
      return netty.stream()
          .max(mode == Mode.Throughput ? byValue : byValue.reversed())
          .orElse(null);
    }
  }

  /**
   * One line of the results file: a pair's or a Tern-only benchmark's medians.
   *
   * @param ternOnly whether there is no Netty side
   * @param name {@code Class.method[params]}
   * @param mode the benchmark mode
   * @param unit the score unit
   * @param tern the median of Tern's scores
   * @param netty the median of the rounds' fastest Netty scores (NaN for Tern-only)
   * @param nettyConfiguration the Netty configuration fastest in most rounds (empty for Tern-only)
   * @param ratio the median of the per-round ratios (NaN for Tern-only)
   * @param leakLevel the level both sides ran at
   */
  record Line(
      boolean ternOnly,
      String name,
      Mode mode,
      String unit,
      double tern,
      double netty,
      String nettyConfiguration,
      double ratio,
      String leakLevel) {}

  private final int rounds;
  private final Map<String, Set<String>> nettyConfigurations;
  private final Set<String> ternOnly;
  private final Map<Key, List<Round>> scores = new TreeMap<>();

  /**
   * Creates an empty table.
   *
   * @param rounds how many rounds will be added
   * @param nettyConfigurations per Netty benchmark ({@code package.ClassNetty.method}), its {@link
   *     NettyConfiguration} parameters
   * @param ternOnly the {@link TernOnly} benchmarks ({@code package.Class.method})
   */
  ScoreTable(int rounds, Map<String, Set<String>> nettyConfigurations, Set<String> ternOnly) {
    this.rounds = rounds;
    this.nettyConfigurations = Map.copyOf(nettyConfigurations);
    this.ternOnly =
        ternOnly.stream().map(TwinPairs.Pair::shortName).collect(Collectors.toUnmodifiableSet());
  }

  ScoreTable(int rounds) {
    this(rounds, Map.of(), Set.of());
  }

  /** Records the results of one run of one side; {@code round} counts from 0. */
  void add(int round, Side side, Iterable<RunResult> results) {
    for (RunResult result : results) {
      BenchmarkParams params = result.getParams();
      Result<?> primary = result.getPrimaryResult();
      Result<?> leak = result.getSecondaryResults().get(LeakLevelProfiler.RESULT);
      Score score =
          new Score(
              primary.getScore(),
              primary.getScoreError(),
              primary.getScoreUnit(),
              leak == null ? -1 : (int) Math.round(leak.getScore()));
      Set<String> configurations =
          side.isNetty()
              ? nettyConfigurations.getOrDefault(params.getBenchmark(), Set.of())
              : Set.of();
      add(
          round,
          side,
          params.getBenchmark(),
          paramsOf(params, k -> !configurations.contains(k)),
          paramsOf(params, configurations::contains),
          params.getMode(),
          score);
    }
  }

  /**
   * Records one score.
   *
   * @param round the round, from 0
   * @param side the side that produced it
   * @param benchmark the benchmark that produced it, {@code package.Class.method}
   * @param sharedParams {@code [a=1,b=x]} of the parameters both twins have, or empty
   * @param configurationParams {@code [allocator=pooled]} of a Netty twin's configuration, or empty
   * @param mode the mode
   * @param score the score
   */
  void add(
      int round,
      Side side,
      String benchmark,
      String sharedParams,
      String configurationParams,
      Mode mode,
      Score score) {
    Key key = new Key(ternName(benchmark, side), sharedParams, mode);
    Round entry = scores.computeIfAbsent(key, k -> newRounds()).get(round);
    if (side.isNetty()) {
      entry.netty.add(new NettyScore(side, configurationParams, score));
    } else {
      entry.tern = score;
    }
  }

  /**
   * Returns one message per missing score, unit or leak-level mismatch; empty when all is sound.
   */
  List<String> problems() {
    List<String> problems = new ArrayList<>();
    scores.forEach(
        (key, perRound) -> {
          boolean solo = ternOnly.contains(key.benchmark());
          for (int round = 0; round < rounds; round++) {
            Round r = perRound.get(round);
            String where = displayName(key) + ", round " + (round + 1);
            if (r.tern == null) {
              problems.add(
                  where + ": no tern result (parameter sets or modes of the twins differ?)");
              continue;
            }
            if (solo) {
              continue;
            }
            for (Side side : List.of(Side.NETTY_DEFAULT, Side.NETTY_UNSAFE)) {
              if (r.netty.stream().noneMatch(n -> n.side() == side)) {
                problems.add(
                    where
                        + ": no "
                        + side.label()
                        + " result (parameter sets or modes of the twins differ?)");
              }
            }
            List<String> units =
                Stream.concat(Stream.of(r.tern.unit()), r.netty.stream().map(n -> n.score().unit()))
                    .distinct()
                    .toList();
            if (units.size() > 1) {
              problems.add(
                  where
                      + ": the twins report different units "
                      + units
                      + " (give both the same @OutputTimeUnit, or pass -tu)");
            }
            for (NettyScore n : r.netty) {
              if (n.score().leakLevel() != r.tern.leakLevel()) {
                problems.add(
                    where
                        + ": the twins ran at different leak detection levels (tern "
                        + levelName(r.tern.leakLevel())
                        + ", "
                        + n.configuration()
                        + " "
                        + levelName(n.score().leakLevel())
                        + "): they do not do the same work");
              }
            }
          }
        });
    return problems;
  }

  /** Prints every score of every round, then the ratio of each round. */
  void printRaw(PrintStream out) {
    out.println();
    out.println(
        "Scores per round (ratio: > 1 means Tern is better, against the fastest Netty"
            + " configuration of the round; every Netty configuration's score follows):");
    out.printf(
        Locale.ROOT,
        "%-64s %5s %6s %14s %14s %-34s %-10s %7s  %s%n",
        "benchmark",
        "round",
        "mode",
        Side.TERN.label(),
        "netty best",
        "netty configuration",
        "unit",
        "ratio",
        "all netty scores");
    scores.forEach(
        (key, perRound) -> {
          boolean solo = ternOnly.contains(key.benchmark());
          for (int round = 0; round < rounds; round++) {
            Round r = perRound.get(round);
            NettyScore best = r.bestNetty(key.mode());
            out.printf(
                Locale.ROOT,
                "%-64s %5d %6s %14.3f %14s %-34s %-10s %7s  %s%n",
                displayName(key),
                round + 1,
                key.mode().shortLabel(),
                r.tern.value(),
                solo ? "-" : String.format(Locale.ROOT, "%.3f", best.score().value()),
                solo ? "(tern only)" : best.configuration(),
                r.tern.unit(),
                solo ? "-" : String.format(Locale.ROOT, "%.3f", ratio(key.mode(), r)),
                r.netty.stream()
                    .map(
                        n ->
                            n.configuration()
                                + "="
                                + String.format(Locale.ROOT, "%.3f", n.score().value()))
                    .collect(Collectors.joining(" ")));
          }
        });
    out.println();
  }

  /**
   * Prints the contract lines, one per key: {@code RATIO name x} for a pair (the median of the
   * per-round ratios), {@code TERN name score unit} for a Tern-only benchmark.
   */
  void printRatios(PrintStream out) {
    for (Line line : lines()) {
      if (line.ternOnly()) {
        out.printf(Locale.ROOT, "TERN %s %.3f %s%n", line.name(), line.tern(), line.unit());
      } else {
        out.println(Ratios.line(line.name(), line.ratio()));
      }
    }
  }

  /** The medians of every key, in key order. */
  List<Line> lines() {
    List<Line> lines = new ArrayList<>();
    scores.forEach(
        (key, perRound) -> {
          boolean solo = ternOnly.contains(key.benchmark());
          List<Double> tern = perRound.stream().map(r -> r.tern.value()).toList();
          String unit = perRound.get(0).tern.unit();
          String level = levelName(perRound.get(0).tern.leakLevel());
          if (solo) {
            lines.add(
                new Line(
                    true,
                    displayName(key),
                    key.mode(),
                    unit,
                    Ratios.median(tern),
                    Double.NaN,
                    "",
                    Double.NaN,
                    level));
            return;
          }
          List<NettyScore> best = perRound.stream().map(r -> r.bestNetty(key.mode())).toList();
          Map<String, Long> wins = new HashMap<>();
          best.forEach(b -> wins.merge(b.configuration(), 1L, Long::sum));
          String winner =
              wins.entrySet().stream()
                  .max(
                      Map.Entry.<String, Long>comparingByValue()
                          .thenComparing(Map.Entry.comparingByKey()))
                  .orElseThrow()
                  .getKey();
          lines.add(
              new Line(
                  false,
                  displayName(key),
                  key.mode(),
                  unit,
                  Ratios.median(tern),
                  Ratios.median(best.stream().map(b -> b.score().value()).toList()),
                  winner,
                  Ratios.median(perRound.stream().map(r -> ratio(key.mode(), r)).toList()),
                  level));
        });
    return lines;
  }

  /**
   * Tern against the fastest Netty configuration of a round, oriented so that above 1 means Tern is
   * better.
   */
  static double ratio(Mode mode, Round round) {
    double tern = round.tern.value();
    double netty = round.bestNetty(mode).score().value();
    return mode == Mode.Throughput ? tern / netty : netty / tern;
  }

  private static String levelName(int index) {
    return index >= 0 && index < LeakLevelProfiler.LEVELS.size()
        ? LeakLevelProfiler.LEVELS.get(index)
        : "unknown";
  }

  private String displayName(Key key) {
    long modes = scores.keySet().stream().filter(k -> sameBenchmark(k, key)).count();
    String mode = modes > 1 ? ":" + key.mode().shortLabel() : "";
    return key.benchmark() + key.params() + mode;
  }

  private static boolean sameBenchmark(Key a, Key b) {
    return a.benchmark().equals(b.benchmark()) && a.params().equals(b.params());
  }

  private List<Round> newRounds() {
    List<Round> list = new ArrayList<>(rounds);
    for (int i = 0; i < rounds; i++) {
      list.add(new Round());
    }
    return list;
  }

  /** {@code Class.method} of the Tern side, whichever side produced the result. */
  private static String ternName(String benchmark, Side side) {
    String name = TwinPairs.Pair.shortName(benchmark);
    if (!side.isNetty()) {
      return name;
    }
    int dot = name.indexOf('.');
    String type = name.substring(0, dot);
    return type.substring(0, type.length() - TwinPairs.NETTY_SUFFIX.length()) + name.substring(dot);
  }

  /**
   * {@code [a=1,b=x]} of the chosen parameters in JMH's key order, or empty when none is chosen.
   */
  static String paramsOf(BenchmarkParams params, Predicate<String> chosen) {
    List<String> keys = params.getParamsKeys().stream().filter(chosen).toList();
    if (keys.isEmpty()) {
      return "";
    }
    return keys.stream()
        .map(k -> k + "=" + params.getParam(k))
        .collect(Collectors.joining(",", "[", "]"));
  }

  /** {@code [a=1,b=x]} in JMH's key order, or empty when the benchmark has no parameters. */
  static String paramsOf(BenchmarkParams params) {
    return paramsOf(params, k -> true);
  }
}
