package io.tern.benchmarks.load;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Checks that the external programs a run needs are on the PATH, naming their packages. */
final class Tools {
  private static final Map<String, String> PACKAGES =
      Map.of("wrk", "wrk", "h2load", "nghttp2-client", "taskset", "util-linux");

  private Tools() {}

  /** Returns one message per missing program; empty when all are present. */
  static List<String> missing(List<Scenario> scenarios, Path pipelineScript) {
    List<String> needed = new ArrayList<>(List.of("taskset"));
    scenarios.stream().map(Scenario::tool).distinct().forEach(needed::add);
    List<String> missing = new ArrayList<>();
    for (String tool : needed) {
      if (!onPath(tool)) {
        missing.add(
            tool
                + " is not installed (apt-get install -y --no-install-recommends "
                + PACKAGES.get(tool)
                + ", or run .ci/install-peers)");
      }
    }
    if (scenarios.stream().anyMatch(Scenario::pipelined) && !Files.isReadable(pipelineScript)) {
      missing.add("wrk's pipelining script " + pipelineScript + " is not readable");
    }
    if (Runtime.getRuntime().availableProcessors() < 2) {
      missing.add("the harness pins server and load generator to cores 0 and 1: need 2 cores");
    }
    return missing;
  }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator, -1)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }
}
