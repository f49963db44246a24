package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

class JmhCompareTest {
  private static BenchmarkInfo withForkArgs(String name, List<String> forkArgs) {
    return new BenchmarkInfo(
        name, Map.of(), Set.of(), null, Mode.AverageTime, TimeUnit.NANOSECONDS, forkArgs);
  }

  @Test
  void benchmarksRunInGroupsOfTheSameClassForkArguments() {
    List<String> custom = List.of("-Djmh.executor=CUSTOM");
    Map<String, BenchmarkInfo> all =
        Map.of(
            "a.A.m", withForkArgs("a.A.m", List.of()),
            "a.Ftl.get", withForkArgs("a.Ftl.get", custom),
            "a.B.m", withForkArgs("a.B.m", List.of()));

    Map<List<String>, List<String>> groups =
        JmhCompare.byForkArgs(List.of("a.A.m", "a.Ftl.get", "a.B.m"), all);

    assertThat(groups)
        .containsExactly(
            Map.entry(List.of(), List.of("a.A.m", "a.B.m")),
            Map.entry(custom, List.of("a.Ftl.get")));
  }

  private static String run(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status =
        JmhCompare.run(List.of(args), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return status + "\n" + bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void anUnknownParameterValueFailsBeforeAnythingRuns() {
    assertThat(run("concurrent.ExecuteBurst.fromLoop", "-p", "kind=direct", "-f", "1"))
        .startsWith("2\n")
        .contains("ERROR -p kind=direct: ")
        .contains("knows only executor, nioLoop");
  }

  @Test
  void listingShowsPairsAndTernOnlyBenchmarks() {
    assertThat(run("buffer.DirectFree", "-l"))
        .startsWith("0\n")
        .contains(
            "io.tern.benchmarks.buffer.DirectFree.unpooledDirectBuffer  vs "
                + " io.tern.benchmarks.buffer.DirectFreeNetty.unpooledDirectBuffer")
        .contains("io.tern.benchmarks.buffer.DirectFreeStrategies.mallocFree  (tern only)");
  }
}
