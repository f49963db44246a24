package io.tern.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the Netty migration guide and the getting-started guide true to the code: the guide's Java
 * is the compiled example sources word for word, its module declaration compiles against Tern's
 * modules on the module path, every Tern name the migration guide's tables mention (types, members,
 * packages, modules, system properties) exists, and every {@code ./run-example NAME} is registered.
 * Renaming something the guides name fails this test.
 */
class GuidesTest {
  /** The package the getting-started code is compiled in here, and the one the guide shows. */
  private static final String BUILD_PACKAGE = "io.tern.examples.gettingstarted";

  private static final String GUIDE_PACKAGE = "com.example.hello";

  private static Path root;
  private static Map<Path, String> mainSources;

  @BeforeAll
  static void readTheRepository() throws IOException {
    root = Path.of("").toAbsolutePath();
    if (!Files.isDirectory(root.resolve("docs"))) {
      root = root.getParent(); // surefire runs in the module's directory
    }
    assertThat(root.resolve("docs/getting-started.md")).exists();
    mainSources = new LinkedHashMap<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.toList()) {
        Path main = module.resolve("src/main/java");
        if (!Files.isDirectory(main)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(main)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
            mainSources.put(root.relativize(file), Files.readString(file));
          }
        }
      }
    }
  }

  private static String read(String relative) throws IOException {
    return Files.readString(root.resolve(relative));
  }

  // ---- getting-started: the quoted code is the compiled code -----------------------------------

  private static final Pattern SOURCED_BLOCK =
      Pattern.compile("<!-- source: (\\S+) -->\\s*\\n```java\\n(.*?)```", Pattern.DOTALL);

  /** The guide's view of a source file: the package it tells the reader to use. */
  private static String asInGuide(String source) {
    return source.replace("package " + BUILD_PACKAGE + ";", "package " + GUIDE_PACKAGE + ";");
  }

  @Test
  void gettingStartedQuotesTheCompiledSourcesWordForWord() throws IOException {
    String guide = read("docs/getting-started.md");
    Matcher m = SOURCED_BLOCK.matcher(guide);
    List<String> quoted = new ArrayList<>();
    while (m.find()) {
      String file = m.group(1);
      quoted.add(file);
      assertThat(m.group(2)).as(file).isEqualTo(asInGuide(read(file)));
    }
    assertThat(quoted)
        .as("every getting-started source appears in the guide")
        .contains(
            "examples/src/main/java/io/tern/examples/gettingstarted/HelloHandler.java",
            "examples/src/main/java/io/tern/examples/gettingstarted/HelloServer.java",
            "examples/src/main/java/io/tern/examples/gettingstarted/EchoClient.java",
            "examples/src/test/java/io/tern/examples/gettingstarted/HelloHandlerTest.java");
    long javaBlocks = Pattern.compile("```java\\n").matcher(guide).results().count();
    assertThat(javaBlocks)
        .as("no Java in the guide that this test does not check")
        .isEqualTo(quoted.size() + 1);
  }

  private static final Pattern MODULE_BLOCK =
      Pattern.compile("<!-- module-info -->\\s*\\n```java\\n(.*?)```", Pattern.DOTALL);

  /** Where a class was loaded from: a module's {@code target/classes} or its jar. */
  private static String locationOf(String className) throws ClassNotFoundException {
    try {
      return Path.of(
              Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void gettingStartedCompilesAsANamedModuleOnTheModulePath(@TempDir Path dir) throws Exception {
    String guide = read("docs/getting-started.md");
    Matcher module = MODULE_BLOCK.matcher(guide);
    assertThat(module.find()).as("the guide declares its module").isTrue();
    Path sources = dir.resolve("src");
    Path pkg = sources.resolve(GUIDE_PACKAGE.replace('.', '/'));
    Files.createDirectories(pkg);
    Files.writeString(sources.resolve("module-info.java"), module.group(1));
    List<String> args = new ArrayList<>();
    for (String name : List.of("HelloHandler", "HelloServer", "EchoClient")) {
      Path file = pkg.resolve(name + ".java");
      Files.writeString(
          file,
          asInGuide(
              read("examples/src/main/java/io/tern/examples/gettingstarted/" + name + ".java")));
      args.add(file.toString());
    }
    Set<String> modulePath = new LinkedHashSet<>();
    for (String c :
        List.of(
            "io.tern.common.SystemProperties",
            "io.tern.buffer.ByteBuf",
            "io.tern.transport.channel.Channel",
            "io.tern.codec.ByteToMessageDecoder",
            "io.tern.handler.timeout.IdleStateHandler",
            "io.tern.codec.http.HttpServerCodec",
            "com.google.errorprone.annotations.CanIgnoreReturnValue",
            "org.jctools.queues.MpscArrayQueue")) {
      modulePath.add(locationOf(c));
    }
    List<String> options =
        new ArrayList<>(
            List.of(
                "--module-path",
                String.join(File.pathSeparator, modulePath),
                "-d",
                dir.resolve("out").toString(),
                "-Xlint:all",
                "-Werror",
                sources.resolve("module-info.java").toString()));
    options.addAll(args);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int status = javac.run(null, diagnostics, diagnostics, options.toArray(String[]::new));
    assertThat(status).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(dir.resolve("out/" + GUIDE_PACKAGE.replace('.', '/') + "/HelloServer.class"))
        .exists();
  }

  // ---- migrating-from-netty: every Tern name exists ---------------------------------------------

  private static final Pattern DOT = Pattern.compile("\\.");

  private static final Pattern FENCED = Pattern.compile("(?ms)^```.*?^```");

  private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

  /** The cells of the columns whose header names Tern, from every table of a Markdown file. */
  private static List<String> ternCells(String markdown) {
    List<String> cells = new ArrayList<>();
    List<Integer> ternColumns = List.of();
    boolean inTable = false;
    for (String line : markdown.lines().toList()) {
      if (!line.startsWith("|")) {
        inTable = false;
        continue;
      }
      String[] parts = line.split("(?<!\\\\)\\|", -1);
      if (!inTable) {
        inTable = true;
        List<Integer> columns = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
          if (parts[i].contains("Tern")) {
            columns.add(i);
          }
        }
        ternColumns = columns;
        continue;
      }
      for (int i : ternColumns) {
        if (i < parts.length) {
          cells.add(parts[i]);
        }
      }
    }
    return cells;
  }

  private static boolean isModule(String name) {
    return mainSources.entrySet().stream()
        .anyMatch(
            e ->
                e.getKey().endsWith("module-info.java")
                    && e.getValue().contains("module " + name + " {"));
  }

  private static boolean isPackage(String name) {
    String dir = "/src/main/java/" + name.replace('.', '/') + "/";
    return mainSources.keySet().stream()
        .map(p -> p.toString().replace('\\', '/'))
        .anyMatch(p -> p.contains(dir) && p.indexOf('/', p.indexOf(dir) + dir.length()) < 0);
  }

  private static boolean isSystemProperty(String key) {
    int dot = key.lastIndexOf('.');
    String prefix = key.substring(0, dot + 1);
    String last = key.substring(dot + 1);
    return mainSources.values().stream()
        .anyMatch(
            s ->
                s.contains("\"" + key + "\"")
                    || (s.contains("\"" + prefix + "\"") && s.contains("\"" + last + "\"")));
  }

  /** A public API type: {@code Name.java} outside {@code internal} packages. */
  private static List<String> apiTypeSources(String simpleName) {
    return mainSources.entrySet().stream()
        .filter(e -> e.getKey().getFileName().toString().equals(simpleName + ".java"))
        .filter(e -> !e.getKey().toString().replace('\\', '/').contains("/internal/"))
        .map(Map.Entry::getValue)
        .toList();
  }

  private static boolean mentions(List<String> sources, String member) {
    Pattern word = Pattern.compile("\\b" + Pattern.quote(member) + "\\b");
    return sources.stream().anyMatch(s -> word.matcher(s).find());
  }

  /** Why a name the guide mentions does not exist, or {@code null} if it does. */
  private static String problem(String token) {
    String t = token.strip();
    if (t.startsWith("requires ")) {
      String module = t.substring("requires ".length()).replace(";", "").strip();
      module = module.replace("transitive ", "").replace("static ", "");
      return isModule(module) ? null : "no module " + module;
    }
    if (t.startsWith("-D")) {
      String key = t.substring(2).split("=", 2)[0];
      return !key.startsWith("io.tern.") || isSystemProperty(key) ? null : "no property " + key;
    }
    t = t.replaceAll("\\(.*\\)$", "").replace('#', '.').replaceFirst("^@", "");
    if (t.startsWith("io.tern.")) {
      String literal = "\"" + t + "\"";
      if (mainSources.values().stream().anyMatch(src -> src.contains(literal))) {
        return null; // a name the code defines as a string: a JFR event, a property
      }
      String[] segments = DOT.split(t, -1);
      int type = -1;
      for (int i = 0; i < segments.length; i++) {
        if (!segments[i].isEmpty() && Character.isUpperCase(segments[i].charAt(0))) {
          type = i;
          break;
        }
      }
      if (type < 0) {
        return isModule(t) || isPackage(t) || isSystemProperty(t) ? null : "no such name " + t;
      }
      String pkg = String.join(".", List.of(segments).subList(0, type));
      Path file = Path.of(pkg.replace('.', '/'), segments[type] + ".java");
      List<String> sources =
          mainSources.entrySet().stream()
              .filter(
                  e ->
                      e.getKey()
                          .toString()
                          .replace('\\', '/')
                          .endsWith("src/main/java/" + file.toString().replace('\\', '/')))
              .map(Map.Entry::getValue)
              .toList();
      if (sources.isEmpty()) {
        return "no type " + pkg + "." + segments[type];
      }
      for (int i = type + 1; i < segments.length; i++) {
        if (!mentions(sources, segments[i])) {
          return segments[type] + " has no " + segments[i];
        }
      }
      return null;
    }
    if (t.matches("[A-Z][A-Z0-9_]*")) {
      return null; // a constant or enum value, named beside its type
    }
    if (t.matches("[A-Z][A-Za-z0-9]*(\\.[A-Za-z_][A-Za-z0-9_]*)*(<.*>)?")) {
      t = t.replaceAll("<.*>$", "");
      String[] segments = DOT.split(t, -1);
      List<String> sources = apiTypeSources(segments[0]);
      if (sources.isEmpty()) {
        return jdkProblem(segments);
      }
      List<String> everywhere = List.copyOf(mainSources.values());
      for (int i = 1; i < segments.length; i++) {
        if (!mentions(sources, segments[i]) && !mentions(everywhere, segments[i] + "(")) {
          return segments[0] + " has no " + segments[i];
        }
      }
    }
    return null; // code fragments, options and prose are not names
  }

  private static final List<String> JDK_PACKAGES =
      List.of(
          "java.lang.",
          "java.lang.foreign.",
          "java.util.",
          "java.util.concurrent.",
          "java.nio.",
          "java.net.",
          "javax.net.ssl.",
          "sun.misc.");

  /** A name that is not Tern's must be the JDK's, with the members the guide gives it. */
  private static String jdkProblem(String[] segments) {
    for (String pkg : JDK_PACKAGES) {
      Class<?> type;
      try {
        type = Class.forName(pkg + segments[0]);
      } catch (ClassNotFoundException e) {
        continue;
      }
      for (int i = 1; i < segments.length; i++) {
        String member = segments[i];
        boolean found =
            Stream.of(type.getMethods()).anyMatch(m -> m.getName().equals(member))
                || Stream.of(type.getFields()).anyMatch(f -> f.getName().equals(member));
        if (!found) {
          return segments[0] + " has no " + member;
        }
      }
      return null;
    }
    return "neither a Tern API type nor a JDK class: " + segments[0];
  }

  private static List<String> problems(String markdown, boolean allTernCells) {
    List<String> tokens = new ArrayList<>();
    if (allTernCells) {
      for (String cell : ternCells(markdown)) {
        TICKED.matcher(cell).results().map(r -> r.group(1)).forEach(tokens::add);
      }
    }
    // Anywhere in the prose (code blocks are checked by compiling or quoting them): fully qualified
    // Tern names, properties and requires clauses. Inline code never spans lines here.
    String prose = FENCED.matcher(markdown).replaceAll("");
    TICKED
        .matcher(prose)
        .results()
        .map(r -> r.group(1))
        .filter(
            t ->
                t.startsWith("io.tern.") || t.startsWith("-Dio.tern.") || t.startsWith("requires "))
        .forEach(tokens::add);
    return tokens.stream()
        .distinct()
        .map(
            t -> {
              String p = problem(t);
              return p == null ? null : "`" + t + "`: " + p;
            })
        .filter(p -> p != null)
        .collect(Collectors.toList());
  }

  @Test
  void everyTernNameInTheMigrationGuideExists() throws IOException {
    String guide = read("docs/migrating-from-netty.md");
    assertThat(ternCells(guide)).as("the guide's tables have a Tern column").hasSizeGreaterThan(50);
    assertThat(problems(guide, true)).isEmpty();
  }

  @Test
  void everyTernNameInTheGettingStartedGuideExists() throws IOException {
    assertThat(problems(read("docs/getting-started.md"), true)).isEmpty();
  }

  @Test
  void theNameCheckNoticesARenamedName() {
    assertThat(problem("io.tern.transport.channel.ChannelHandler")).isNull();
    assertThat(problem("ChannelHandler.channelRead")).isNull();
    assertThat(problem("io.tern.transport.channel.ChannelInboundHandler")).isNotNull();
    assertThat(problem("ChannelHandler.channelRead1")).isNotNull();
    assertThat(problem("-Dio.tern.common.leakDetection.level=PARANOID")).isNull();
    assertThat(problem("-Dio.tern.common.leakDetection.levels=PARANOID")).isNotNull();
    assertThat(problem("io.tern.buffer.pooled.pageSize")).isNull();
    assertThat(problem("requires io.tern.codec.http")).isNull();
    assertThat(problem("requires io.tern.codec.https")).isNotNull();
    assertThat(problem("io.tern.transport.nio")).isNull();
    assertThat(problem("io.tern.EventLoopIteration")).isNull(); // a JFR event's name
    assertThat(problem("io.tern.EventLoopIterations")).isNotNull();
    assertThat(problem("MemorySegment")).isNull(); // the JDK's
    assertThat(problem("Objects.requireNonNull")).isNull();
    assertThat(problem("Objects.requireNothing")).isNotNull();
  }

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  private static List<String> trimmedLines(String text) {
    return text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  @Test
  void theMigrationGuidesJavaIsQuotedFromThePortedExamples() throws IOException {
    List<List<String>> sources =
        mainSources.entrySet().stream()
            .filter(e -> e.getKey().startsWith(Path.of("examples")))
            .map(e -> trimmedLines(e.getValue()))
            .toList();
    List<String> blocks =
        JAVA_BLOCK
            .matcher(read("docs/migrating-from-netty.md"))
            .results()
            .map(r -> r.group(1))
            .toList();
    assertThat(blocks).hasSizeGreaterThanOrEqualTo(3);
    for (String block : blocks) {
      List<String> lines = trimmedLines(block);
      assertThat(
              sources.stream().anyMatch(s -> java.util.Collections.indexOfSubList(s, lines) >= 0))
          .as("quoted from an example's source:%n%s", block)
          .isTrue();
    }
  }

  // ---- every ./run-example NAME in the docs exists ------------------------------------------

  private static final Pattern RUN_EXAMPLE = Pattern.compile("\\./run-example ([a-z][a-z0-9-]*)");

  @Test
  void everyExampleTheDocsRunIsRegistered() throws IOException {
    Set<String> named = new LinkedHashSet<>();
    for (String doc :
        List.of(
            "README.md",
            "docs/examples.md",
            "docs/getting-started.md",
            "docs/migrating-from-netty.md")) {
      RUN_EXAMPLE.matcher(read(doc)).results().map(r -> r.group(1)).forEach(named::add);
    }
    named.remove("list");
    assertThat(named).contains("telnet", "uptime", "factorial-server", "factorial-client");
    assertThat(Examples.names()).containsAll(named);
  }
}
