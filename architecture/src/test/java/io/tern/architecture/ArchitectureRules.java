package io.tern.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The four rules of Tern's architecture, over any set of classes and any assignment of classes to
 * modules (the project's, or a test's fixtures):
 *
 * <ol>
 *   <li>module arrows point down the {@link ModuleLayers} table;
 *   <li>no cycle between API packages, a package and its own {@code internal} sub-packages counting
 *       as one;
 *   <li>no class uses another module's {@code internal} package, unless that module exports it to
 *       this one by name;
 *   <li>no class outside an {@code internal} or {@code spi} package extends or implements an {@code
 *       internal} type (an API type must not inherit a hidden one; {@code spi} packages are where
 *       extension points on implementation types are meant to live).
 * </ol>
 */
final class ArchitectureRules {
  private final ModuleMap modules;
  private final ModuleLayers layers;

  ArchitectureRules(ModuleMap modules, ModuleLayers layers) {
    this.modules = modules;
    this.layers = layers;
  }

  /** Every class of the project belongs to a module the layer table knows. */
  ArchRule everyModuleIsPlaced() {
    return classes()
        .should(
            condition(
                "belong to a module placed in the layer table (ModuleLayers.tern())",
                (javaClass, events) -> {
                  String module = modules.moduleOf(javaClass);
                  if (module != null && !layers.knows(module)) {
                    events.add(
                        SimpleConditionEvent.violated(
                            javaClass,
                            "module "
                                + module
                                + " (of "
                                + javaClass.getName()
                                + ") has no row in ModuleLayers.tern()"));
                  }
                }))
        .allowEmptyShould(true);
  }

  /** Rule 1: a class uses only its own module and the modules below it. */
  ArchRule moduleArrowsPointDown() {
    return classes()
        .should(
            dependencyCondition(
                "use only their own module and the modules below it",
                (from, to, dependency) ->
                    !layers.allows(from, to)
                        ? "module "
                            + from
                            + " uses module "
                            + to
                            + ": "
                            + dependency.getDescription()
                        : null))
        .allowEmptyShould(true);
  }

  /** Rule 2: no cycle between API packages (a package with its internals counts as one). */
  ArchRule noCyclesBetweenApiPackages() {
    return slices()
        .assignedFrom(
            new SliceAssignment() {
              @Override
              public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                return modules.moduleOf(javaClass) == null
                    ? SliceIdentifier.ignore()
                    : SliceIdentifier.of(apiPackage(javaClass.getPackageName()));
              }

              @Override
              public String getDescription() {
                return "API packages (each with its internal sub-packages)";
              }
            })
        .should()
        .beFreeOfCycles()
        .allowEmptyShould(true);
  }

  /** Rule 3: no class uses another module's internal package unless exported to it by name. */
  ArchRule noForeignInternalImports() {
    return classes()
        .should(
            dependencyCondition(
                "use no other module's internal packages",
                (from, to, dependency) -> {
                  String pkg = dependency.getTargetClass().getPackageName();
                  if (from.equals(to) || !isInternal(pkg) || modules.exportsTo(to, pkg, from)) {
                    return null;
                  }
                  return "module "
                      + from
                      + " uses "
                      + to
                      + "'s internal package "
                      + pkg
                      + ": "
                      + dependency.getDescription();
                }))
        .allowEmptyShould(true);
  }

  /** Rule 4: an API class outside {@code spi} does not extend or implement an internal type. */
  ArchRule noApiTypeInheritsAnInternalOne() {
    return classes()
        .should(
            condition(
                "outside internal and spi packages, not extend or implement internal types",
                (javaClass, events) -> {
                  String pkg = javaClass.getPackageName();
                  if (modules.moduleOf(javaClass) == null || isInternal(pkg) || isSpi(pkg)) {
                    return;
                  }
                  List<JavaClass> supertypes = new ArrayList<>();
                  javaClass.getRawSuperclass().ifPresent(supertypes::add);
                  supertypes.addAll(javaClass.getRawInterfaces());
                  for (JavaClass supertype : supertypes) {
                    if (isInternal(supertype.getPackageName())) {
                      events.add(
                          SimpleConditionEvent.violated(
                              javaClass,
                              javaClass.getName()
                                  + " extends or implements the internal type "
                                  + supertype.getName()));
                    }
                  }
                }))
        .allowEmptyShould(true);
  }

  List<ArchRule> all() {
    return List.of(
        everyModuleIsPlaced(),
        moduleArrowsPointDown(),
        noCyclesBetweenApiPackages(),
        noForeignInternalImports(),
        noApiTypeInheritsAnInternalOne());
  }

  /** The API package a package belongs to: itself, or the package above its first "internal". */
  static String apiPackage(String pkg) {
    int at = (pkg + ".").indexOf(".internal.");
    return at < 0 ? pkg : pkg.substring(0, at);
  }

  static boolean isInternal(String pkg) {
    return (pkg + ".").contains(".internal.");
  }

  static boolean isSpi(String pkg) {
    return (pkg + ".").contains(".spi.");
  }

  /** Judges one cross-module dependency: a violation message, or null. */
  private interface DependencyJudge {
    String judge(String fromModule, String toModule, Dependency dependency);
  }

  private ArchCondition<JavaClass> dependencyCondition(String description, DependencyJudge judge) {
    return condition(
        description,
        (javaClass, events) -> {
          String from = modules.moduleOf(javaClass);
          if (from == null) {
            return;
          }
          for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
            String to = modules.moduleOf(dependency.getTargetClass());
            if (to == null) {
              continue;
            }
            String violation = judge.judge(from, to, dependency);
            if (violation != null) {
              events.add(SimpleConditionEvent.violated(dependency, violation));
            }
          }
        });
  }

  private static ArchCondition<JavaClass> condition(
      String description, BiConsumer<JavaClass, ConditionEvents> check) {
    return new ArchCondition<>(description) {
      @Override
      public void check(JavaClass javaClass, ConditionEvents events) {
        check.accept(javaClass, events);
      }
    };
  }
}
