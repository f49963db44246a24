package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.ArgsFile;
import io.tern.benchmarks.harness.DriverExit;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code benchmarks/load/compare [--transport nio|epoll|io_uring] [--tern NAME] [--netty NAME,...]
 * [--netty-nochecks NAME|none] [--limit-server PATH|none] [--scenarios LIST] [--duration S]
 * [--warmup S] [--scenario-warmup S] [--rounds N] [--results FILE]}: starts Tern's server, each
 * Netty server, the Netty server with its checks off and the C limit server in turn (a fresh
 * process each time; the order reversed every other round, so no server always runs first), runs
 * every scenario against each, and prints a table of raw numbers and the {@code RATIO} lines (see
 * {@link LoadReport}).
 *
 * <p>A round in which any server fails (it did not start, reported another transport or leak
 * detection on, answered a request unlike the others, or its load generator saw errors) does not
 * count: it is printed and run again, up to {@code --rounds} extra times.
 *
 * <p>Exit status: 0 when the rounds completed, 1 when too many failed, 2 for bad usage, an unknown
 * server or a missing tool.
 */
public final class LoadCompare {
  private LoadCompare() {}

  /**
   * Runs the comparison and exits with its status.
   *
   * @param args see the class description, or {@code @file} with one argument per line
   */
  public static void main(String[] args) {
    DriverExit.exit(run(ArgsFile.expand(args), System.out));
  }

  static int run(List<String> args, PrintStream out) {
    LoadOptions options;
    Map<String, ServerSpec> specs = new LinkedHashMap<>();
    LoadReport.Roles roles;
    try {
      options = LoadOptions.parse(args, true);
      specs.put(options.tern(), ServerRegistry.lookup(options.tern()));
      for (String name : options.netty()) {
        specs.put(name, ServerRegistry.lookup(name));
      }
      if (options.nettyUnchecked() != null) {
        specs.put(options.nettyUnchecked(), ServerRegistry.lookup(options.nettyUnchecked()));
      }
      if (options.limitServer() != null) {
        specs.put(ServerRegistry.LIMIT, ServerRegistry.limit(options.limitServer()));
      }
      roles =
          new LoadReport.Roles(
              options.tern(),
              options.netty(),
              options.nettyUnchecked(),
              options.limitServer() != null ? ServerRegistry.LIMIT : null);
    } catch (IllegalArgumentException e) {
      out.println("ERROR " + e.getMessage());
      out.println(
          "usage: benchmarks/load/compare [--transport nio|epoll|io_uring] [--tern NAME] [--netty"
              + " NAME,...] [--netty-nochecks NAME|none] [--limit-server PATH|none] [--scenarios"
              + " LIST] [--duration S] [--warmup S] [--scenario-warmup S] [--rounds N]"
              + " [--results FILE]");
      return 2;
    }
    if (specs.size() != roles.all().size()) {
      out.println("ERROR a server plays two parts: " + roles.all());
      return 2;
    }
    List<ServerSpec> rivals =
        specs.values().stream().filter(s -> s.fixedTransport() == null).toList();
    boolean h2c = rivals.stream().allMatch(ServerSpec::h2c);
    boolean https = rivals.stream().allMatch(ServerSpec::https);
    List<Scenario> scenarios =
        options.scenarios() != null ? options.scenarios() : Scenario.applicable(h2c, https);
    for (Map.Entry<String, ServerSpec> entry : specs.entrySet()) {
      for (Scenario scenario : scenarios) {
        boolean limit = entry.getKey().equals(ServerRegistry.LIMIT);
        if ((!limit || scenario.hasLimit()) && !scenario.servedBy(entry.getValue())) {
          out.println(
              "ERROR "
                  + entry.getKey()
                  + " cannot serve the "
                  + scenario.label()
                  + " scenario (HTTP/1.1, h2c and HTTPS servers each run their own)");
          return 2;
        }
      }
    }
    List<String> missing = Tools.missing(scenarios, options.pipelineScript());
    if (!missing.isEmpty()) {
      missing.forEach(problem -> out.println("ERROR " + problem));
      return 2;
    }
    out.printf(
        Locale.ROOT,
        "load compare: %s vs %s (the fastest per round)%s%s, transport %s, scenarios %s, %d"
            + " rounds, %d s warm-up per server%s, %d s warm-up + %d s per scenario, server on"
            + " core %d, load on core %d%n",
        roles.tern(),
        roles.netty(),
        roles.unchecked() == null ? "" : ", " + roles.unchecked() + " (own row)",
        roles.limit() == null ? "" : ", the C limit server " + options.limitServer(),
        options.transport(),
        scenarios.stream().map(Scenario::label).toList(),
        options.rounds(),
        options.warmupSeconds(),
        scenarios.contains(Scenario.H2C)
            ? String.format(
                Locale.ROOT,
                " (h2c: %,d requests, then %,d per scenario)",
                options.warmupSeconds() * Scenario.H2C_WARMUP_REQUESTS_PER_SECOND,
                options.scenarioWarmupSeconds() * Scenario.H2C_WARMUP_REQUESTS_PER_SECOND)
            : "",
        options.scenarioWarmupSeconds(),
        options.durationSeconds(),
        ServerProcess.CORE,
        LoadGenerator.CORE);
    ScenarioRunner runner = new ScenarioRunner(options, out);
    LoadReport report = new LoadReport(options.transport(), scenarios, roles);
    int failures = 0;
    int retries = 0;
    while (report.rounds() < options.rounds()) {
      int round = report.rounds() + 1;
      List<String> order = round % 2 == 1 ? roles.all() : roles.all().reversed();
      out.printf(Locale.ROOT, "%n=== round %d of %d: %s ===%n", round, options.rounds(), order);
      Map<String, Map<Scenario, Measurement>> results = new HashMap<>();
      try {
        for (String name : order) {
          List<Scenario> own = scenarios.stream().filter(s -> report.runs(name, s)).toList();
          results.put(
              name,
              runner.run(
                  specs.get(name),
                  options.transport()
                      + "-round"
                      + round
                      + (retries > 0 ? "-retry" + retries : "")
                      + "-"
                      + name,
                  own));
        }
      } catch (LoadException e) {
        failures++;
        retries++;
        out.println("ROUND FAILED (it does not count, it runs again): " + e.getMessage());
        if (failures > options.rounds()) {
          out.println("ERROR " + failures + " rounds failed; giving up");
          return 1;
        }
        continue;
      }
      report.add(results);
      retries = 0;
    }
    report.print(out);
    if (options.results() != null) {
      try {
        report.write(
            options.results(), "benchmarks/load/compare " + String.join(" ", commandLine(args)));
      } catch (IOException e) {
        out.println("ERROR cannot write " + options.results() + ": " + e);
        return 1;
      }
      out.println("results written to " + options.results());
    }
    return 0;
  }

  /** The user's arguments without the ones the script adds (paths of this checkout). */
  private static List<String> commandLine(List<String> args) {
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if ((arg.equals("--pipeline-script")
              || arg.equals("--log-dir")
              || arg.equals("--limit-server")
              || arg.equals("--results"))
          && i + 1 < args.size()) {
        i++;
        continue;
      }
      shown.add(arg);
    }
    return shown;
  }
}
