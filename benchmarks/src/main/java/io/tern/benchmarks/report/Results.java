package io.tern.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The tab-separated results files the drivers write with {@code --results} ({@code
 * benchmarks/compare}, {@code benchmarks/load/compare}, {@code benchmarks/load/echo-compare}), read
 * back: the command line that produced them and their rows, header skipped.
 *
 * @param command the {@code # command:} line's command
 * @param rows every data row, split on tabs
 */
record Results(String command, List<List<String>> rows) {
  private static final String COMMAND = "# command: ";

  static Results read(Path file) throws IOException {
    String command = "";
    List<List<String>> rows = new ArrayList<>();
    boolean header = true;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith(COMMAND)) {
        command = line.substring(COMMAND.length());
      } else if (!line.startsWith("#") && !line.isBlank()) {
        if (header) {
          header = false; // the column names
        } else {
          rows.add(List.of(line.split("\t", -1)));
        }
      }
    }
    return new Results(command, List.copyOf(rows));
  }
}
