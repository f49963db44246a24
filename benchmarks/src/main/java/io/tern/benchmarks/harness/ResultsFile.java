package io.tern.benchmarks.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The compare driver's results as a tab-separated file that {@code benchmarks/run-all} turns into
 * the tables of {@code docs/BENCHMARKS.md}: a {@code # command:} line with the driver's arguments,
 * a header, then one line per pair ({@code RATIO}) or Tern-only benchmark ({@code TERN}).
 */
final class ResultsFile {
  static final String HEADER =
      "kind\tname\tmode\tunit\ttern\tnetty\tnetty_configuration\tratio\tleak_level";

  private ResultsFile() {}

  static void write(Path file, CompareArguments arguments, List<ScoreTable.Line> lines)
      throws IOException {
    List<String> text = new ArrayList<>();
    text.add("# command: benchmarks/compare " + String.join(" ", quoted(arguments)));
    text.add(HEADER);
    for (ScoreTable.Line line : lines) {
      text.add(
          String.join(
              "\t",
              line.ternOnly() ? "TERN" : "RATIO",
              line.name(),
              line.mode().shortLabel(),
              line.unit(),
              number(line.tern()),
              number(line.netty()),
              line.nettyConfiguration(),
              number(line.ratio()),
              line.leakLevel()));
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(file, text, StandardCharsets.UTF_8);
  }

  private static List<String> quoted(CompareArguments arguments) {
    List<String> args = new ArrayList<>();
    args.add("--rounds");
    args.add(Integer.toString(arguments.rounds()));
    if (arguments.ignoreJmhLock()) {
      args.add("--ignore-jmh-lock");
    }
    for (String arg : arguments.jmhArgs()) {
      args.add(arg.matches("[A-Za-z0-9_./=,:+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'");
    }
    return args;
  }

  private static String number(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.6g", value);
  }
}
