package io.tern.osgitest;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;

/**
 * The jars the test installs, found on its class path (the reactor packaged them: they are the
 * bundles users get), and what their module descriptors and manifests say.
 */
final class TernBundles {
  private static final Pattern BOM_ARTIFACT =
      Pattern.compile("<artifactId>(tern-[^<]+)</artifactId>");
  private static final Pattern JAR = Pattern.compile("(tern-.+?)-\\d+\\..*\\.jar");

  /** Published for tests only, with JUnit imports no application framework provides. */
  private static final Set<String> NOT_FOR_FRAMEWORKS = Set.of("tern-test-support", "tern-bom");

  private TernBundles() {}

  /** The class path entries of the test JVM. */
  static List<Path> classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isEmpty())
        .map(Path::of)
        .toList();
  }

  /** The artifact ids the BOM lists, less those not meant for an application's framework. */
  static Set<String> bomLibraries() {
    Path bom = reactorRoot().resolve("bom/pom.xml");
    String text;
    try {
      text = Files.readString(bom, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Set<String> ids = new TreeSet<>();
    Matcher m = BOM_ARTIFACT.matcher(text);
    while (m.find()) {
      ids.add(m.group(1));
    }
    ids.removeAll(NOT_FOR_FRAMEWORKS);
    return ids;
  }

  /** The Tern library jars on the class path, by artifact id; fails on unpackaged class dirs. */
  static List<Path> libraryJars(Set<String> artifactIds) {
    List<Path> jars = new ArrayList<>();
    for (Path entry : classPath()) {
      String artifact = artifactOf(entry);
      if (artifact == null || !artifactIds.contains(artifact)) {
        continue;
      }
      if (!entry.getFileName().toString().endsWith(".jar")) {
        throw new IllegalStateException(
            entry
                + " is a class directory, not a bundle: run the OSGi test in a build that packages"
                + " the modules (./mvnw -B verify -pl osgi-test -am)");
      }
      jars.add(entry);
    }
    return jars;
  }

  /** The third-party bundles Tern needs at run time (JCTools; Aalto and StAX2 for codec-xml). */
  static List<Path> thirdPartyJars() {
    return classPath().stream()
        .filter(
            p -> {
              String name = p.getFileName().toString();
              return name.startsWith("jctools-")
                  || name.startsWith("aalto-xml-")
                  || name.startsWith("stax2-api-");
            })
        .toList();
  }

  /** {@code tern-x} for {@code .../x/target/tern-x-VERSION.jar} or {@code .../x/target/classes}. */
  static String artifactOf(Path entry) {
    String name = entry.getFileName().toString();
    Matcher jar = JAR.matcher(name);
    if (jar.matches() && !name.endsWith("-tests.jar")) {
      return jar.group(1);
    }
    if (name.equals("classes")
        && entry.getParent() != null
        && entry.getParent().getParent() != null) {
      return "tern-" + entry.getParent().getParent().getFileName();
    }
    return null;
  }

  /** The module descriptor inside a jar. */
  static ModuleDescriptor descriptor(Path jar) {
    try (JarFile file = new JarFile(jar.toFile())) {
      ZipEntry entry = file.getEntry("module-info.class");
      if (entry == null) {
        throw new IllegalStateException(jar + " has no module-info.class");
      }
      try (InputStream in = file.getInputStream(entry)) {
        return ModuleDescriptor.read(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The packages a module descriptor exports to everyone. */
  static Set<String> unqualifiedExports(ModuleDescriptor descriptor) {
    return descriptor.exports().stream()
        .filter(e -> !e.isQualified())
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * The package names of an OSGi {@code Export-Package} header (clauses separated by commas outside
   * quotes; each clause's names before its first attribute or directive).
   */
  static Set<String> exportedPackages(String header) {
    Set<String> packages = new TreeSet<>();
    if (header == null || header.isBlank()) {
      return packages;
    }
    StringBuilder clause = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i <= header.length(); i++) {
      char c = i < header.length() ? header.charAt(i) : ',';
      if (c == '"') {
        quoted = !quoted;
      }
      if (c == ',' && !quoted) {
        for (String part : clause.toString().split(";", -1)) {
          String p = part.trim();
          if (p.contains("=") || p.isEmpty()) {
            break;
          }
          packages.add(p);
        }
        clause.setLength(0);
      } else {
        clause.append(c);
      }
    }
    return packages;
  }

  /** The reactor's root: the folder above this module. */
  static Path reactorRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("bom/pom.xml"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no reactor root above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
