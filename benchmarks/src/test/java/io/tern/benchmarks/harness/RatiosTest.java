package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatiosTest {
  @Test
  void medianOfOddCountIsTheMiddleValue() {
    assertThat(Ratios.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
  }

  @Test
  void medianOfEvenCountIsTheMeanOfTheMiddleValues() {
    assertThat(Ratios.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
  }

  @Test
  void medianOfNothingIsRejected() {
    assertThatThrownBy(() -> Ratios.median(List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void lineHasTheContractFormatWithThreeDecimals() {
    assertThat(Ratios.line("BufferReadWrite.heapInts[size=1000]", 1.23456))
        .isEqualTo("RATIO BufferReadWrite.heapInts[size=1000] 1.235");
  }
}
