package io.tern.handler.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.handler.proxy.ProxyConnectException.Reason;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.AddressResolver;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy handlers against scripted proxies (a blocking socket on 127.0.0.1 that reads the
 * handshake and answers what the test says): success lets the application talk through, each
 * refusal fails the connect with the typed exception that names the reply, a silent proxy times
 * out, a closing one is reported as closed.
 */
class ProxyHandlersTest {
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @AfterEach
  void stop() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /**
   * A one-connection proxy that runs steps: read {@code n} bytes (0: up to a blank line), then
   * write an answer ({@code null}: never answer); after the last step it echoes once if told to.
   */
  private static final class ScriptedProxy implements AutoCloseable {
    final ServerSocket socket;
    final CompletableFuture<String> request = new CompletableFuture<>();

    ScriptedProxy(int requestBytes, byte[] answer, boolean echoAfter) throws IOException {
      this(new int[] {requestBytes}, new byte[][] {answer}, echoAfter);
    }

    ScriptedProxy(int[] reads, byte[][] answers, boolean echoAfter) throws IOException {
      socket = new ServerSocket(0, 1, InetAddress.ofLiteral("127.0.0.1"));
      Thread.ofPlatform()
          .daemon()
          .start(
              () -> {
                try (Socket s = socket.accept()) {
                  s.setSoTimeout(30_000);
                  InputStream in = s.getInputStream();
                  OutputStream out = s.getOutputStream();
                  ByteArrayOutputStream got = new ByteArrayOutputStream();
                  for (int step = 0; step < reads.length; step++) {
                    int target = got.size() + reads[step];
                    while (reads[step] > 0 ? got.size() < target : !blankLine(got)) {
                      int b = in.read();
                      if (b < 0) {
                        break;
                      }
                      got.write(b);
                    }
                    if (answers[step] == null) {
                      request.complete(got.toString(StandardCharsets.ISO_8859_1));
                      Thread.sleep(30_000); // never answers
                      return;
                    }
                    out.write(answers[step]);
                    out.flush();
                  }
                  request.complete(got.toString(StandardCharsets.ISO_8859_1));
                  if (echoAfter) {
                    byte[] buf = new byte[64];
                    int n = in.read(buf);
                    out.write(buf, 0, Math.max(n, 0));
                    out.flush();
                  }
                } catch (IOException | InterruptedException e) {
                  request.completeExceptionally(e);
                }
              });
    }

    private static boolean blankLine(ByteArrayOutputStream got) {
      return got.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n");
    }

    InetSocketAddress address() {
      return new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), socket.getLocalPort());
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /** Connects through {@code handler}, sends "ping" when active, completes with the echo. */
  private Future<String> ping(Supplier<ProxyHandler> handler) {
    Promise<String> echoed = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(NioSocketChannel::new)
        .resolver(AddressResolver.NONE)
        .handler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        handler.get(),
                        new ChannelHandler() {
                          @Override
                          public void channelActive(ChannelHandlerContext ctx) {
                            ctx.writeAndFlush(
                                Unpooled.copiedBuffer("ping", StandardCharsets.US_ASCII));
                          }

                          @Override
                          public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            echoed.trySuccess(((ByteBuf) msg).toString(StandardCharsets.US_ASCII));
                            ((ByteBuf) msg).release();
                            ctx.close();
                          }
                        });
              }
            })
        .connect(InetSocketAddress.createUnresolved("destination.test", 443))
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                echoed.tryFailure(f.cause());
              }
            });
    return echoed;
  }

  private static ProxyConnectException failure(Future<String> f) throws InterruptedException {
    assertThat(f.await(30, TimeUnit.SECONDS)).as("hang guard").isTrue();
    assertThat(f.cause()).isInstanceOf(ProxyConnectException.class);
    return (ProxyConnectException) f.cause();
  }

  @Test
  void httpConnectWithBasicAuthOpensTheTunnel() throws Exception {
    byte[] ok = "HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    try (ScriptedProxy proxy = new ScriptedProxy(0, ok, true)) {
      Future<String> echo = ping(() -> new HttpProxyHandler(proxy.address(), "u", "p"));
      assertThat(echo.get(30, TimeUnit.SECONDS)).isEqualTo("ping");
      assertThat(proxy.request.get(30, TimeUnit.SECONDS))
          .startsWith("CONNECT destination.test:443 HTTP/1.1\r\n")
          .contains("Host: destination.test:443\r\n")
          .contains("Proxy-Authorization: Basic dTpw\r\n");
    }
  }

  @Test
  void httpProxyRefusalNamesTheStatusLine() throws Exception {
    byte[] no =
        "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    try (ScriptedProxy proxy = new ScriptedProxy(0, no, false)) {
      ProxyConnectException e = failure(ping(() -> new HttpProxyHandler(proxy.address())));
      assertThat(e.reason()).isEqualTo(Reason.AUTHENTICATION_FAILED);
      assertThat(e.reply()).isEqualTo("HTTP/1.1 407 Proxy Authentication Required");
      assertThat(e.protocol()).isEqualTo("http");
    }
  }

  @Test
  void socks4aRejectionNamesTheReplyCode() throws Exception {
    byte[] rejected = {0, 0x5b, 0, 0, 0, 0, 0, 0};
    // 8 fixed bytes, empty user id and NUL, "destination.test" and NUL.
    try (ScriptedProxy proxy = new ScriptedProxy(8 + 1 + 17, rejected, false)) {
      ProxyConnectException e = failure(ping(() -> new Socks4ProxyHandler(proxy.address())));
      assertThat(e.reason()).isEqualTo(Reason.REFUSED);
      assertThat(e.reply()).isEqualTo("REJECTED_OR_FAILED(91)");
      assertThat(proxy.request.get(30, TimeUnit.SECONDS)).endsWith("destination.test\0");
    }
  }

  @Test
  void socks5ProxyThatNeverAnswersTimesOut() throws Exception {
    try (ScriptedProxy proxy = new ScriptedProxy(3, null, false)) {
      ProxyConnectException e =
          failure(ping(() -> new Socks5ProxyHandler(proxy.address()).connectTimeoutMillis(300)));
      assertThat(e.reason()).isEqualTo(Reason.TIMEOUT);
    }
  }

  @Test
  void socks5ProxyThatClosesIsReportedAsClosed() throws Exception {
    try (ScriptedProxy proxy = new ScriptedProxy(3, new byte[0], false)) {
      ProxyConnectException e = failure(ping(() -> new Socks5ProxyHandler(proxy.address())));
      assertThat(e.reason()).isEqualTo(Reason.CLOSED);
    }
  }

  @Test
  void socks5CommandRefusalNamesTheReplyCode() throws Exception {
    byte[] noAuth = {5, 0};
    byte[] refused = {5, 5, 0, 1, 0, 0, 0, 0, 0, 0};
    // greeting (3), then the command: 4 + 1 + 16 ("destination.test") + 2
    try (ScriptedProxy proxy =
        new ScriptedProxy(new int[] {3, 4 + 1 + 16 + 2}, new byte[][] {noAuth, refused}, false)) {
      ProxyConnectException e = failure(ping(() -> new Socks5ProxyHandler(proxy.address())));
      assertThat(e.reason()).isEqualTo(Reason.REFUSED);
      assertThat(e.reply()).isEqualTo("CONNECTION_REFUSED(5)");
    }
  }
}
