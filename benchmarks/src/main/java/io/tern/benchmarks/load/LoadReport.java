package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.Ratios;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The measurements of a comparison, round by round, and the contract lines: {@code RATIO
 * <scenario>} (Tern/Netty requests per second) and, for the plaintext scenario, {@code RATIO
 * plaintext-cpu} (Netty/Tern CPU time per request); each the median over rounds.
 */
final class LoadReport {
  private final List<Scenario> scenarios;
  private final List<Map<Scenario, Measurement>> tern = new ArrayList<>();
  private final List<Map<Scenario, Measurement>> netty = new ArrayList<>();

  LoadReport(List<Scenario> scenarios) {
    this.scenarios = scenarios;
  }

  void add(Map<Scenario, Measurement> ternRound, Map<Scenario, Measurement> nettyRound) {
    tern.add(ternRound);
    netty.add(nettyRound);
  }

  void print(PrintStream out, String ternName, String nettyName) {
    out.println();
    out.printf(
        Locale.ROOT,
        "%-12s %5s %14s %14s %7s %14s %14s %7s %7s%n",
        "scenario",
        "round",
        ternName + " req/s",
        nettyName + " req/s",
        "ratio",
        "tern us/req",
        "netty us/req",
        "cpu",
        "errors");
    for (Scenario scenario : scenarios) {
      for (int round = 0; round < tern.size(); round++) {
        Measurement t = tern.get(round).get(scenario);
        Measurement n = netty.get(round).get(scenario);
        out.printf(
            Locale.ROOT,
            "%-12s %5d %14.0f %14.0f %7.3f %14.2f %14.2f %7.3f %7d%n",
            scenario.label(),
            round + 1,
            t.requestsPerSecond(),
            n.requestsPerSecond(),
            t.requestsPerSecond() / n.requestsPerSecond(),
            t.cpuSecondsPerRequest() * 1e6,
            n.cpuSecondsPerRequest() * 1e6,
            cpuRatio(t, n),
            t.errors() + n.errors());
      }
    }
    out.println();
    for (Scenario scenario : scenarios) {
      out.println(Ratios.line(scenario.label(), median(scenario, false)));
      if (scenario == Scenario.PLAINTEXT) {
        out.println(Ratios.line(scenario.label() + "-cpu", median(scenario, true)));
      }
    }
  }

  private double median(Scenario scenario, boolean cpu) {
    List<Double> ratios = new ArrayList<>();
    for (int round = 0; round < tern.size(); round++) {
      Measurement t = tern.get(round).get(scenario);
      Measurement n = netty.get(round).get(scenario);
      ratios.add(cpu ? cpuRatio(t, n) : t.requestsPerSecond() / n.requestsPerSecond());
    }
    return Ratios.median(ratios);
  }

  private static double cpuRatio(Measurement tern, Measurement netty) {
    return netty.cpuSecondsPerRequest() / tern.cpuSecondsPerRequest();
  }
}
