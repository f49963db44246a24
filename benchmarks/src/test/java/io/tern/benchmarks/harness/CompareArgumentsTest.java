package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompareArgumentsTest {
  @Test
  void roundsAreTakenOutAndTheRestGoesToJmh() {
    CompareArguments parsed =
        CompareArguments.parse(List.of("Buffer.*", "--rounds", "5", "-f", "1", "--rounds=4"));

    assertThat(parsed.rounds()).isEqualTo(4);
    assertThat(parsed.jmhArgs()).containsExactly("Buffer.*", "-f", "1");
  }

  @Test
  void threeRoundsByDefault() {
    assertThat(CompareArguments.parse(List.of("X")).rounds()).isEqualTo(3);
  }

  @Test
  void fewerThanThreeRoundsAreRejected() {
    assertThatThrownBy(() -> CompareArguments.parse(List.of("X", "--rounds", "2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 3");
  }

  @Test
  void resultsFileIsTakenOut() {
    CompareArguments parsed = CompareArguments.parse(List.of("X", "--results", "r.tsv", "-f", "1"));

    assertThat(parsed.results()).hasToString("r.tsv");
    assertThat(parsed.jmhArgs()).containsExactly("X", "-f", "1");
  }
}
