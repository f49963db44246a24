package io.tern.benchmarks.harness;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Primary JMH scores of every round and side, keyed by Tern benchmark, parameter set and mode;
 * turns them into per-round ratios against the faster Netty configuration and their median.
 *
 * <p>Used by the driver thread only.
 */
final class ScoreTable {
  /** One score as JMH reported it. */
  record Score(double value, double error, String unit) {}

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

  private final int rounds;
  private final Map<Key, List<EnumMap<Side, Score>>> scores = new TreeMap<>();

  ScoreTable(int rounds) {
    this.rounds = rounds;
  }

  /** Records the results of one run of one side; {@code round} counts from 0. */
  void add(int round, Side side, Iterable<RunResult> results) {
    for (RunResult result : results) {
      BenchmarkParams params = result.getParams();
      Result<?> primary = result.getPrimaryResult();
      Key key = new Key(ternName(params.getBenchmark(), side), paramsOf(params), params.getMode());
      List<EnumMap<Side, Score>> perRound = scores.computeIfAbsent(key, k -> newRounds());
      perRound
          .get(round)
          .put(
              side, new Score(primary.getScore(), primary.getScoreError(), primary.getScoreUnit()));
    }
  }

  /** Returns one message per missing score or unit mismatch; empty when every ratio is sound. */
  List<String> problems() {
    List<String> problems = new ArrayList<>();
    scores.forEach(
        (key, perRound) -> {
          for (int round = 0; round < rounds; round++) {
            EnumMap<Side, Score> sides = perRound.get(round);
            for (Side side : Side.values()) {
              if (!sides.containsKey(side)) {
                problems.add(
                    String.format(
                        Locale.ROOT,
                        "%s: no %s result in round %d (parameter sets or modes of the twins differ?)",
                        displayName(key),
                        side.label(),
                        round + 1));
              }
            }
            long units = sides.values().stream().map(Score::unit).distinct().count();
            if (units > 1) {
              problems.add(
                  displayName(key)
                      + ": the twins report different units "
                      + sides.values().stream().map(Score::unit).distinct().toList()
                      + " (give both the same @OutputTimeUnit, or pass -tu)");
            }
          }
        });
    return problems;
  }

  /** Prints every score of every round, then the ratio of each round. */
  void printRaw(PrintStream out) {
    out.println();
    out.println("Scores per round (ratio: > 1 means Tern is better, against the faster Netty):");
    out.printf(
        Locale.ROOT,
        "%-60s %5s %6s %14s %14s %14s %-10s %7s%n",
        "benchmark",
        "round",
        "mode",
        Side.TERN.label(),
        Side.NETTY_DEFAULT.label(),
        Side.NETTY_UNSAFE.label(),
        "unit",
        "ratio");
    scores.forEach(
        (key, perRound) -> {
          for (int round = 0; round < rounds; round++) {
            EnumMap<Side, Score> sides = perRound.get(round);
            out.printf(
                Locale.ROOT,
                "%-60s %5d %6s %14.3f %14.3f %14.3f %-10s %7.3f%n",
                displayName(key),
                round + 1,
                key.mode().shortLabel(),
                sides.get(Side.TERN).value(),
                sides.get(Side.NETTY_DEFAULT).value(),
                sides.get(Side.NETTY_UNSAFE).value(),
                sides.get(Side.TERN).unit(),
                ratio(key.mode(), sides));
          }
        });
    out.println();
  }

  /** Prints the contract lines, one per key: the median of the per-round ratios. */
  void printRatios(PrintStream out) {
    scores.forEach(
        (key, perRound) -> {
          List<Double> ratios = perRound.stream().map(sides -> ratio(key.mode(), sides)).toList();
          out.println(Ratios.line(displayName(key), Ratios.median(ratios)));
        });
  }

  /** Tern against the faster Netty configuration, oriented so that above 1 means Tern is better. */
  static double ratio(Mode mode, Map<Side, Score> sides) {
    double tern = sides.get(Side.TERN).value();
    double nettyDefault = sides.get(Side.NETTY_DEFAULT).value();
    double nettyUnsafe = sides.get(Side.NETTY_UNSAFE).value();
    if (mode == Mode.Throughput) {
      return tern / Math.max(nettyDefault, nettyUnsafe);
    }
    return Math.min(nettyDefault, nettyUnsafe) / tern;
  }

  private String displayName(Key key) {
    long modes = scores.keySet().stream().filter(k -> sameBenchmark(k, key)).count();
    String mode = modes > 1 ? ":" + key.mode().shortLabel() : "";
    return key.benchmark() + key.params() + mode;
  }

  private static boolean sameBenchmark(Key a, Key b) {
    return a.benchmark().equals(b.benchmark()) && a.params().equals(b.params());
  }

  private List<EnumMap<Side, Score>> newRounds() {
    List<EnumMap<Side, Score>> list = new ArrayList<>(rounds);
    for (int i = 0; i < rounds; i++) {
      list.add(new EnumMap<>(Side.class));
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

  /** {@code [a=1,b=x]} in JMH's key order, or empty when the benchmark has no parameters. */
  static String paramsOf(BenchmarkParams params) {
    if (params.getParamsKeys().isEmpty()) {
      return "";
    }
    return params.getParamsKeys().stream()
        .map(k -> k + "=" + params.getParam(k))
        .collect(Collectors.joining(",", "[", "]"));
  }
}
