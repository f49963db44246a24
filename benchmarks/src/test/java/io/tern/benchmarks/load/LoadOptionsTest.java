package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.transport.linux.bootstrap.SocketTransport;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadOptionsTest {
  @Test
  void compareDefaultsToTernHttpAgainstNettyHttpOverTheBestTransportForThreeRounds() {
    LoadOptions options = LoadOptions.parse(List.of(), true);

    assertThat(options.tern()).isEqualTo("tern-http");
    assertThat(options.netty()).containsExactly("netty-http", "netty-http-te");
    assertThat(options.nettyUnchecked()).isEqualTo("netty-http-te-nochecks");
    assertThat(options.transport()).isEqualTo(SocketTransport.best().name());
    assertThat(options.rounds()).isEqualTo(3);
    assertThat(options.durationSeconds()).isEqualTo(10);
  }

  @Test
  void theH2cScenarioAloneSetsTernHttpAgainstNettysTwoHttp2Shapes() {
    LoadOptions options = LoadOptions.parse(List.of("--scenarios", "h2c"), true);

    assertThat(options.tern()).isEqualTo("tern-http");
    assertThat(ServerRegistry.lookup(options.tern()).h2c()).isTrue();
    assertThat(options.netty()).containsExactly("netty-http2", "netty-http2-handler");
    assertThat(options.nettyUnchecked()).isNull();
    assertThat(
            LoadOptions.parse(List.of("--scenarios", "h2c", "--netty", "netty-http2"), true)
                .netty())
        .containsExactly("netty-http2");
  }

  @Test
  void compareNeedsAtLeastThreeRounds() {
    assertThatThrownBy(() -> LoadOptions.parse(List.of("--rounds", "2"), true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 3");
  }

  @Test
  void unknownTransportIsRejected() {
    assertThatThrownBy(() -> LoadOptions.parse(List.of("--transport", "kqueue"), true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nio, epoll or io_uring");
  }

  @Test
  void nativeIsResolvedHereSoThatBothSidesGetTheSameKernelInterface() {
    String transport = LoadOptions.parse(List.of("--transport", "native"), true).transport();
    assertThat(transport).isIn("nio", "epoll", "io_uring").isEqualTo(SocketTransport.best().name());
    assertThat(LoadOptions.parse(List.of("--transport", "nio"), true).transport()).isEqualTo("nio");
  }

  @Test
  void scenariosNettyListLimitAndResultsAreParsed() {
    LoadOptions options =
        LoadOptions.parse(
            List.of(
                "--scenarios", "json,plaintext",
                "--netty", "netty-http",
                "--netty-nochecks", "none",
                "--limit-server", "/tmp/limit",
                "--results", "out.tsv"),
            true);

    assertThat(options.scenarios()).containsExactly(Scenario.JSON, Scenario.PLAINTEXT);
    assertThat(options.netty()).containsExactly("netty-http");
    assertThat(options.nettyUnchecked()).isNull();
    assertThat(options.limitServer()).hasToString("/tmp/limit");
    assertThat(options.results()).hasToString("out.tsv");
  }

  @Test
  void runCommandGetsItsPortAndTransportFilledIn() {
    LoadOptions options =
        LoadOptions.parse(
            List.of(
                "--transport", "epoll", "--h2c", "--", "server", "--listen={port}", "{transport}"),
            false);
    ServerSpec spec = options.singleServer();

    assertThat(spec.h2c()).isTrue();
    assertThat(spec.command().argv(8080, "epoll"))
        .containsExactly("server", "--listen=8080", "epoll");
  }

  @Test
  void runCommandWithoutPortPlaceholderIsRejected() {
    assertThatThrownBy(() -> LoadOptions.parse(List.of("--", "server"), false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("{port}");
  }

  @Test
  void runNeedsExactlyOneServer() {
    assertThatThrownBy(() -> LoadOptions.parse(List.of(), false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LoadOptions.parse(List.of("netty-http", "--", "s", "{port}"), false))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
