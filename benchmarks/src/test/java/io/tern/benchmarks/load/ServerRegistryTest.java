package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.benchmarks.harness.Side;
import io.tern.handler.ssl.Pem;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerRegistryTest {
  @Test
  void theH2cTwinsSpeakOnlyH2cAndNettysRunsWithItsFastestFlags() {
    ServerSpec tern = ServerRegistry.lookup("tern-http2");
    ServerSpec netty = ServerRegistry.lookup("netty-http2");

    assertThat(tern.h2c()).isTrue();
    assertThat(tern.http()).isFalse();
    assertThat(tern.command().argv(1234, "nio"))
        .doesNotContainAnyElementsOf(Side.NETTY_FASTEST_JVM_ARGS)
        .endsWith(
            "io.tern.benchmarks.load.tern.TernHttp2Server", "--port", "1234", "--transport", "nio");
    assertThat(netty.h2c()).isTrue();
    assertThat(netty.http()).isFalse();
    assertThat(netty.command().argv(1234, "nio"))
        .containsAll(Side.NETTY_FASTEST_JVM_ARGS)
        .endsWith(
            "io.tern.benchmarks.load.netty.NettyHttp2Server",
            "--port",
            "1234",
            "--transport",
            "nio");
  }

  @Test
  void ternHttpSpeaksHttp1AndH2cOnOnePort() {
    for (String name : List.of("tern-http", "tern-http-fixedfiles", "tern-http-plainfiles")) {
      ServerSpec spec = ServerRegistry.lookup(name);
      assertThat(spec.http()).as(name).isTrue();
      assertThat(spec.h2c()).as(name).isTrue();
    }
    assertThat(ServerRegistry.lookup("netty-http").h2c()).isFalse();
  }

  @Test
  void theHttpsTwinsSpeakOnlyHttpsAndServeOneCertificate() throws Exception {
    ServerSpec tern = ServerRegistry.lookup("tern-https");
    ServerSpec netty = ServerRegistry.lookup("netty-https");

    assertThat(tern.https()).isTrue();
    assertThat(tern.http()).isFalse();
    assertThat(tern.h2c()).isFalse();
    assertThat(netty.https()).isTrue();
    assertThat(netty.http()).isFalse();
    List<String> ternArgv = tern.command().argv(1234, "nio");
    List<String> nettyArgv = netty.command().argv(1234, "nio");
    assertThat(ternArgv)
        .doesNotContainAnyElementsOf(Side.NETTY_FASTEST_JVM_ARGS)
        .contains("io.tern.benchmarks.load.tern.TernHttpsServer");
    assertThat(nettyArgv)
        .containsAll(Side.NETTY_FASTEST_JVM_ARGS)
        .contains("io.tern.benchmarks.load.netty.NettyHttpsServer");
    List<String> ternTls = ternArgv.subList(ternArgv.indexOf("--cert"), ternArgv.size());
    assertThat(nettyArgv).endsWith(ternTls.toArray(String[]::new));
    Path cert = Path.of(ternArgv.get(ternArgv.indexOf("--cert") + 1));
    Path key = Path.of(ternArgv.get(ternArgv.indexOf("--key") + 1));
    assertThat(Pem.readCertificates(cert)).hasSize(1);
    assertThat(Pem.readPrivateKey(key).getAlgorithm()).isEqualTo("EC");
  }

  @Test
  void theTlsScenariosRunWrkOnHttpsAndOnlyAgainstHttpsServers() {
    ServerSpec https = ServerRegistry.lookup("tern-https");
    ServerSpec http = ServerRegistry.lookup("tern-http");

    assertThat(Scenario.TLS.command(1234, 10, Path.of("p.lua")))
        .containsExactly("wrk", "-t1", "-c64", "-d10s", "https://127.0.0.1:1234/plaintext");
    assertThat(Scenario.TLS_PIPELINED.command(1234, 10, Path.of("p.lua")))
        .containsExactly(
            "wrk", "-t1", "-c64", "-d10s", "-s", "p.lua", "https://127.0.0.1:1234/plaintext");
    assertThat(Scenario.TLS.servedBy(https)).isTrue();
    assertThat(Scenario.TLS.servedBy(http)).isFalse();
    assertThat(Scenario.PLAINTEXT.servedBy(https)).isFalse();
    assertThat(Scenario.applicable(false, true))
        .containsExactly(Scenario.TLS, Scenario.TLS_PIPELINED);
    assertThat(Scenario.parseList("tls,tls-pipelined16"))
        .containsExactly(Scenario.TLS, Scenario.TLS_PIPELINED);
  }

  @Test
  void nettysConnectionHandlerShapeIsAnH2cServerToo() {
    ServerSpec spec = ServerRegistry.lookup("netty-http2-handler");

    assertThat(spec.h2c()).isTrue();
    assertThat(spec.http()).isFalse();
    assertThat(spec.command().argv(1234, "nio"))
        .containsAll(Side.NETTY_FASTEST_JVM_ARGS)
        .endsWith(
            "io.tern.benchmarks.load.netty.NettyHttp2HandlerServer",
            "--port",
            "1234",
            "--transport",
            "nio");
  }

  @Test
  void ternHttpRunsOnThisJvmWithTheCommonFlagsOnly() {
    ServerSpec spec = ServerRegistry.lookup("tern-http");

    assertThat(spec.http()).isTrue();
    assertThat(spec.command().argv(1234, "nio"))
        .contains("--enable-native-access=ALL-UNNAMED")
        .doesNotContainAnyElementsOf(Side.NETTY_FASTEST_JVM_ARGS)
        .endsWith(
            "io.tern.benchmarks.load.tern.TernHttpServer", "--port", "1234", "--transport", "nio");
  }

  @Test
  void unknownServerListsTheKnownOnes() {
    assertThatThrownBy(() -> ServerRegistry.lookup("apache"))
        .hasMessage(
            "unknown server apache; known: [netty-echo, netty-http, netty-http-te,"
                + " netty-http-te-nochecks, netty-http2, netty-http2-handler, netty-https,"
                + " netty-ws, tern-echo, tern-echo-fixedfiles, tern-echo-plainfiles, tern-http,"
                + " tern-http-fixedfiles, tern-http-hello, tern-http-plainfiles, tern-http2, tern-https, tern-ws]");
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
  void fixedFileVariantsSetTheIoUringPropertyOnTheirServer() {
    assertThat(ServerRegistry.lookup("tern-echo-fixedfiles").command().argv(1, "io_uring"))
        .contains("-Dio.tern.transport.linux.ioUring.fixedFiles=true")
        .contains("io.tern.benchmarks.load.tern.TernEchoServer");
    assertThat(ServerRegistry.lookup("tern-echo-plainfiles").command().argv(1, "io_uring"))
        .contains("-Dio.tern.transport.linux.ioUring.fixedFiles=false");
    ServerSpec http = ServerRegistry.lookup("tern-http-fixedfiles");
    assertThat(http.http()).isTrue();
    assertThat(http.command().argv(1, "io_uring"))
        .contains("-Dio.tern.transport.linux.ioUring.fixedFiles=true")
        .contains("io.tern.benchmarks.load.tern.TernHttpServer");
    assertThat(ServerRegistry.lookup("tern-http-plainfiles").command().argv(1, "io_uring"))
        .contains("-Dio.tern.transport.linux.ioUring.fixedFiles=false");
  }

  @Test
  void nettyHttpRunsOnThisJvmInNettysFastestConfiguration() {
    ServerSpec spec = ServerRegistry.lookup("netty-http");

    assertThat(spec.http()).isTrue();
    assertThat(spec.command().argv(1234, "epoll"))
        .startsWith(ProcessHandle.current().info().command().orElseThrow())
        .containsAll(Side.NETTY_FASTEST_JVM_ARGS)
        .contains("--enable-native-access=ALL-UNNAMED")
        .endsWith(
            "io.tern.benchmarks.load.netty.NettyHttpServer",
            "--port",
            "1234",
            "--transport",
            "epoll");
  }

  @Test
  void everyJavaServerRunsWithLeakDetectionDisabledInBothFrameworks() {
    for (String name :
        List.of(
            "tern-http",
            "tern-http-hello",
            "netty-http",
            "netty-http-te",
            "netty-http-te-nochecks",
            "tern-echo",
            "netty-echo")) {
      assertThat(ServerRegistry.lookup(name).command().argv(1, "nio"))
          .as(name)
          .contains(
              "-Dio.tern.common.leakDetection.level=DISABLED",
              "-Dio.netty.leakDetection.level=DISABLED");
    }
  }

  @Test
  void techEmpowerShapeRunsWithItsFlagsAndTheNoChecksRowAlsoTurnsTheChecksOff() {
    List<String> te = ServerRegistry.lookup("netty-http-te").command().argv(1, "nio");
    List<String> nochecks =
        ServerRegistry.lookup("netty-http-te-nochecks").command().argv(1, "nio");

    assertThat(te)
        .containsAll(Side.NETTY_FASTEST_JVM_ARGS)
        .contains("-XX:+UseParallelGC", "io.tern.benchmarks.load.netty.TechEmpowerServer")
        .doesNotContain("-Dio.netty.buffer.checkBounds=false");
    assertThat(nochecks)
        .contains(
            "-XX:+UseParallelGC",
            "-Dio.netty.buffer.checkBounds=false",
            "-Dio.netty.buffer.checkAccessible=false");
  }

  @Test
  void limitServerRunsOnEpollWhateverTheComparisonsTransport() {
    ServerSpec limit = ServerRegistry.limit(Path.of("/x/limit-server"));

    assertThat(limit.command().argv(99, "io_uring"))
        .containsExactly("/x/limit-server", "--port", "99", "--transport", "epoll");
    assertThat(limit.expectedTransport("nio")).isEqualTo("epoll");
    assertThat(ServerRegistry.lookup("tern-http").expectedTransport("io_uring"))
        .isEqualTo("io_uring");
  }
}
