package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

class RoundOptionsTest {
  @Test
  void selectionIsReplacedByExactNamesAndSideFlagsFollowTheUsersOwn() throws Exception {
    CommandLineOptions user =
        new CommandLineOptions("Buffer.*", "-e", "Slow", "-f", "2", "-jvmArgsAppend", "-Xmx1g");

    RoundOptions round =
        new RoundOptions(user, List.of("io.tern.benchmarks.a.B.m"), Side.NETTY_UNSAFE);

    assertThat(round.getIncludes()).hasSize(1);
    Pattern include = Pattern.compile(round.getIncludes().get(0));
    assertThat(include.matcher("io.tern.benchmarks.a.B.m").find()).isTrue();
    assertThat(include.matcher("io.tern.benchmarks.a.B.mm").find()).isFalse();
    assertThat(include.matcher("io.tern.benchmarks.aXB.m").find()).isFalse();
    assertThat(round.getExcludes()).isEmpty();
    assertThat(round.getJvmArgsAppend().get())
        .containsExactly(
            "-Xmx1g",
            "--enable-native-access=ALL-UNNAMED",
            "-Dio.tern.common.leakDetection.level=DISABLED",
            "-Dio.netty.leakDetection.level=DISABLED",
            "--sun-misc-unsafe-memory-access=allow",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "-Dio.netty.tryReflectionSetAccessible=true");
    assertThat(round.getForkCount().get()).isEqualTo(2);
    assertThat(round.shouldFailOnError().get()).isTrue();
  }

  @Test
  void ternAndNettyDefaultGetOnlyTheCommonFlags() throws Exception {
    CommandLineOptions user = new CommandLineOptions("X");

    for (Side side : List.of(Side.TERN, Side.NETTY_DEFAULT)) {
      assertThat(new RoundOptions(user, List.of("a.B.m"), side).getJvmArgsAppend().get())
          .containsExactlyElementsOf(Side.COMMON_JVM_ARGS);
    }
  }

  @Test
  void theBenchmarkClassesOwnForkArgumentsAreKeptAheadOfEverythingElse() throws Exception {
    CommandLineOptions user = new CommandLineOptions("X", "-jvmArgsAppend", "-Xmx1g");
    List<String> classArgs =
        List.of("-Djmh.executor=CUSTOM", "-Djmh.executor.class=a.FastThreadLocalGet$Harness");

    RoundOptions round = new RoundOptions(user, List.of("a.B.m"), Side.TERN, classArgs);

    assertThat(round.getJvmArgsAppend().get())
        .startsWith(classArgs.toArray(String[]::new))
        .contains("-Xmx1g", "-Dio.netty.leakDetection.level=DISABLED");
  }

  @Test
  void theLeakLevelProfilerIsAddedToTheUsersProfilers() throws Exception {
    CommandLineOptions user = new CommandLineOptions("X", "-prof", "gc");

    RoundOptions round = new RoundOptions(user, List.of("a.B.m"), Side.TERN);

    assertThat(round.getProfilers())
        .extracting(p -> p.getKlass())
        .containsExactly("gc", LeakLevelProfiler.class.getName());
  }
}
