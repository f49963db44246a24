package io.tern.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tern's architecture over the compiled classes of every module of the reactor (examples,
 * benchmarks and interop included). The picture these rules enforce is drawn in {@code
 * docs/ARCHITECTURE.md}; {@link ArchitectureRulesTest} shows each rule failing on a bad fixture.
 */
class ArchitectureTest {
  private static ProjectClasses project;
  private static ArchitectureRules rules;

  @BeforeAll
  static void importProject() {
    project = ProjectClasses.load();
    rules = new ArchitectureRules(project, ModuleLayers.tern());
  }

  @Test
  void importsTheClassesOfEveryLibraryModule() {
    assertThat(project.moduleByClass.values())
        .contains("common", "buffer", "transport", "transport-linux", "codec", "codec-http");
  }

  @Test
  void everyModuleHasARowInTheLayerTable() {
    check(rules.everyModuleIsPlaced());
  }

  @Test
  void moduleArrowsPointDown() {
    check(rules.moduleArrowsPointDown());
  }

  @Test
  void apiPackagesHaveNoCycles() {
    check(rules.noCyclesBetweenApiPackages());
  }

  @Test
  void noModuleImportsAnotherModulesInternals() {
    check(rules.noForeignInternalImports());
  }

  @Test
  void noApiTypeOutsideSpiInheritsAnInternalType() {
    check(rules.noApiTypeInheritsAnInternalOne());
  }

  private static void check(ArchRule rule) {
    EvaluationResult result = rule.evaluate(project.classes);
    assertThat(result.hasViolation()).as("%s", result.getFailureReport().toString()).isFalse();
  }
}
