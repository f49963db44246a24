package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

class ScoreTableTest {
  private static final int DISABLED = 0;
  private static final int PARANOID = 3;

  private static ScoreTable.Score score(double value) {
    return new ScoreTable.Score(value, 0, "u", DISABLED);
  }

  private static ScoreTable.Round round(double tern, double netty, double unsafe) {
    ScoreTable.Round round = new ScoreTable.Round();
    round.tern = score(tern);
    round.netty.add(new ScoreTable.NettyScore(Side.NETTY_DEFAULT, "", score(netty)));
    round.netty.add(new ScoreTable.NettyScore(Side.NETTY_UNSAFE, "", score(unsafe)));
    return round;
  }

  @Test
  void throughputRatioIsTernOverTheFasterNetty() {
    assertThat(ScoreTable.ratio(Mode.Throughput, round(300, 100, 200))).isEqualTo(1.5);
  }

  @Test
  void timePerOperationRatioIsTheFasterNettyOverTern() {
    assertThat(ScoreTable.ratio(Mode.AverageTime, round(20, 10, 30))).isEqualTo(0.5);
    assertThat(ScoreTable.ratio(Mode.SampleTime, round(5, 10, 30))).isEqualTo(2.0);
    assertThat(ScoreTable.ratio(Mode.SingleShotTime, round(5, 30, 10))).isEqualTo(2.0);
  }

  /** Adds one round of a pair whose Netty twin has an allocator configuration. */
  private static void addAllocatorRound(
      ScoreTable table, int round, double pooled, double adaptive) {
    table.add(round, Side.TERN, "a.X.m", "[size=64]", "", Mode.AverageTime, score(10));
    for (Side side : new Side[] {Side.NETTY_DEFAULT, Side.NETTY_UNSAFE}) {
      double unsafe = side == Side.NETTY_UNSAFE ? 0.5 : 1; // Unsafe halves Netty's time
      table.add(
          round,
          side,
          "a.XNetty.m",
          "[size=64]",
          "[allocator=pooled]",
          Mode.AverageTime,
          score(pooled * unsafe));
      table.add(
          round,
          side,
          "a.XNetty.m",
          "[size=64]",
          "[allocator=adaptive]",
          Mode.AverageTime,
          score(adaptive * unsafe));
    }
  }

  @Test
  void ratioIsAgainstNettysFastestConfigurationOfEachRoundNotEachOneApart() {
    ScoreTable table = new ScoreTable(3, Map.of("a.XNetty.m", Set.of("allocator")), Set.of());
    addAllocatorRound(table, 0, 20, 40);
    addAllocatorRound(table, 1, 40, 10);
    addAllocatorRound(table, 2, 30, 20);

    assertThat(table.problems()).isEmpty();
    assertThat(table.lines())
        .singleElement()
        .satisfies(
            line -> {
              assertThat(line.name()).isEqualTo("X.m[size=64]");
              // fastest Netty per round: unsafe pooled 10, unsafe adaptive 5, unsafe adaptive 10
              assertThat(line.ratio()).isEqualTo(1.0);
              assertThat(line.netty()).isEqualTo(10.0);
              assertThat(line.nettyConfiguration()).isEqualTo("netty+unsafe[allocator=adaptive]");
            });
  }

  @Test
  void twinsAtDifferentLeakLevelsAreAProblem() {
    ScoreTable table = new ScoreTable(3);
    for (int round = 0; round < 3; round++) {
      table.add(round, Side.TERN, "a.X.m", "", "", Mode.AverageTime, score(1));
      table.add(round, Side.NETTY_DEFAULT, "a.XNetty.m", "", "", Mode.AverageTime, score(1));
      table.add(
          round,
          Side.NETTY_UNSAFE,
          "a.XNetty.m",
          "",
          "",
          Mode.AverageTime,
          new ScoreTable.Score(1, 0, "u", round == 1 ? PARANOID : DISABLED));
    }

    assertThat(table.problems())
        .singleElement()
        .asString()
        .contains("X.m, round 2: the twins ran at different leak detection levels")
        .contains("tern DISABLED, netty+unsafe PARANOID");
  }

  @Test
  void aMissingNettySideIsAProblem() {
    ScoreTable table = new ScoreTable(3);
    for (int round = 0; round < 3; round++) {
      table.add(round, Side.TERN, "a.X.m", "", "", Mode.AverageTime, score(1));
      table.add(round, Side.NETTY_UNSAFE, "a.XNetty.m", "", "", Mode.AverageTime, score(1));
    }

    assertThat(table.problems())
        .hasSize(3)
        .allSatisfy(p -> assertThat(p).contains("no netty result"));
  }

  @Test
  void ternOnlyBenchmarkPrintsItsMedianScoreAndNoRatio() {
    ScoreTable table = new ScoreTable(3, Map.of(), Set.of("a.Solo.m"));
    table.add(0, Side.TERN, "a.Solo.m", "", "", Mode.AverageTime, score(5));
    table.add(1, Side.TERN, "a.Solo.m", "", "", Mode.AverageTime, score(7));
    table.add(2, Side.TERN, "a.Solo.m", "", "", Mode.AverageTime, score(6));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    assertThat(table.problems()).isEmpty();
    table.printRatios(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("TERN Solo.m 6.000 u\n");
  }
}
