package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.ArgsFile;
import io.tern.benchmarks.harness.DriverExit;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code benchmarks/load/run [options] NAME} or {@code benchmarks/load/run [options] [--h2c] --
 * COMMAND...}: loads one server (a registry name, or a command whose {@code {port}} and {@code
 * {transport}} are filled in) with every scenario it can serve and prints requests per second and
 * its CPU time per request. Options as for {@link LoadCompare}, {@code --rounds} defaulting to 1.
 *
 * <p>Exit status: 0 when every run completed, 1 when one failed, 2 for bad usage.
 */
public final class LoadRun {
  private LoadRun() {}

  /**
   * Runs the load and exits with its status.
   *
   * @param args see the class description, or {@code @file} with one argument per line
   */
  public static void main(String[] args) {
    DriverExit.exit(run(ArgsFile.expand(args), System.out));
  }

  static int run(List<String> args, PrintStream out) {
    LoadOptions options;
    ServerSpec spec;
    try {
      options = LoadOptions.parse(args, false);
      spec = options.singleServer();
    } catch (IllegalArgumentException e) {
      out.println("ERROR " + e.getMessage());
      out.println(
          "usage: benchmarks/load/run [--transport nio|epoll|io_uring] [--duration S] [--warmup S]"
              + " [--scenario-warmup S] [--rounds N] [--scenarios LIST]"
              + " (NAME | [--h2c] -- COMMAND with {port} [{transport}])");
      return 2;
    }
    if (!spec.http()) {
      out.println("ERROR " + spec.name() + " is not an HTTP server; the scenarios need one");
      return 2;
    }
    List<Scenario> scenarios =
        options.scenarios() != null
            ? options.scenarios()
            : Scenario.applicable(spec.h2c(), spec.https());
    List<String> missing = Tools.missing(scenarios, options.pipelineScript());
    if (!missing.isEmpty()) {
      missing.forEach(problem -> out.println("ERROR " + problem));
      return 2;
    }
    ScenarioRunner runner = new ScenarioRunner(options, out);
    List<Map<Scenario, Measurement>> rounds = new ArrayList<>();
    try {
      for (int round = 1; round <= options.rounds(); round++) {
        rounds.add(runner.run(spec, "run-round" + round, scenarios));
      }
    } catch (LoadException e) {
      out.println("ERROR " + e.getMessage());
      return 1;
    }
    out.printf(
        Locale.ROOT,
        "%n%-12s %5s %14s %14s %7s%n",
        "scenario",
        "round",
        "req/s",
        "us CPU/req",
        "errors");
    for (Scenario scenario : scenarios) {
      for (int round = 0; round < rounds.size(); round++) {
        Measurement m = rounds.get(round).get(scenario);
        out.printf(
            Locale.ROOT,
            "%-12s %5d %14.0f %14.2f %7d%n",
            scenario.label(),
            round + 1,
            m.requestsPerSecond(),
            m.cpuSecondsPerRequest() * 1e6,
            m.errors());
      }
    }
    return 0;
  }
}
