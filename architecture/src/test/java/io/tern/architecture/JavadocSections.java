package io.tern.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rule every public type of an exported package states in its javadoc, in the same two sections
 * everywhere: {@code <h2>Threading</h2>} (which threads may call it) and {@code <h2>Ownership</h2>}
 * (who releases what it holds or hands out).
 */
final class JavadocSections {
  static final List<String> REQUIRED = List.of("<h2>Threading</h2>", "<h2>Ownership</h2>");

  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "^public\\s+(?:(?:final|abstract|sealed|non-sealed|static|strictfp)\\s+)*"
              + "(?:class|interface|enum|record|@interface)\\s+(\\w+)",
          Pattern.MULTILINE);
  private static final Pattern UNQUALIFIED_EXPORT = Pattern.compile("\\bexports\\s+([\\w.]+)\\s*;");

  private JavadocSections() {}

  /**
   * What the source of one file lacks: the required headings missing from the javadoc of its
   * top-level public type (all of them when it has no javadoc), or empty when it has no public
   * type.
   */
  static List<String> missing(String source) {
    Matcher type = PUBLIC_TYPE.matcher(source);
    if (!type.find()) {
      return List.of();
    }
    String javadoc = javadocBefore(source, type.start()).orElse("");
    List<String> missing = new ArrayList<>();
    for (String heading : REQUIRED) {
      if (!javadoc.contains(heading)) {
        missing.add(heading);
      }
    }
    return missing;
  }

  /** The javadoc comment that ends right before {@code declaration}, annotations aside. */
  private static Optional<String> javadocBefore(String source, int declaration) {
    int end = source.lastIndexOf("*/", declaration);
    int start = end < 0 ? -1 : source.lastIndexOf("/**", end);
    if (start < 0) {
      return Optional.empty();
    }
    String between = source.substring(end + 2, declaration);
    // Only annotations, line comments and blank lines may stand between the comment and the
    // declaration.
    String withoutAnnotations =
        between.replaceAll("//[^\n]*", "").replaceAll("@\\w+(\\.\\w+)*(\\([^)]*\\))?", "");
    return withoutAnnotations.isBlank()
        ? Optional.of(source.substring(start, end + 2))
        : Optional.empty();
  }

  /** One line per public type of an exported package that lacks a section: "file: headings". */
  static List<String> violations(Path root, List<String> modules) {
    List<String> violations = new ArrayList<>();
    for (String module : modules) {
      Path sources = root.resolve(module).resolve("src/main/java");
      Path descriptor = sources.resolve("module-info.java");
      if (!Files.exists(descriptor)) {
        continue;
      }
      Matcher export = UNQUALIFIED_EXPORT.matcher(Reactor.read(descriptor));
      while (export.find()) {
        Path dir = sources.resolve(export.group(1).replace('.', '/'));
        for (Path file : javaFiles(dir)) {
          List<String> missing = missing(Reactor.read(file));
          if (!missing.isEmpty()) {
            violations.add(root.relativize(file) + ": " + String.join(", ", missing));
          }
        }
      }
    }
    return violations;
  }

  private static List<Path> javaFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(file -> file.toString().endsWith(".java"))
          .filter(file -> !file.getFileName().toString().equals("package-info.java"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
