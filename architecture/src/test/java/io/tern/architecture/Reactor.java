package io.tern.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Maven reactor under check: its root folder (found upwards from the working directory) and the
 * modules its POM lists, in order.
 */
record Reactor(Path root, List<String> modules) {
  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  static Reactor find() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("architecture"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no reactor root above " + Path.of("").toAbsolutePath());
    }
    List<String> modules = new ArrayList<>();
    Matcher matcher = MODULE.matcher(read(dir.resolve("pom.xml")));
    while (matcher.find()) {
      modules.add(matcher.group(1).trim());
    }
    return new Reactor(dir, List.copyOf(modules));
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
