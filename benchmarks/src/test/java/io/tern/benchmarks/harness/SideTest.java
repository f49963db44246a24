package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SideTest {
  @Test
  void theSideThatRunsFirstAlternatesFromRoundToRound() {
    assertThat(Side.order(0)).containsExactly(Side.TERN, Side.NETTY_DEFAULT, Side.NETTY_UNSAFE);
    assertThat(Side.order(1)).containsExactly(Side.NETTY_UNSAFE, Side.NETTY_DEFAULT, Side.TERN);
    assertThat(Side.order(2)).isEqualTo(Side.order(0));
  }

  @Test
  void everyForkRunsWithLeakDetectionDisabledInBothFrameworks() {
    assertThat(Side.COMMON_JVM_ARGS)
        .contains(
            "-Dio.tern.common.leakDetection.level=DISABLED",
            "-Dio.netty.leakDetection.level=DISABLED");
  }
}
