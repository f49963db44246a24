package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TwinPairsTest {
  private static final List<String> ALL =
      List.of(
          "io.tern.benchmarks.buffer.BufferReadWrite.heapInts",
          "io.tern.benchmarks.buffer.BufferReadWriteNetty.heapInts",
          "io.tern.benchmarks.buffer.Lonely.run",
          "io.tern.benchmarks.buffer.OrphanNetty.run");

  @Test
  void ternBenchmarkIsPairedWithItsNettyTwin() {
    TwinPairs twins =
        TwinPairs.of(List.of("io.tern.benchmarks.buffer.BufferReadWrite.heapInts"), ALL);

    assertThat(twins.errors()).isEmpty();
    assertThat(twins.pairs())
        .containsExactly(
            new TwinPairs.Pair(
                "io.tern.benchmarks.buffer.BufferReadWrite.heapInts",
                "io.tern.benchmarks.buffer.BufferReadWriteNetty.heapInts"));
    assertThat(twins.pairs().get(0).shortName()).isEqualTo("BufferReadWrite.heapInts");
  }

  @Test
  void selectingBothTwinsOrOnlyTheNettyOneGivesOnePair() {
    TwinPairs both =
        TwinPairs.of(
            List.of(
                "io.tern.benchmarks.buffer.BufferReadWrite.heapInts",
                "io.tern.benchmarks.buffer.BufferReadWriteNetty.heapInts"),
            ALL);
    TwinPairs nettyOnly =
        TwinPairs.of(List.of("io.tern.benchmarks.buffer.BufferReadWriteNetty.heapInts"), ALL);

    assertThat(both.pairs()).hasSize(1).isEqualTo(nettyOnly.pairs());
  }

  @Test
  void benchmarkWithoutTwinIsAnErrorNamingTheMissingClass() {
    TwinPairs twins =
        TwinPairs.of(
            List.of(
                "io.tern.benchmarks.buffer.Lonely.run",
                "io.tern.benchmarks.buffer.OrphanNetty.run"),
            ALL);

    assertThat(twins.pairs()).isEmpty();
    assertThat(twins.errors())
        .containsExactly(
            "Tern benchmark io.tern.benchmarks.buffer.Lonely.run has no Netty twin"
                + " io.tern.benchmarks.buffer.LonelyNetty.run (every Tern benchmark needs one, with"
                + " the same @Param and method names)",
            "Netty benchmark io.tern.benchmarks.buffer.OrphanNetty.run has no Tern twin"
                + " io.tern.benchmarks.buffer.Orphan.run");
  }
}
