package io.tern.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamCheckTest {
  private static final List<BenchmarkInfo> BENCHMARKS =
      List.of(
          BenchmarkInfo.of(
              "a.ExecuteBurst.fromLoop",
              Map.of("kind", List.of("executor", "nioLoop"), "burst", List.of("1000"))),
          BenchmarkInfo.of("a.AllocRelease.oneThread", Map.of("size", List.of("64", "8192"))));

  @Test
  void aValueTheBenchmarkDoesNotDeclareIsRefused() {
    assertThat(ParamCheck.check(List.of("X", "-p", "kind=direct"), BENCHMARKS))
        .containsExactly("-p kind=direct: a.ExecuteBurst.fromLoop knows only executor, nioLoop");
  }

  @Test
  void aParameterNoSelectedBenchmarkDeclaresIsRefused() {
    assertThat(ParamCheck.check(List.of("X", "-p", "allocator=pooled"), BENCHMARKS))
        .containsExactly("-p allocator: no selected benchmark has a parameter allocator");
  }

  @Test
  void declaredValuesAndAnyIntegerForANumericParameterAreAccepted() {
    assertThat(
            ParamCheck.check(
                List.of("X", "-p", "kind=nioLoop", "-p", "size=64,1048576", "-f", "1"), BENCHMARKS))
        .isEmpty();
  }

  @Test
  void userParamsReadsBothSpellingsOfTheOption() {
    assertThat(ParamCheck.userParams(List.of("-p", "a=1,2", "-pb=x", "-prof", "gc")))
        .containsExactly(Map.entry("a", List.of("1", "2")), Map.entry("b", List.of("x")));
  }
}
