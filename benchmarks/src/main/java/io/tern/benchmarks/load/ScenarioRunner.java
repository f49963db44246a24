package io.tern.benchmarks.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Starts one server, checks its answers, warms it up, measures each scenario against it, and stops
 * it. A run in which the load generator saw a socket error, a non-2xx response or a timeout fails
 * (a {@link LoadException}), so that it never yields a ratio. Used by the driver thread only.
 */
final class ScenarioRunner {
  private final LoadOptions options;
  private final PrintStream out;

  ScenarioRunner(LoadOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  /**
   * Runs {@code scenarios} against a fresh process of {@code spec}; {@code label} names its log.
   * The first scenario's warm-up is {@code --warmup} seconds of pipelined load when the scenarios
   * include it (the most requests per second: the JIT gets there fastest), then each scenario gets
   * {@code --scenario-warmup} seconds of its own load before its timed run.
   */
  Map<Scenario, Measurement> run(ServerSpec spec, String label, List<Scenario> scenarios)
      throws LoadException {
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
        if (scenario != Scenario.H2C && spec.startLine()) {
          ResponseCheck.check(
              spec.name(), server.port(), scenario.tls(), scenario.path(), scenario.expectedBody());
        }
      }
      if (options.warmupSeconds() > 0) {
        Scenario first =
            scenarios.stream().filter(Scenario::pipelined).findFirst().orElse(scenarios.get(0));
        warmUp(server, first, options.warmupSeconds());
      }
      for (Scenario scenario : scenarios) {
        if (options.scenarioWarmupSeconds() > 0) {
          warmUp(server, scenario, options.scenarioWarmupSeconds());
        }
        results.put(scenario, measure(spec, server, scenario));
      }
    }
    return results;
  }

  private void warmUp(ServerProcess server, Scenario scenario, long seconds) throws LoadException {
    String output =
        LoadGenerator.run(
            scenario.warmupCommand(server.port(), seconds, options.pipelineScript()), seconds);
    scenario.parse(output);
    server.checkAlive();
  }

  private Measurement measure(ServerSpec spec, ServerProcess server, Scenario scenario)
      throws LoadException {
    server.checkAlive();
    double cpuBefore = server.cpuSeconds();
    String output =
        LoadGenerator.run(
            scenario.command(server.port(), options.durationSeconds(), options.pipelineScript()),
            options.durationSeconds());
    double cpuAfter = server.cpuSeconds();
    LoadResult result = scenario.parse(output);
    if (result.requests() == 0) {
      throw new LoadException(
          "no request succeeded in " + scenario.label() + "; server output:\n" + server.logTail());
    }
    if (result.errors() > 0) {
      throw new LoadException(
          spec.name()
              + ", "
              + scenario.label()
              + ": "
              + result.errors()
              + " socket errors, non-2xx responses or timeouts; the round does not count:\n"
              + output);
    }
    Measurement measurement =
        new Measurement(
            result.requestsPerSecond(),
            (cpuAfter - cpuBefore) / result.requests(),
            result.errors());
    out.printf(
        Locale.ROOT,
        "  %-24s %-12s %12.0f req/s %9.2f us CPU/req%n",
        spec.name(),
        scenario.label(),
        measurement.requestsPerSecond(),
        measurement.cpuSecondsPerRequest() * 1e6);
    return measurement;
  }
}
