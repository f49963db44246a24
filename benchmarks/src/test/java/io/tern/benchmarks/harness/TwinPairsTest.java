package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

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
                + " the same @Param and method names, or its class is @TernOnly)",
            "Netty benchmark io.tern.benchmarks.buffer.OrphanNetty.run has no Tern twin"
                + " io.tern.benchmarks.buffer.Orphan.run");
  }

  private static BenchmarkInfo info(String name, Map<String, List<String>> params) {
    return BenchmarkInfo.of(name, params);
  }

  @Test
  void twinsWithDifferentParameterValuesAreRefused() {
    Map<String, BenchmarkInfo> all =
        Map.of(
            "a.X.m", info("a.X.m", Map.of("size", List.of("64", "1024"))),
            "a.XNetty.m", info("a.XNetty.m", Map.of("size", List.of("64"))));

    TwinPairs twins = TwinPairs.of(List.of("a.X.m"), all);

    assertThat(twins.errors())
        .singleElement()
        .asString()
        .contains("a.X.m and a.XNetty.m declare different parameters");
  }

  @Test
  void aParameterOnlyNettyHasMustBeANettyConfiguration() {
    BenchmarkInfo tern = info("a.X.m", Map.of("size", List.of("64")));
    Map<String, List<String>> nettyParams = new LinkedHashMap<>();
    nettyParams.put("size", List.of("64"));
    nettyParams.put("allocator", List.of("pooled", "adaptive"));
    BenchmarkInfo plain = info("a.XNetty.m", nettyParams);
    BenchmarkInfo configured =
        new BenchmarkInfo(
            "a.XNetty.m",
            nettyParams,
            Set.of("allocator"),
            null,
            Mode.AverageTime,
            TimeUnit.NANOSECONDS,
            List.of());

    assertThat(TwinPairs.of(List.of("a.X.m"), Map.of("a.X.m", tern, "a.XNetty.m", plain)).errors())
        .singleElement()
        .asString()
        .contains("must be a @NettyConfiguration");
    TwinPairs twins =
        TwinPairs.of(List.of("a.X.m"), Map.of("a.X.m", tern, "a.XNetty.m", configured));
    assertThat(twins.errors()).isEmpty();
    assertThat(twins.pairs().get(0).nettyConfigurations()).containsExactly("allocator");
  }

  @Test
  void twinsInDifferentModesOrUnitsAreRefused() {
    BenchmarkInfo tern = info("a.X.m", Map.of());
    BenchmarkInfo throughput =
        new BenchmarkInfo(
            "a.XNetty.m",
            Map.of(),
            Set.of(),
            null,
            Mode.Throughput,
            TimeUnit.NANOSECONDS,
            List.of());
    BenchmarkInfo micros =
        new BenchmarkInfo(
            "a.XNetty.m",
            Map.of(),
            Set.of(),
            null,
            Mode.AverageTime,
            TimeUnit.MICROSECONDS,
            List.of());

    assertThat(
            TwinPairs.of(List.of("a.X.m"), Map.of("a.X.m", tern, "a.XNetty.m", throughput))
                .errors())
        .singleElement()
        .asString()
        .contains("different modes");
    assertThat(TwinPairs.of(List.of("a.X.m"), Map.of("a.X.m", tern, "a.XNetty.m", micros)).errors())
        .singleElement()
        .asString()
        .contains("different time units");
  }

  @Test
  void ternOnlyBenchmarkNeedsNoTwin() {
    BenchmarkInfo solo =
        new BenchmarkInfo(
            "a.Solo.m",
            Map.of(),
            Set.of(),
            "no counterpart",
            Mode.AverageTime,
            TimeUnit.NANOSECONDS,
            List.of());

    TwinPairs twins = TwinPairs.of(List.of("a.Solo.m"), Map.of("a.Solo.m", solo));

    assertThat(twins.errors()).isEmpty();
    assertThat(twins.pairs()).isEmpty();
    assertThat(twins.ternOnly()).containsExactly("a.Solo.m");
  }
}
