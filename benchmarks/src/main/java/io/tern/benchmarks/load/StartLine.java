package io.tern.benchmarks.load;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a server says about itself in the line it prints when it listens: {@code NAME listening on
 * ADDRESS, transport T (...), ..., leak detection LEVEL}. The harness checks both against what the
 * comparison asked for, so a server that fell back to another transport, or runs with leak
 * detection on, fails its round instead of producing a ratio.
 *
 * @param transport the transport its server channel really is
 * @param leakDetection the leak detection level it runs at
 */
record StartLine(String transport, String leakDetection) {
  private static final Pattern LINE =
      Pattern.compile(" listening on .*transport (\\S+).* leak detection (\\S+)");

  /** Finds the start-up line among a server's output lines. */
  static Optional<StartLine> find(List<String> lines) {
    for (String line : lines) {
      Matcher m = LINE.matcher(line);
      if (m.find()) {
        return Optional.of(new StartLine(m.group(1), m.group(2)));
      }
    }
    return Optional.empty();
  }

  /** Returns why this server may not be compared, or empty when it may. */
  Optional<String> problem(String expectedTransport) {
    if (!transport.equals(expectedTransport)) {
      return Optional.of(
          "reports transport " + transport + ", not the " + expectedTransport + " asked for");
    }
    if (!leakDetection.equalsIgnoreCase("DISABLED")) {
      return Optional.of(
          "runs with leak detection " + leakDetection + ", not DISABLED as its rival does");
    }
    return Optional.empty();
  }
}
