package io.tern.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every public type of an exported package states its threading and ownership rules under the same
 * two headings; and the check itself tells a type that does from one that does not.
 */
class JavadocSectionsTest {
  @Test
  void everyPublicTypeOfAnExportedPackageHasBothSections() {
    Reactor reactor = Reactor.find();
    List<String> violations = JavadocSections.violations(reactor.root(), reactor.modules());
    assertThat(violations)
        .as(
            "public types whose javadoc lacks <h2>Threading</h2> or <h2>Ownership</h2> (%d)",
            violations.size())
        .isEmpty();
  }

  @Test
  void aTypeWithBothSectionsPasses() {
    String source =
        """
        package p;

        /**
         * A thing.
         *
         * <h2>Threading</h2>
         * Any thread.
         *
         * <h2>Ownership</h2>
         * Holds no reference-counted objects.
         */
        @SuppressWarnings("unused")
        public final class Thing {}
        """;
    assertThat(JavadocSections.missing(source)).isEmpty();
  }

  @Test
  void aLineCommentBetweenTheJavadocAndTheTypeIsAllowed() {
    String source =
        """
        package p;

        /**
         * A thing.
         *
         * <h2>Threading</h2>
         * Any thread.
         *
         * <h2>Ownership</h2>
         * Holds no reference-counted objects.
         */
        // why the suppression is right
        @SuppressWarnings("unused") // and a trailing note
        public final class Thing {}
        """;
    assertThat(JavadocSections.missing(source)).isEmpty();
  }

  @Test
  void javadocSeparatedFromTheTypeByCodeDoesNotCount() {
    String source =
        """
        package p;

        /**
         * <h2>Threading</h2>
         * <h2>Ownership</h2>
         */
        interface Other {}

        public final class Thing {}
        """;
    assertThat(JavadocSections.missing(source)).containsExactlyElementsOf(JavadocSections.REQUIRED);
  }

  @Test
  void aTypeMissingASectionIsReportedWithTheHeadingItLacks() {
    String source =
        """
        package p;

        /**
         * A thing.
         *
         * <h2>Threading</h2>
         * Any thread.
         */
        public interface Thing {}
        """;
    assertThat(JavadocSections.missing(source)).containsExactly("<h2>Ownership</h2>");
  }

  @Test
  void aTypeWithoutJavadocLacksBoth() {
    String source =
        """
        package p;

        /** A comment that belongs to the import below, not to the type. */
        import java.util.List;

        public record Thing(List<String> names) {}
        """;
    assertThat(JavadocSections.missing(source)).isEqualTo(JavadocSections.REQUIRED);
  }

  @Test
  void aFileWithoutAPublicTypeNeedsNothing() {
    assertThat(JavadocSections.missing("package p;\n\nfinal class Hidden {}\n")).isEmpty();
  }
}
