package io.tern.examples.gettingstarted;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.echo.EchoServer;
import io.tern.examples.support.Transports;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The getting-started guide's server and client over real NIO loopback. */
class GettingStartedTest {
  private EventLoopGroup group;

  @BeforeEach
  void startLoops() {
    group = new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());
  }

  @AfterEach
  void stopLoops() throws InterruptedException {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  @Test
  void helloServerAnswersTheJdkHttpClient() throws Exception {
    ServerChannel server =
        HelloServer.start(group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    int port = ((InetSocketAddress) server.localAddress()).getPort();
    try (HttpClient client =
        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build()) {
      for (String path : new String[] {"/", "/guide"}) { // two requests on one connection
        HttpResponse<String> response =
            client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(30))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Hello, " + path + "!\n");
        assertThat(response.headers().firstValue("content-type")).hasValue("text/plain");
      }
    }
    server.close().sync();
  }

  @Test
  void echoClientGetsItsLineBackFromTheEchoServer() throws Exception {
    ServerChannel server =
        EchoServer.start(
                Transports.select("nio"),
                group,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    assertThat(EchoClient.echo(group, server.localAddress(), "héllo, Tern").sync().getNow())
        .isEqualTo("héllo, Tern");
    server.close().sync();
  }

  @Test
  void echoClientFailsWhenNobodyListens() throws Exception {
    ServerChannel server =
        EchoServer.start(
                Transports.select("nio"),
                group,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    InetSocketAddress gone = (InetSocketAddress) server.localAddress();
    server.close().sync();
    assertThat(EchoClient.echo(group, gone, "anyone?").await().cause()).isNotNull();
  }
}
