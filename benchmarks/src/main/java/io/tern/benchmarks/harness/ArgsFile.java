package io.tern.benchmarks.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Expands a single {@code @path} argument into the lines of that file, one argument per line.
 *
 * <p>The shell scripts hand their arguments to the drivers this way because Maven's exec plugin
 * re-splits a command line on spaces, which would break regular expressions and server commands.
 */
public final class ArgsFile {
  private ArgsFile() {}

  /**
   * Returns {@code args} unchanged, or the lines of the file when {@code args} is {@code @path}.
   *
   * @param args the arguments given to {@code main}
   * @return the effective arguments
   * @throws UncheckedIOException if the file cannot be read
   */
  public static List<String> expand(String[] args) {
    if (args.length == 1 && args[0].startsWith("@")) {
      try {
        return Files.readAllLines(Path.of(args[0].substring(1)), StandardCharsets.UTF_8).stream()
            .filter(line -> !line.isEmpty())
            .toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return List.of(args);
  }
}
