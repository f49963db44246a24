package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.ArgsFile;
import io.tern.benchmarks.harness.DriverExit;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code benchmarks/load/compare [--tern NAME] [--netty NAME] [--transport nio|native|epoll|
 * io_uring] [--duration S] [--warmup S] [--rounds N]}: starts the Tern and the Netty server in turn
 * (alternating, at least 3 rounds, a fresh process each time), runs every scenario both can serve,
 * and prints a table of raw numbers and the {@code RATIO} lines.
 *
 * <p>Exit status: 0 when every run completed, 1 when a server or load generator failed, 2 for bad
 * usage, an unknown server or a missing tool.
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
    ServerSpec tern;
    ServerSpec netty;
    try {
      options = LoadOptions.parse(args, true);
      tern = ServerRegistry.lookup(options.tern());
      netty = ServerRegistry.lookup(options.netty());
    } catch (IllegalArgumentException e) {
      out.println("ERROR " + e.getMessage());
      out.println(
          "usage: benchmarks/load/compare [--tern NAME] [--netty NAME] [--transport"
              + " nio|native|epoll|io_uring] [--duration S] [--warmup S] [--rounds N]");
      return 2;
    }
    for (ServerSpec spec : List.of(tern, netty)) {
      if (!spec.http()) {
        out.println("ERROR " + spec.name() + " is not an HTTP server; the scenarios need one");
        return 2;
      }
    }
    List<Scenario> scenarios = Scenario.applicable(tern.h2c() && netty.h2c());
    List<String> missing = Tools.missing(scenarios, options.pipelineScript());
    if (!missing.isEmpty()) {
      missing.forEach(problem -> out.println("ERROR " + problem));
      return 2;
    }
    out.printf(
        Locale.ROOT,
        "load compare: %s vs %s, transport %s, %d rounds, %d s warm-up + %d s per scenario,"
            + " server on core %d, load on core %d%n",
        tern.name(),
        netty.name(),
        options.transport(),
        options.rounds(),
        options.warmupSeconds(),
        options.durationSeconds(),
        ServerProcess.CORE,
        LoadGenerator.CORE);
    if (!tern.h2c() || !netty.h2c()) {
      out.println("h2c scenario skipped: both servers must speak h2c");
    }
    ScenarioRunner runner = new ScenarioRunner(options, scenarios, out);
    LoadReport report = new LoadReport(scenarios);
    try {
      for (int round = 1; round <= options.rounds(); round++) {
        Map<Scenario, Measurement> ternRound = runner.run(tern, "round" + round + "-tern");
        Map<Scenario, Measurement> nettyRound = runner.run(netty, "round" + round + "-netty");
        report.add(ternRound, nettyRound);
      }
    } catch (LoadException e) {
      out.println("ERROR " + e.getMessage());
      return 1;
    }
    report.print(out, tern.name(), netty.name());
    return 0;
  }
}
