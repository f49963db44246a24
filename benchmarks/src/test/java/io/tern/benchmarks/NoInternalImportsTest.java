package io.tern.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks reach Tern only through its exported packages, as an application does: a benchmark
 * that imports an {@code internal} package measures something no user can call, and breaks whenever
 * the internals move.
 */
class NoInternalImportsTest {
  private static final Pattern TERN_INTERNAL =
      Pattern.compile(
          "^import\\s+(static\\s+)?io\\.tern\\.(?!benchmarks\\.)\\S*\\.internal\\b",
          Pattern.MULTILINE);

  @Test
  void noBenchmarkImportsATernInternalPackage() throws IOException {
    List<String> offenders = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher m = TERN_INTERNAL.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
          offenders.add(file + ": " + m.group());
        }
      }
    }

    assertThat(offenders).isEmpty();
  }
}
