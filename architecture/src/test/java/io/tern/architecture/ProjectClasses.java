package io.tern.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The main classes of every module of the reactor, imported from each module's {@code
 * target/classes}, so that each class is known by the module it was compiled in; and each module's
 * qualified exports ({@code exports P to M}), read from its {@code module-info.java}.
 */
final class ProjectClasses implements ModuleMap {
  private static final Pattern MODULE_NAME = Pattern.compile("\\bmodule\\s+([\\w.]+)\\s*\\{");
  private static final Pattern QUALIFIED_EXPORT =
      Pattern.compile("\\bexports\\s+([\\w.]+)\\s+to\\s+([\\w.,\\s]+);");

  final JavaClasses classes;
  final Map<String, String> moduleByClass;
  final List<String> modules;

  /** Per module: the packages it exports to named modules only, with those modules' names. */
  private final Map<String, Map<String, List<String>>> qualifiedExports = new HashMap<>();

  /** Per module: its JPMS name, where it has a descriptor. */
  private final Map<String, String> jpmsNames = new HashMap<>();

  private ProjectClasses(Reactor reactor) {
    Path root = reactor.root();
    this.modules = reactor.modules();
    Map<String, String> byClass = new HashMap<>();
    List<Path> outputs = new ArrayList<>();
    for (String module : modules) {
      Path source = root.resolve(module).resolve("src/main/java");
      if (!Files.isDirectory(source)) {
        continue;
      }
      Path classes = root.resolve(module).resolve("target/classes");
      if (!Files.isDirectory(classes)) {
        throw new IllegalStateException(
            module + " has sources but no target/classes: build the reactor first");
      }
      outputs.add(classes);
      readDescriptor(module, source.resolve("module-info.java"));
    }
    this.classes =
        new ClassFileImporter()
            .withImportOption(location -> !location.contains("module-info"))
            .importPaths(outputs);
    for (JavaClass javaClass : classes) {
      javaClass
          .getSource()
          .ifPresent(
              source -> {
                String uri = source.getUri().toString();
                for (String module : modules) {
                  if (uri.contains("/" + module + "/target/classes/")) {
                    byClass.put(javaClass.getName(), module);
                  }
                }
              });
    }
    this.moduleByClass = Map.copyOf(byClass);
  }

  /** Imports the reactor whose root is found upwards from the working directory. */
  static ProjectClasses load() {
    return new ProjectClasses(Reactor.find());
  }

  @Override
  public String moduleOf(JavaClass javaClass) {
    return moduleByClass.get(javaClass.getName());
  }

  @Override
  public boolean exportsTo(String owner, String pkg, String reader) {
    String readerName = jpmsNames.get(reader);
    return readerName != null
        && qualifiedExports.getOrDefault(owner, Map.of()).getOrDefault(pkg, List.of()).stream()
            .anyMatch(readerName::equals);
  }

  private void readDescriptor(String module, Path descriptor) {
    if (!Files.exists(descriptor)) {
      return;
    }
    String text =
        Reactor.read(descriptor).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    Matcher name = MODULE_NAME.matcher(text);
    if (name.find()) {
      jpmsNames.put(module, name.group(1));
    }
    Map<String, List<String>> exports = new LinkedHashMap<>();
    Matcher export = QUALIFIED_EXPORT.matcher(text);
    while (export.find()) {
      exports.put(export.group(1), List.of(export.group(2).trim().split("\\s*,\\s*")));
    }
    qualifiedExports.put(module, exports);
  }
}
