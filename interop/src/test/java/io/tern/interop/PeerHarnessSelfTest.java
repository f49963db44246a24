package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Self-test of the interop harness against real peers (no Tern code yet): Python's HTTP server
 * started by {@link Peer} on 127.0.0.1, fetched by the JDK's client and by curl, then stopped.
 */
@Tag("interop")
class PeerHarnessSelfTest {
  private static final String MARKER = "tern-interop-marker.txt";
  private static final String CONTENT = "served by a real peer\n";

  @Test
  void pythonHttpServerServesItsPrivateDirectoryOnLoopbackUntilClosed() throws Exception {
    int port = FreePort.find();
    Peer.Builder python = pythonHttpServer(port);
    long pid;
    try (Peer server = python.start()) {
      pid = server.pid();
      HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
      HttpResponse<String> listing =
          client.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
                  .timeout(Duration.ofSeconds(30))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(listing.statusCode()).isEqualTo(200);
      assertThat(listing.body()).contains(MARKER);
      assertThat(server.output()).contains("GET / HTTP/1.1");
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void curlFetchesAFileFromThePythonPeer() {
    int port = FreePort.find();
    try (Peer server = pythonHttpServer(port).start()) {
      Peer.Result curl =
          Peer.command("curl", "apt package curl")
              .args("--silent", "--show-error", "http://127.0.0.1:" + port + "/" + MARKER)
              .run(Duration.ofSeconds(60));
      assertThat(curl.exitCode()).as(curl.output()).isZero();
      assertThat(curl.output()).isEqualTo(CONTENT);
      assertThat(server.isAlive()).isTrue();
    }
  }

  private static Peer.Builder pythonHttpServer(int port) {
    Peer.Builder python = Peer.command("python3", "apt package python3");
    try {
      Files.writeString(python.directory().resolve(MARKER), CONTENT, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return python
        .args(
            "-m",
            "http.server",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--directory",
            python.directory().toString())
        .readyOnPort(port)
        .lifetime(Duration.ofMinutes(2));
  }
}
