package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the compare driver's checks over every benchmark of this module, as {@code
 * benchmarks/compare .} would before running: each Tern benchmark has a twin with the same mode,
 * unit and parameters (a Netty-only parameter is a {@link NettyConfiguration}) or is {@link
 * TernOnly}, and no benchmark is left out of {@code benchmarks/run-all}.
 */
class EveryBenchmarkIsPairedTest {
  private static Map<String, BenchmarkInfo> all() {
    OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
    Map<String, BenchmarkInfo> all = new TreeMap<>();
    for (BenchmarkListEntry entry :
        BenchmarkList.defaultList().find(quiet, List.of(".*"), List.of())) {
      all.putIfAbsent(entry.getUsername(), BenchmarkInfo.of(entry));
    }
    return all;
  }

  @Test
  void everyBenchmarkHasAMatchingTwinOrIsTernOnly() {
    Map<String, BenchmarkInfo> all = all();

    TwinPairs twins = TwinPairs.of(all.keySet(), all);

    assertThat(all).isNotEmpty();
    assertThat(twins.errors()).isEmpty();
    assertThat(twins.pairs()).isNotEmpty();
  }

  @Test
  void leakLevelPairsAndTernOnlyBenchmarksAreTheDeclaredOnes() {
    Map<String, BenchmarkInfo> all = all();
    TwinPairs twins = TwinPairs.of(all.keySet(), all);

    assertThat(twins.ternOnly())
        .allSatisfy(name -> assertThat(all.get(name).ternOnlyReason()).isNotBlank())
        .contains(
            "io.tern.benchmarks.buffer.DirectFreeStrategies.mallocFree",
            "io.tern.benchmarks.http.MultipartDecodeLeakLevels.decode");
    // A pair that takes a leak level must run on buffers both frameworks track: today only
    // LeakLevelSearch (pooled heap buffers) does.
    assertThat(twins.pairs())
        .filteredOn(pair -> all.get(pair.tern()).params().containsKey("level"))
        .extracting(TwinPairs.Pair::shortName)
        .containsExactly("LeakLevelSearch.allocateSearchRelease");
  }

  @Test
  void promiseCompleteMeasuresOnlyTheEscapingPromise() {
    assertThat(all().keySet())
        .filteredOn(name -> name.contains(".PromiseComplete"))
        .allSatisfy(name -> assertThat(name).endsWith(".completePublished"));
  }

  @Test
  void nettyAllocatorAndTlsProviderAreConfigurationsOfTheTwins() {
    Map<String, BenchmarkInfo> all = all();

    for (String twin :
        List.of(
            "io.tern.benchmarks.alloc.AllocReleaseNetty.oneThread",
            "io.tern.benchmarks.codec.FrameDecodingNetty.lengthField",
            "io.tern.benchmarks.http.BrowserRequestDecodeNetty.decode")) {
      assertThat(all).containsKey(twin);
      assertThat(all.get(twin).nettyConfigurations()).containsExactly("allocator");
      assertThat(all.get(twin).params().get("allocator")).containsExactly("pooled", "adaptive");
    }
    assertThat(all.get("io.tern.benchmarks.handler.TlsTransferNetty.transfer").params())
        .containsEntry("provider", List.of("jdk", "openssl"));
  }
}
