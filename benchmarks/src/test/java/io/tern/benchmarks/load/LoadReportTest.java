package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadReportTest {
  private static final LoadReport.Roles ROLES =
      new LoadReport.Roles("tern", List.of("codec", "te"), "nochecks", "limit");

  private static Map<Scenario, Measurement> runs(double rps, double cpuMicros, boolean limit) {
    Map<Scenario, Measurement> m = new EnumMap<>(Scenario.class);
    for (Scenario s : List.of(Scenario.PLAINTEXT, Scenario.JSON)) {
      if (!limit || s.hasLimit()) {
        m.put(s, new Measurement(rps, cpuMicros / 1e6, 0));
      }
    }
    return m;
  }

  private static Map<String, Map<Scenario, Measurement>> round(
      double tern, double codec, double te, double nochecks, double limit) {
    // CPU per request is 1e6 / rps here, as if each server saturated its core.
    return Map.of(
        "tern", runs(tern, 1e6 / tern, false),
        "codec", runs(codec, 1e6 / codec, false),
        "te", runs(te, 1e6 / te, false),
        "nochecks", runs(nochecks, 1e6 / nochecks, false),
        "limit", runs(limit, 1e6 / limit, true));
  }

  private static double ratio(LoadReport report, String name) {
    return report.ratios().stream()
        .filter(r -> r.name().equals(name))
        .findFirst()
        .orElseThrow()
        .value();
  }

  @Test
  void ternIsComparedWithTheFasterNettyServerOfEachRoundAndWithTheLimit() {
    LoadReport report = new LoadReport("nio", List.of(Scenario.PLAINTEXT, Scenario.JSON), ROLES);
    report.add(round(100, 50, 80, 100, 400));
    report.add(round(100, 200, 80, 100, 400));
    report.add(round(100, 40, 50, 200, 200));

    assertThat(ratio(report, "plaintext")).isEqualTo(1.25); // 100/80, 100/200, 100/50
    assertThat(ratio(report, "plaintext-cpu")).isEqualTo(1.25);
    assertThat(ratio(report, "plaintext-vs-nochecks")).isEqualTo(1.0);
    assertThat(ratio(report, "plaintext-vs-limit")).isEqualTo(0.25);
    assertThat(ratio(report, "plaintext-cpu-vs-limit")).isEqualTo(0.25);
    assertThat(report.ratios()).extracting(LoadReport.Ratio::name).doesNotContain("json-vs-limit");
    assertThat(report.runs("limit", Scenario.JSON)).isFalse();
  }
}
