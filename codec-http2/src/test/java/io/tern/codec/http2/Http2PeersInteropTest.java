package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's HTTP/2 servers against real peers on 127.0.0.1: h2spec in strict mode over h2c and over
 * TLS with ALPN (all 146 cases each, none excluded), curl (prior knowledge, the h2c upgrade, ALPN
 * and the HTTP/1.1 fallbacks), nghttp2's {@code nghttp} and {@code h2load}. Each peer runs as a
 * process with a bounded lifetime; a missing peer fails the test ({@code .ci/install-peers}
 * installs them).
 */
@Tag("interop")
class Http2PeersInteropTest {
  private static Http2TestServer server;
  private static Http2TestServer cleartext;
  private static Http2TestServer tls;
  private static Http2TestServer multiplexed;

  @BeforeAll
  static void start() throws Exception {
    server = Http2TestServer.priorKnowledge(0);
    cleartext = Http2TestServer.cleartext(0);
    tls = Http2TestServer.tls(0);
    multiplexed = Http2TestServer.multiplexed(0);
  }

  @AfterAll
  static void stop() throws InterruptedException {
    server.close();
    cleartext.close();
    tls.close();
    multiplexed.close();
  }

  /** Runs a peer to its end (at most {@code seconds}) and returns its exit code and output. */
  private static Result run(int seconds, String... command)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("tern-h2-peer", ".log");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError(command[0] + " did not finish in " + seconds + " s");
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private record Result(int exit, String output) {}

  /** h2spec from the PATH, or where {@code go install} puts it. */
  private static String h2spec() {
    List<Path> candidates = new ArrayList<>();
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":", -1)) {
      candidates.add(Path.of(dir, "h2spec"));
    }
    String gopath = System.getenv("GOPATH");
    candidates.add(
        Path.of(
            gopath != null ? gopath : System.getProperty("user.home") + "/go", "bin", "h2spec"));
    for (Path c : candidates) {
      if (Files.isExecutable(c)) {
        return c.toString();
      }
    }
    throw new AssertionError("h2spec not found: run .ci/install-peers");
  }

  @Test
  void h2specStrictPassesEveryCase() throws Exception {
    assertH2specStrictPasses(server.port());
  }

  @Test
  void h2specStrictOverTlsPassesEveryCase() throws Exception {
    Result r =
        run(
            600,
            h2spec(),
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(tls.port()),
            "-t",
            "-k",
            "-S",
            "-o",
            "10");
    assertThat(r.output()).as(r.output()).contains("146 tests, 146 passed, 0 skipped, 0 failed");
    assertThat(r.exit()).isZero();
  }

  @Test
  void curlUpgradesToH2cOnTheCleartextPort() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "--http2",
            "-w",
            " %{http_version} %{http_code}",
            "http://127.0.0.1:" + cleartext.port() + "/upgrade");
    assertThat(r.output()).isEqualTo("Hello, World! 2 200");
  }

  @Test
  void curlWithPriorKnowledgeOnTheCleartextPort() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "--http2-prior-knowledge",
            "-w",
            " %{http_version} %{http_code}",
            "http://127.0.0.1:" + cleartext.port() + "/pk");
    assertThat(r.output()).isEqualTo("Hello, World! 2 200");
  }

  @Test
  void curlHttp11OnTheCleartextPort() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "--http1.1",
            "-w",
            " %{http_version} %{http_code}",
            "http://127.0.0.1:" + cleartext.port() + "/one");
    assertThat(r.output()).isEqualTo("hello 1 /one 1.1 200");
  }

  @Test
  void curlNegotiatesH2OverTls() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "-k",
            "--http2",
            "-w",
            " %{http_version} %{http_code}",
            "https://127.0.0.1:" + tls.port() + "/tls");
    assertThat(r.output()).isEqualTo("Hello, World! 2 200");
  }

  @Test
  void curlFallsBackToHttp11OverTls() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "-k",
            "--http1.1",
            "-w",
            " %{http_version} %{http_code}",
            "https://127.0.0.1:" + tls.port() + "/tls1");
    assertThat(r.output()).isEqualTo("hello 1 /tls1 1.1 200");
  }

  @Test
  void curlWithPriorKnowledge() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "--http2-prior-knowledge",
            "-w",
            " %{http_version} %{http_code}",
            "http://127.0.0.1:" + server.port() + "/plaintext");
    assertThat(r.output()).isEqualTo("Hello, World! 2 200");
  }

  @Test
  void h2specStrictPassesEveryCaseThroughStreamChannels() throws Exception {
    assertH2specStrictPasses(multiplexed.port());
  }

  @Test
  void curlWithPriorKnowledgeReachesHttp1HandlersInStreamChannels() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "--http2-prior-knowledge",
            "-w",
            " %{http_version} %{http_code}",
            "http://127.0.0.1:" + multiplexed.port() + "/mux");
    assertThat(r.output()).isEqualTo("hello 1 /mux 2 200");
  }

  @Test
  void curlPostsABodyToHttp1HandlersInStreamChannels() throws Exception {
    Result r =
        run(
            60,
            "curl",
            "-sS",
            "--http2-prior-knowledge",
            "--data-binary",
            "some content",
            "-w",
            " %{http_version} %{http_code}",
            "http://127.0.0.1:" + multiplexed.port() + "/post");
    assertThat(r.output()).isEqualTo("hello 1 /post 2 200");
  }

  @Test
  void h2loadCompletesEveryRequestThroughStreamChannels() throws Exception {
    Result r =
        run(
            120,
            "h2load",
            "-n",
            "2000",
            "-c",
            "4",
            "-m",
            "16",
            "http://127.0.0.1:" + multiplexed.port() + "/");
    assertThat(r.output()).as(r.output()).contains("2000 succeeded, 0 failed, 0 errored");
  }

  @Test
  void nghttpFetchesConcurrentRequests() throws Exception {
    String url = "http://127.0.0.1:" + server.port() + "/";
    Result r = run(60, "nghttp", "-n", "-s", url, url + "a", url + "b", url + "c");
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).contains("200");
  }

  @Test
  void h2loadCompletesEveryRequest() throws Exception {
    Result r =
        run(
            120,
            "h2load",
            "-n",
            "2000",
            "-c",
            "4",
            "-m",
            "16",
            "http://127.0.0.1:" + server.port() + "/");
    assertThat(r.output()).as(r.output()).contains("2000 succeeded, 0 failed, 0 errored");
  }

  /** Runs h2spec in strict mode against {@code port} and asserts that every case passes. */
  private static void assertH2specStrictPasses(int port) throws Exception {
    Result r =
        run(600, h2spec(), "-h", "127.0.0.1", "-p", Integer.toString(port), "-S", "-o", "10");
    assertThat(r.output()).as(r.output()).contains("146 tests, 146 passed, 0 skipped, 0 failed");
    assertThat(r.exit()).isZero();
  }
}
