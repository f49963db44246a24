package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.Ratios;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The measurements of a load comparison, round by round, and the contract lines, each the median
 * over rounds and above 1 when Tern is better:
 *
 * <ul>
 *   <li>{@code RATIO <scenario>}: Tern's requests per second over the fastest Netty server's of the
 *       round;
 *   <li>{@code RATIO <scenario>-cpu}: the Netty server with the least CPU time per request, over
 *       Tern's;
 *   <li>{@code RATIO <scenario>-vs-nochecks}, {@code -cpu-vs-nochecks}: the same against the Netty
 *       server with its buffer safety checks off, a row of its own;
 *   <li>{@code RATIO <scenario>-vs-limit}, {@code -cpu-vs-limit}: against the C limit server, for
 *       the plaintext scenarios.
 * </ul>
 *
 * <p>Used by the driver thread only.
 */
final class LoadReport {
  /**
   * Who plays which part.
   *
   * @param tern the Tern server
   * @param netty the Netty servers; each round compares with the fastest
   * @param unchecked the Netty server with its checks off, or null
   * @param limit the C limit server, or null
   */
  record Roles(String tern, List<String> netty, String unchecked, String limit) {
    /** Every server, in the order of an even round. */
    List<String> all() {
      List<String> all = new ArrayList<>();
      all.add(tern);
      all.addAll(netty);
      if (unchecked != null) {
        all.add(unchecked);
      }
      if (limit != null) {
        all.add(limit);
      }
      return all;
    }
  }

  /**
   * One contract figure.
   *
   * @param name {@code <scenario>[-cpu][-vs-nochecks|-vs-limit]}
   * @param value the median over rounds
   */
  record Ratio(String name, double value) {}

  private final String transport;
  private final List<Scenario> scenarios;
  private final Roles roles;
  private final List<Map<String, Map<Scenario, Measurement>>> rounds = new ArrayList<>();

  LoadReport(String transport, List<Scenario> scenarios, Roles roles) {
    this.transport = transport;
    this.scenarios = List.copyOf(scenarios);
    this.roles = roles;
  }

  /** Adds a completed round: every server's measurements of the scenarios it ran. */
  void add(Map<String, Map<Scenario, Measurement>> round) {
    rounds.add(Map.copyOf(round));
  }

  int rounds() {
    return rounds.size();
  }

  /** Whether {@code server} runs {@code scenario}: the limit server only the plaintext ones. */
  boolean runs(String server, Scenario scenario) {
    return !server.equals(roles.limit()) || scenario.hasLimit();
  }

  void print(PrintStream out) {
    out.println();
    out.printf(
        Locale.ROOT,
        "%-12s %5s %-24s %14s %14s %8s %10s%n",
        "scenario",
        "round",
        "server",
        "req/s",
        "us CPU/req",
        "ratio",
        "cpu ratio");
    for (Scenario scenario : scenarios) {
      for (int round = 0; round < rounds.size(); round++) {
        Measurement tern = measurement(round, roles.tern(), scenario);
        for (String server : roles.all()) {
          if (!runs(server, scenario)) {
            continue;
          }
          Measurement m = measurement(round, server, scenario);
          out.printf(
              Locale.ROOT,
              "%-12s %5d %-24s %14.0f %14.2f %8.3f %10.3f%n",
              scenario.label(),
              round + 1,
              server,
              m.requestsPerSecond(),
              m.cpuSecondsPerRequest() * 1e6,
              tern.requestsPerSecond() / m.requestsPerSecond(),
              m.cpuSecondsPerRequest() / tern.cpuSecondsPerRequest());
        }
      }
    }
    out.println();
    for (Ratio ratio : ratios()) {
      out.println(Ratios.line(ratio.name(), ratio.value()));
    }
  }

