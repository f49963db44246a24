package io.tern.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.architecture.Poms.Dependency;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * What users' builds get from the published POMs: no build-only dependency on their class path, and
 * the metadata Maven Central requires ({@code ./mvnw -Prelease verify} adds the sources and javadoc
 * jars; see the README's release section).
 */
class PublishedPomsTest {
  private final Reactor reactor = Reactor.find();
  private final Element root = Poms.read(reactor.root().resolve("pom.xml"));
  private final Map<String, String> managed = Poms.managedScopes(root);

  @Test
  void errorProneAnnotationsReachNoUser() {
    List<String> leaks = new ArrayList<>();
    int declared = 0;
    List<String> poms = new ArrayList<>();
    poms.add("."); // the parent: its dependencies are every module's
    poms.addAll(reactor.modules());
    for (String module : poms) {
      Element pom = Poms.read(reactor.root().resolve(module).resolve("pom.xml"));
      for (Dependency d : Poms.dependencies(pom, managed)) {
        if (d.artifactId().equals("error_prone_annotations")) {
          declared++;
          if (d.reachesUsers()) {
            leaks.add(module + " (" + d.scope() + ", not optional)");
          }
        }
      }
    }
    assertThat(declared)
        .as("POMs declaring error_prone_annotations (the parent and common at least)")
        .isPositive();
    assertThat(leaks)
        .as(
            "error_prone_annotations is `requires static` in the module descriptors, so the POMs"
                + " must not hand it to users: mark it <optional>true</optional> or provided")
        .isEmpty();
  }

  @Test
  void aCompileDependencyThatIsNotOptionalReachesUsers() {
    assertThat(new Dependency("g", "a", "compile", false).reachesUsers()).isTrue();
    assertThat(new Dependency("g", "a", "compile", true).reachesUsers()).isFalse();
    assertThat(new Dependency("g", "a", "provided", false).reachesUsers()).isFalse();
    assertThat(new Dependency("g", "a", "test", false).reachesUsers()).isFalse();
  }

  @Test
  void theParentAndTheBomCarryTheMetadataMavenCentralRequires() {
    for (String pom : List.of("pom.xml", "bom/pom.xml")) {
      Element project = Poms.read(reactor.root().resolve(pom));
      List<String> missing = new ArrayList<>();
      for (String path :
          List.of(
              "name",
              "description",
              "url",
              "licenses/license/name",
              "licenses/license/url",
              "developers/developer/name",
              "scm/url",
              "scm/connection",
              "scm/developerConnection")) {
        if (Poms.text(project, path).isEmpty()) {
          missing.add(path);
        }
      }
      assertThat(missing).as("elements missing from %s", pom).isEmpty();
    }
  }

  @Test
  void everyPublishedModuleHasANameAndADescription() {
    List<String> missing = new ArrayList<>();
    List<String> published = new ArrayList<>();
    for (String module : reactor.modules()) {
      Element pom = Poms.read(reactor.root().resolve(module).resolve("pom.xml"));
      if (!Poms.published(pom)) {
        continue;
      }
      published.add(module);
      if (Poms.text(pom, "name").isEmpty() || Poms.text(pom, "description").isEmpty()) {
        missing.add(module);
      }
    }
    assertThat(published)
        .contains("common", "buffer", "transport", "codec")
        .doesNotContain("examples");
    assertThat(missing).as("published modules without <name> or <description>").isEmpty();
  }
}
