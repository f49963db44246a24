package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

class ScoreTableTest {
  private static Map<Side, ScoreTable.Score> scores(double tern, double netty, double unsafe) {
    return Map.of(
        Side.TERN, new ScoreTable.Score(tern, 0, "u"),
        Side.NETTY_DEFAULT, new ScoreTable.Score(netty, 0, "u"),
        Side.NETTY_UNSAFE, new ScoreTable.Score(unsafe, 0, "u"));
  }

  @Test
  void throughputRatioIsTernOverTheFasterNetty() {
    assertThat(ScoreTable.ratio(Mode.Throughput, scores(300, 100, 200))).isEqualTo(1.5);
  }

  @Test
  void timePerOperationRatioIsTheFasterNettyOverTern() {
    assertThat(ScoreTable.ratio(Mode.AverageTime, scores(20, 10, 30))).isEqualTo(0.5);
    assertThat(ScoreTable.ratio(Mode.SampleTime, scores(5, 10, 30))).isEqualTo(2.0);
    assertThat(ScoreTable.ratio(Mode.SingleShotTime, scores(5, 30, 10))).isEqualTo(2.0);
  }
}
