package io.tern.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsPageTest {
  @TempDir Path dir;

  private int run(Path results, Path page, Path svg) {
    return ResultsPage.run(
        List.of(
            "--results", results.toString(),
            "--page", page.toString(),
            "--svg", svg.toString(),
            "--note", "Measured in a test."),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  @Test
  void tablesReplaceOnlyTheMarkedPartOfThePageAndTheChartIsWritten() throws IOException {
    Path results = Files.createDirectories(dir.resolve("results"));
    Files.writeString(
        results.resolve("load-epoll.tsv"),
        """
        # command: benchmarks/load/compare --transport epoll
        kind\ttransport\tscenario\trole\tserver\trequests_per_second\tcpu_us_per_request
        MEASURE\tepoll\tplaintext\ttern\ttern-http\t70000\t13.0
        MEASURE\tepoll\tplaintext\tnetty\tnetty-http-te\t60000\t16.0
        MEASURE\tepoll\tplaintext\tlimit\tlimit\t80000\t4.5
        RATIO\tepoll\tplaintext\t1.16667
        RATIO\tepoll\tplaintext-cpu\t1.23077
        RATIO\tepoll\tplaintext-vs-limit\t0.875
        RATIO\tepoll\tplaintext-cpu-vs-limit\t0.346
        """);
    Files.writeString(
        results.resolve("jmh-buffer.tsv"),
        """
        # command: benchmarks/compare --rounds 3 '^io\\.tern\\.benchmarks\\.buffer\\.'
        kind\tname\tmode\tunit\ttern\tnetty\tnetty_configuration\tratio\tleak_level
        RATIO\tX.m[size=64]\tavgt\tns/op\t10\t12\tnetty+unsafe\t1.2\tDISABLED
        TERN\tY.m\tavgt\tns/op\t5\t\t\t\tDISABLED
        """);
    Path page = dir.resolve("BENCHMARKS.md");
    Files.writeString(
        page,
        "# Benchmarks\nbefore\n"
            + ResultsPage.BEGIN
            + "\nold tables\n"
            + ResultsPage.END
            + "\nafter\n");
    Path svg = dir.resolve("benchmarks-load.svg");

    assertThat(run(results, page, svg)).isZero();

    String text = Files.readString(page);
    assertThat(text)
        .startsWith("# Benchmarks\nbefore\n" + ResultsPage.BEGIN)
        .endsWith(ResultsPage.END + "\nafter\n")
        .doesNotContain("old tables")
        .contains("Measured in a test.")
        .contains("| epoll | plaintext | 70,000 | 60,000 (http-te) | **1.167** |")
        .contains("| X.m[size=64] | 10.0 | 12.0 | netty+unsafe | ns/op | **1.200** |")
        .contains("| Y.m | 5.00 | ns/op |")
        .contains("![The load table as a chart](benchmarks-load.svg)");
    assertThat(Files.readString(svg)).startsWith("<svg").contains("tern-http epoll plaintext");
  }

  @Test
  void aPageWithoutMarkersIsNotTouched() throws IOException {
    Path page = dir.resolve("BENCHMARKS.md");
    Files.writeString(page, "# no markers\n");

    assertThat(run(Files.createDirectories(dir.resolve("r")), page, dir.resolve("c.svg")))
        .isEqualTo(1);
    assertThat(Files.readString(page)).isEqualTo("# no markers\n");
  }
}
