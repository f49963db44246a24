package io.tern.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpFileServerTest {
  @TempDir Path root;

  @Test
  void servesAFileWholeAndByRangeOverRealSockets() throws Exception {
    String text = "0123456789".repeat(100_000); // 1 MB: many transferTo rounds
    Files.writeString(root.resolve("big.txt"), text);
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          HttpFileServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), root)
              .sync()
              .getNow();
      String base = "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
      try (HttpClient client =
          HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
        HttpResponse<String> whole =
            client.send(request(base + "/big.txt").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(whole.body()).isEqualTo(text);
        HttpResponse<String> part =
            client.send(
                request(base + "/big.txt").header("Range", "bytes=15-24").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.body()).isEqualTo("5678901234");
        HttpResponse<String> missing =
            client.send(request(base + "/nope").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(missing.statusCode()).isEqualTo(404);
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  private static HttpRequest.Builder request(String uri) {
    return HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(30));
  }
}
