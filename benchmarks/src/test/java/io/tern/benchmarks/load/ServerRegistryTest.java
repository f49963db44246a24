package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.benchmarks.harness.Side;
import org.junit.jupiter.api.Test;

class ServerRegistryTest {
  @Test
  void ternHttpFailsSayingItDoesNotExistYet() {
    assertThatThrownBy(() -> ServerRegistry.lookup("tern-http"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not exist yet")
        .hasMessageContaining("netty-http");
  }

  @Test
  void unknownServerListsTheKnownOnes() {
    assertThatThrownBy(() -> ServerRegistry.lookup("apache"))
        .hasMessage("unknown server apache; known: [netty-echo, netty-http, tern-echo]");
  }

  @Test
  void ternEchoRunsOnThisJvmWithTheCommonFlagsOnly() {
    ServerSpec spec = ServerRegistry.lookup("tern-echo");

    assertThat(spec.http()).isFalse();
    assertThat(spec.command().argv(1234, "io_uring"))
        .contains("--enable-native-access=ALL-UNNAMED")
        .doesNotContainAnyElementsOf(Side.NETTY_FASTEST_JVM_ARGS)
        .endsWith(
            "io.tern.benchmarks.load.tern.TernEchoServer",
            "--port",
            "1234",
            "--transport",
            "io_uring");
  }

  @Test
  void nettyHttpRunsOnThisJvmInNettysFastestConfiguration() {
    ServerSpec spec = ServerRegistry.lookup("netty-http");

    assertThat(spec.http()).isTrue();
    assertThat(spec.command().argv(1234, "native"))
        .startsWith(ProcessHandle.current().info().command().orElseThrow())
        .containsAll(Side.NETTY_FASTEST_JVM_ARGS)
        .contains("--enable-native-access=ALL-UNNAMED")
        .endsWith(
            "io.tern.benchmarks.load.netty.NettyHttpServer",
            "--port",
            "1234",
            "--transport",
            "native");
  }
}
