package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.server.HttpServerKeepAliveHandler;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The malformed-request corpus of {@link MalformedRequestCorpusTest} sent over a real TCP
 * connection to a server pipeline as an application would build it (codec, keep-alive, aggregator,
 * application handler): each request is answered {@code 400 Bad Request} and the server closes the
 * connection, the application never sees a valid request, and nothing leaks on the server (the leak
 * extension checks once the event loops have stopped).
 */
class MalformedRequestOverSocketTest {
  private static final AtomicInteger VALID_REQUESTS = new AtomicInteger();
  private static EventLoopGroup group;
  private static ServerChannel server;

  @BeforeAll
  static void startServer() throws Exception {
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            new HttpServerCodec(),
                            new HttpServerKeepAliveHandler(),
                            new HttpObjectAggregator(1 << 16),
                            new Application());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Answers each valid request {@code 200}; counts them. */
  private static final class Application implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof FullHttpRequest r && r.decoderResult().isSuccess()) {
          VALID_REQUESTS.incrementAndGet();
          ctx.writeAndFlush(HttpServerCodecTest.ok("ok"));
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  @Test
  void theServerAnswersAValidRequest() throws IOException {
    int before = VALID_REQUESTS.get();
    String response = exchange("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
    assertThat(response).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nok");
    assertThat(VALID_REQUESTS.get()).isEqualTo(before + 1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("io.tern.codec.http.MalformedRequestCorpusTest#corpus")
  void isAnsweredWith400AndClosed(String name, String request) throws IOException {
    int before = VALID_REQUESTS.get();
    String response = exchange(request);
    assertThat(response)
        .as(name)
        .startsWith("HTTP/1.1 400 Bad Request\r\n")
        .contains("Connection: close")
        .endsWith("\r\n\r\n");
    assertThat(VALID_REQUESTS.get()).as(name).isEqualTo(before);
  }

  /**
   * Sends {@code request} without half-closing (so only the server can end the exchange) and reads
   * until the server closes; the socket timeout is only a hang guard.
   */
  private static String exchange(String request) throws IOException {
    InetSocketAddress address = (InetSocketAddress) server.localAddress();
    try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      try {
        out.write(request.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
      } catch (IOException e) {
        // The server may close (and reset) before it has read everything; read what it sent.
      }
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      byte[] buf = new byte[4096];
      try {
        for (int n; (n = in.read(buf)) >= 0; ) {
          received.write(buf, 0, n);
        }
      } catch (java.net.SocketException e) {
        // A reset after the response (unread request bytes at close) also ends the exchange.
      }
      return received.toString(StandardCharsets.ISO_8859_1);
    }
  }
}
