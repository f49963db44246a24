package io.tern.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The load comparison's medians over every transport ({@code load-<transport>.tsv} files of {@code
 * benchmarks/load/compare}), as two markdown tables (requests per second; server CPU time per
 * request) and the data of the chart.
 */
final class LoadTable {
  /** The parts a server plays, in column order. */
  static final List<String> ROLES = List.of("tern", "netty", "nochecks", "limit");

  /**
   * One server's medians in one scenario.
   *
   * @param server the server's name
   * @param requestsPerSecond requests per second
   * @param cpuMicros server CPU microseconds per request
   */
  record Figure(String server, double requestsPerSecond, double cpuMicros) {}

  /**
   * One transport and scenario.
   *
   * @param transport {@code nio}, {@code epoll} or {@code io_uring}
   * @param scenario {@code plaintext}, {@code pipelined16}, {@code json}
   */
  record Row(String transport, String scenario) {}

  private final Map<Row, Map<String, Figure>> figures = new LinkedHashMap<>();
  private final Map<String, Double> ratios = new LinkedHashMap<>();
  private final List<String> commands = new ArrayList<>();

  void add(Results results) {
    commands.add(results.command());
    for (List<String> row : results.rows()) {
      if (row.get(0).equals("MEASURE")) {
        figures
            .computeIfAbsent(new Row(row.get(1), row.get(2)), k -> new LinkedHashMap<>())
            .put(
                row.get(3),
                new Figure(row.get(4), Numbers.parse(row.get(5)), Numbers.parse(row.get(6))));
      } else if (row.get(0).equals("RATIO")) {
        ratios.put(row.get(1) + " " + row.get(2), Numbers.parse(row.get(3)));
      }
    }
  }

  boolean isEmpty() {
    return figures.isEmpty();
  }

  Map<Row, Map<String, Figure>> figures() {
    return figures;
  }

  Set<String> scenarios() {
    Set<String> scenarios = new LinkedHashSet<>();
    figures.keySet().forEach(row -> scenarios.add(row.scenario()));
    return scenarios;
  }

  List<String> commands() {
    return commands;
  }

  double ratio(Row row, String suffix) {
    return ratios.getOrDefault(row.transport() + " " + row.scenario() + suffix, Double.NaN);
  }

  /** The requests-per-second table. */
  String requestsTable() {
    StringBuilder md = new StringBuilder();
    md.append(
        "| transport | scenario | Tern | Netty, best of its two servers | Tern / Netty | Netty,"
            + " checks off | Tern / checks off | C limit | Tern / limit |\n");
    md.append("|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
    figures.forEach(
        (row, byRole) ->
            md.append("| ")
                .append(row.transport())
                .append(" | ")
                .append(row.scenario())
                .append(" | ")
                .append(rps(byRole.get("tern")))
                .append(" | ")
                .append(rps(byRole.get("netty")))
                .append(server(byRole.get("netty")))
                .append(" | ")
                .append(Numbers.ratio(ratio(row, "")))
                .append(" | ")
                .append(rps(byRole.get("nochecks")))
                .append(" | ")
                .append(Numbers.ratio(ratio(row, "-vs-nochecks")))
                .append(" | ")
                .append(rps(byRole.get("limit")))
                .append(" | ")
                .append(Numbers.ratio(ratio(row, "-vs-limit")))
                .append(" |\n"));
    return md.toString();
  }

  /** The server-CPU-per-request table (µs; ratios above 1 when Tern spends less). */
  String cpuTable() {
    StringBuilder md = new StringBuilder();
    md.append(
        "| transport | scenario | Tern | Netty, least of its two servers | Netty / Tern | Netty,"
            + " checks off | checks off / Tern | C limit | limit / Tern |\n");
    md.append("|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
    figures.forEach(
        (row, byRole) ->
            md.append("| ")
                .append(row.transport())
                .append(" | ")
                .append(row.scenario())
                .append(" | ")
                .append(cpu(byRole.get("tern")))
                .append(" | ")
                .append(cpu(byRole.get("netty")))
                .append(" | ")
                .append(Numbers.ratio(ratio(row, "-cpu")))
                .append(" | ")
                .append(cpu(byRole.get("nochecks")))
                .append(" | ")
                .append(Numbers.ratio(ratio(row, "-cpu-vs-nochecks")))
                .append(" | ")
                .append(cpu(byRole.get("limit")))
                .append(" | ")
                .append(Numbers.ratio(ratio(row, "-cpu-vs-limit")))
                .append(" |\n"));
    return md.toString();
  }

  private static String rps(Figure f) {
    return f == null ? "–" : Numbers.value(f.requestsPerSecond());
  }

  private static String cpu(Figure f) {
    return f == null ? "–" : Numbers.value(f.cpuMicros());
  }

  private static String server(Figure f) {
    return f == null ? "" : " (" + f.server().replace("netty-", "") + ")";
  }
}
