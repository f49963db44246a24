package io.tern.benchmarks.load.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TlsFilesTest {
  @Test
  void takesTheKeyMaterialOutAndLeavesTheServersOwnOptions() {
    TlsFiles tls =
        TlsFiles.parse(
            new String[] {"--port", "1", "--cert", "/c.pem", "--transport", "nio", "--key", "/k"});

    assertThat(tls.certificateChain()).isEqualTo(Path.of("/c.pem"));
    assertThat(tls.privateKey()).isEqualTo(Path.of("/k"));
    assertThat(tls.rest()).containsExactly("--port", "1", "--transport", "nio");
  }

  @Test
  void refusesACommandLineWithoutKeyMaterial() {
    assertThatThrownBy(() -> TlsFiles.parse(new String[] {"--port", "1", "--cert", "/c.pem"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--key");
  }
}
