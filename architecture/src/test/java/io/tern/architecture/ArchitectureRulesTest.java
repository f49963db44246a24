package io.tern.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.tern.architecture.fixture.high.HighApi;
import io.tern.architecture.fixture.high.UsesLowInternal;
import io.tern.architecture.fixture.high.a.A;
import io.tern.architecture.fixture.high.b.B;
import io.tern.architecture.fixture.low.LeakyApi;
import io.tern.architecture.fixture.low.LowApi;
import io.tern.architecture.fixture.low.UsesHigh;
import io.tern.architecture.fixture.low.internal.LowImpl;
import io.tern.architecture.fixture.low.spi.Base;
import io.tern.architecture.fixture.stray.Stray;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The architecture rules fail on a fixture that breaks them and pass on one that does not, so a
 * green {@link ArchitectureTest} means the project keeps the rules, not that the rules see nothing.
 */
class ArchitectureRulesTest {
  private static final String FIXTURE = "io.tern.architecture.fixture.";

  /** "low" and "high" by package, "high" allowed to use "low"; "stray" is in no row. */
  private static ArchitectureRules rules(Set<String> lowExportsToHigh) {
    ModuleMap modules =
        new ModuleMap() {
          @Override
          public String moduleOf(JavaClass javaClass) {
            String pkg = javaClass.getPackageName() + ".";
            for (String module : new String[] {"low", "high", "stray"}) {
              if (pkg.startsWith(FIXTURE + module + ".")) {
                return module;
              }
            }
            return null;
          }

          @Override
          public boolean exportsTo(String owner, String pkg, String reader) {
            return owner.equals("low") && reader.equals("high") && lowExportsToHigh.contains(pkg);
          }
        };
    return new ArchitectureRules(modules, new ModuleLayers().module("low").module("high", "low"));
  }

  private static ArchitectureRules rules() {
    return rules(Set.of());
  }

  private static EvaluationResult evaluate(ArchRule rule, Class<?>... classes) {
    JavaClasses imported = new ClassFileImporter().importClasses(classes);
    return rule.evaluate(imported);
  }

  @Test
  void anUpwardArrowFails() {
    EvaluationResult result =
        evaluate(rules().moduleArrowsPointDown(), UsesHigh.class, HighApi.class, LowApi.class);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString()).contains("module low uses module high");
  }

  @Test
  void downwardArrowsPass() {
    assertThat(
            evaluate(rules().moduleArrowsPointDown(), HighApi.class, LowApi.class).hasViolation())
        .isFalse();
  }

  @Test
  void aPackageCycleFails() {
    EvaluationResult result = evaluate(rules().noCyclesBetweenApiPackages(), A.class, B.class);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString()).contains("fixture.high.a", "fixture.high.b");
  }

  @Test
  void aPackageAndItsOwnInternalsCountAsOne() {
    // LowImpl (low.internal) extends LowApi (low), and LeakyApi (low) extends LowImpl: both ways
    // between a package and its own internal package, which is no cycle.
    assertThat(
            evaluate(
                    rules().noCyclesBetweenApiPackages(),
                    LowApi.class,
                    LowImpl.class,
                    LeakyApi.class)
                .hasViolation())
        .isFalse();
  }

  @Test
  void aForeignInternalImportFails() {
    EvaluationResult result =
        evaluate(rules().noForeignInternalImports(), UsesLowInternal.class, LowImpl.class);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString())
        .contains("module high uses low's internal package " + FIXTURE + "low.internal");
  }

  @Test
  void anInternalPackageExportedByNameMayBeUsedByThatModule() {
    ArchRule rule = rules(Set.of(FIXTURE + "low.internal")).noForeignInternalImports();
    assertThat(evaluate(rule, UsesLowInternal.class, LowImpl.class).hasViolation()).isFalse();
  }

  @Test
  void anApiTypeExtendingAnInternalOneFails() {
    EvaluationResult result =
        evaluate(rules().noApiTypeInheritsAnInternalOne(), LeakyApi.class, LowImpl.class);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString())
        .contains(LeakyApi.class.getName() + " extends or implements the internal type");
  }

  @Test
  void anSpiTypeMayExtendAnInternalOne() {
    assertThat(
            evaluate(rules().noApiTypeInheritsAnInternalOne(), Base.class, LowImpl.class)
                .hasViolation())
        .isFalse();
  }

  @Test
  void aModuleWithoutARowFails() {
    EvaluationResult result = evaluate(rules().everyModuleIsPlaced(), Stray.class);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString()).contains("module stray");
  }

  @Test
  void theApiPackageOfAnInternalPackageIsThePackageAboveIt() {
    assertThat(ArchitectureRules.apiPackage("io.tern.buffer.internal.pool"))
        .isEqualTo("io.tern.buffer");
    assertThat(ArchitectureRules.apiPackage("io.tern.codec.http.internal"))
        .isEqualTo("io.tern.codec.http");
    assertThat(ArchitectureRules.apiPackage("io.tern.codec.http.multipart"))
        .isEqualTo("io.tern.codec.http.multipart");
    assertThat(ArchitectureRules.isInternal("io.tern.internals")).isFalse();
  }
}
