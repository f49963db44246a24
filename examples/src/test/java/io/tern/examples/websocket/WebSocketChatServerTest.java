package io.tern.examples.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.chat.ChatRoom;
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
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The chat server with the JDK's own HTTP and WebSocket clients: the page and its script, and two
 * members joining, talking and leaving. (The same with a real browser: {@code
 * WebSocketChatBrowserTest} in the interop suite.)
 */
class WebSocketChatServerTest {
  private final Transport nio = Transports.select("nio");
  private EventLoopGroup group;
  private ServerChannel server;
  private int port;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @BeforeEach
  void start() throws Exception {
    group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    server =
        WebSocketChatServer.start(
                nio,
                group,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new ChatRoom())
            .sync()
            .getNow();
    port = ((InetSocketAddress) server.localAddress()).getPort();
  }

  @AfterEach
  void stop() throws Exception {
    http.close();
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void servesThePageAndTheScriptFromTheSameServer() throws Exception {
    HttpResponse<String> page = get("/");
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
    assertThat(page.body()).contains("<script src=\"/chat.js\"></script>");
    HttpResponse<String> script = get("/chat.js");
    assertThat(script.statusCode()).isEqualTo(200);
    assertThat(script.body()).contains("new WebSocket(").contains("'/chat'");
    assertThat(get("/nothing").statusCode()).isEqualTo(404);
  }

  /** Collects the text messages one member receives. */
  private static final class Member implements WebSocket.Listener {
    final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        lines.add(partial.toString());
        partial.setLength(0);
      }
      ws.request(1);
      return null;
    }

    String next() throws InterruptedException {
      String line = lines.poll(10, TimeUnit.SECONDS);
      assertThat(line).as("a line within 10 s").isNotNull();
      return line;
    }
  }

  private WebSocket join(Member member, String name) throws Exception {
    WebSocket ws =
        http.newWebSocketBuilder()
            .buildAsync(URI.create("ws://127.0.0.1:" + port + WebSocketChatServer.PATH), member)
            .get(10, TimeUnit.SECONDS);
    ws.sendText(name, true).get(10, TimeUnit.SECONDS);
    return ws;
  }

  @Test
  void membersSeeWhoJoinsWhatIsSaidAndWhoLeaves() throws Exception {
    Member alice = new Member();
    WebSocket a = join(alice, "alice");
    assertThat(alice.next()).isEqualTo("* alice joined (1 here)");
    Member bob = new Member();
    WebSocket b = join(bob, "bob");
    assertThat(alice.next()).isEqualTo("* bob joined (2 here)");
    assertThat(bob.next()).isEqualTo("* bob joined (2 here)");

    b.sendText("hello from bob", true).get(10, TimeUnit.SECONDS);
    assertThat(alice.next()).isEqualTo("bob: hello from bob");
    assertThat(bob.next()).isEqualTo("bob: hello from bob");

    b.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
    assertThat(alice.next()).isEqualTo("* bob left");
    a.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(10, TimeUnit.SECONDS);
  }
}
