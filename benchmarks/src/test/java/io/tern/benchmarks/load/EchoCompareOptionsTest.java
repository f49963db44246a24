package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.benchmarks.load.EchoCompare.Part;
import java.util.List;
import org.junit.jupiter.api.Test;

class EchoCompareOptionsTest {
  @Test
  void everyScenarioRunsByDefault() {
    EchoCompare.Options options = EchoCompare.Options.parse(List.of());

    assertThat(options.scenarios()).containsExactly(Part.IDLE, Part.PINGPONG, Part.STREAM);
  }

  @Test
  void scenariosPicksASubsetInAnyOrder() {
    assertThat(EchoCompare.Options.parse(List.of("--scenarios", "stream")).scenarios())
        .containsExactly(Part.STREAM);
    assertThat(EchoCompare.Options.parse(List.of("--scenarios", "stream,idle")).scenarios())
        .containsExactly(Part.IDLE, Part.STREAM);
  }

  @Test
  void unknownScenarioIsRejected() {
    assertThatThrownBy(() -> EchoCompare.Options.parse(List.of("--scenarios", "stream,bulk")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bulk");
  }
}