  /** The contract figures, in print order. */
  List<Ratio> ratios() {
    List<Ratio> ratios = new ArrayList<>();
    for (Scenario scenario : scenarios) {
      String label = scenario.label();
      ratios.add(
          new Ratio(
              label, median(r -> rps(r, roles.tern(), scenario) / bestNettyRps(r, scenario))));
      ratios.add(
          new Ratio(
              label + "-cpu",
              median(r -> bestNettyCpu(r, scenario) / cpu(r, roles.tern(), scenario))));
      if (roles.unchecked() != null) {
        ratios.add(
            new Ratio(
                label + "-vs-nochecks",
                median(r -> rps(r, roles.tern(), scenario) / rps(r, roles.unchecked(), scenario))));
        ratios.add(
            new Ratio(
                label + "-cpu-vs-nochecks",
                median(r -> cpu(r, roles.unchecked(), scenario) / cpu(r, roles.tern(), scenario))));
      }
      if (roles.limit() != null && scenario.hasLimit()) {
        ratios.add(
            new Ratio(
                label + "-vs-limit",
                median(r -> rps(r, roles.tern(), scenario) / rps(r, roles.limit(), scenario))));
        ratios.add(
            new Ratio(
                label + "-cpu-vs-limit",
                median(r -> cpu(r, roles.limit(), scenario) / cpu(r, roles.tern(), scenario))));
      }
    }
    return ratios;
  }

  /**
   * Writes the medians and ratios as tab-separated lines for {@code benchmarks/run-all}: {@code
   * MEASURE transport scenario role server req/s us-CPU/req} per role ({@code tern}, {@code netty}
   * (the round's fastest, named by the server that was fastest most often), {@code nochecks},
   * {@code limit}), then {@code RATIO transport name value}.
   */
  void write(Path file, String command) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("# command: " + command);
    lines.add("kind\ttransport\tscenario\trole\tserver\trequests_per_second\tcpu_us_per_request");
    for (Scenario scenario : scenarios) {
      lines.add(measureLine(scenario, "tern", roles.tern()));
      lines.add(
          String.join(
              "\t",
              "MEASURE",
              transport,
              scenario.label(),
              "netty",
              mostOftenFastest(scenario),
              number(median(r -> bestNettyRps(r, scenario))),
              number(median(r -> bestNettyCpu(r, scenario)) * 1e6)));
      if (roles.unchecked() != null) {
        lines.add(measureLine(scenario, "nochecks", roles.unchecked()));
      }
      if (roles.limit() != null && scenario.hasLimit()) {
        lines.add(measureLine(scenario, "limit", roles.limit()));
      }
    }
    for (Ratio ratio : ratios()) {
      lines.add(String.join("\t", "RATIO", transport, ratio.name(), number(ratio.value())));
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private String measureLine(Scenario scenario, String role, String server) {
    return String.join(
        "\t",
        "MEASURE",
        transport,
        scenario.label(),
        role,
        server,
        number(median(r -> rps(r, server, scenario))),
        number(median(r -> cpu(r, server, scenario)) * 1e6));
  }

  private String mostOftenFastest(Scenario scenario) {
    Map<String, Integer> wins = new HashMap<>();
    for (int r = 0; r < rounds.size(); r++) {
      int round = r;
      String fastest =
          roles.netty().stream()
              .max(Comparator.comparingDouble(n -> rps(round, n, scenario)))
              .orElseThrow();
      wins.merge(fastest, 1, Integer::sum);
    }
    return wins.entrySet().stream()
        .max(
            Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .orElseThrow()
        .getKey();
  }

  private double median(ToDoubleFunction<Integer> perRound) {
    List<Double> values = new ArrayList<>();
    for (int round = 0; round < rounds.size(); round++) {
      values.add(perRound.applyAsDouble(round));
    }
    return Ratios.median(values);
  }

  private Measurement measurement(int round, String server, Scenario scenario) {
    return rounds.get(round).get(server).get(scenario);
  }

  private double rps(int round, String server, Scenario scenario) {
    return measurement(round, server, scenario).requestsPerSecond();
  }

  private double cpu(int round, String server, Scenario scenario) {
    return measurement(round, server, scenario).cpuSecondsPerRequest();
  }

  private double bestNettyRps(int round, Scenario scenario) {
    return roles.netty().stream().mapToDouble(n -> rps(round, n, scenario)).max().orElseThrow();
  }

  private double bestNettyCpu(int round, Scenario scenario) {
    return roles.netty().stream().mapToDouble(n -> cpu(round, n, scenario)).min().orElseThrow();
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.6g", value);
  }
}
