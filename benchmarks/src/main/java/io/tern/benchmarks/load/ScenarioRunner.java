package io.tern.benchmarks.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Starts one server, warms up and measures each scenario against it, and stops it. Used by the
 * driver thread only.
 */
final class ScenarioRunner {
  private final LoadOptions options;
  private final List<Scenario> scenarios;
  private final PrintStream out;

  ScenarioRunner(LoadOptions options, List<Scenario> scenarios, PrintStream out) {
    this.options = options;
    this.scenarios = scenarios;
    this.out = out;
  }

  /** Runs every scenario against a fresh process of {@code spec}; {@code label} names its log. */
  Map<Scenario, Measurement> run(ServerSpec spec, String label) throws LoadException {
    Map<Scenario, Measurement> results = new EnumMap<>(Scenario.class);
    Path log = options.logDirectory().resolve(label + ".log");
    try (ServerProcess server = ServerProcess.start(spec, options.transport(), log)) {
      out.printf(
          Locale.ROOT,
          "%s: %s pid %d on 127.0.0.1:%d (log %s)%n",
          label,
          spec.name(),
          server.pid(),
          server.port(),
          log);
      for (Scenario scenario : scenarios) {
        results.put(scenario, measure(server, scenario));
      }
    }
    return results;
  }

  private Measurement measure(ServerProcess server, Scenario scenario) throws LoadException {
    Path script = options.pipelineScript();
    if (options.warmupSeconds() > 0) {
      String warmup =
          LoadGenerator.run(
              scenario.warmupCommand(server.port(), options.warmupSeconds(), script),
              options.warmupSeconds());
      scenario.parse(warmup);
    }
    server.checkAlive();
    double cpuBefore = server.cpuSeconds();
    String output =
        LoadGenerator.run(
            scenario.command(server.port(), options.durationSeconds(), script),
            options.durationSeconds());
    double cpuAfter = server.cpuSeconds();
    LoadResult result = scenario.parse(output);
    if (result.requests() == 0) {
      throw new LoadException(
          "no request succeeded in " + scenario.label() + "; server output:\n" + server.logTail());
    }
    Measurement measurement =
        new Measurement(
            result.requestsPerSecond(),
            (cpuAfter - cpuBefore) / result.requests(),
            result.errors());
    out.printf(
        Locale.ROOT,
        "  %-12s %12.0f req/s %9.2f us CPU/req %s%n",
        scenario.label(),
        measurement.requestsPerSecond(),
        measurement.cpuSecondsPerRequest() * 1e6,
        result.errors() == 0 ? "" : result.errors() + " errors");
    return measurement;
  }
}
