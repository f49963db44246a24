package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.handler.proxy.HttpProxyHandler;
import io.tern.handler.proxy.ProxyConnectException;
import io.tern.handler.proxy.ProxyConnectException.Reason;
import io.tern.handler.proxy.ProxyHandler;
import io.tern.handler.proxy.Socks4ProxyHandler;
import io.tern.handler.proxy.Socks5ProxyHandler;
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
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's proxy handlers through real proxies on 127.0.0.1 to a local HTTP server: SOCKS 5 through
 * {@code microsocks} (without and with a password, a wrong password, a refused destination), SOCKS
 * 4 and 5 through Dante's {@code danted}, and HTTP CONNECT (with Basic authentication and without
 * it, where the proxy answers 407) through a small Python proxy ({@code connect_proxy.py}). The
 * client sends a GET through the tunnel and reads the response.
 */
@Tag("interop")
class ProxyHandlersInteropTest {
  private static HttpServer target;
  private static int targetPort;
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @BeforeAll
  static void startTarget() throws Exception {
    target = HttpServer.create(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0), 16);
    target.createContext(
        "/",
        exchange -> {
          byte[] body = "hello through the tunnel\n".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    target.start();
    targetPort = target.getAddress().getPort();
  }

  @AfterAll
  static void stopTarget() {
    target.stop(0);
  }

  @AfterEach
  void stop() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** GETs / through the proxy handler and completes with the whole response. */
  private Future<String> get(ProxyHandler handler, SocketAddress destination) {
    Promise<String> response = group.next().newPromise();
    StringBuilder text = new StringBuilder();
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
                        handler,
                        new ChannelHandler() {
                          @Override
                          public void channelActive(ChannelHandlerContext ctx) {
                            ctx.writeAndFlush(
                                Unpooled.copiedBuffer(
                                    "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
                                    StandardCharsets.US_ASCII));
                          }

                          @Override
                          public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ByteBuf b = (ByteBuf) msg;
                            text.append(b.toString(StandardCharsets.US_ASCII));
                            b.release();
                          }

                          @Override
                          public void channelInactive(ChannelHandlerContext ctx) {
                            response.trySuccess(text.toString());
                          }
                        });
              }
            })
        .connect(destination)
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                response.tryFailure(f.cause());
              }
            });
    return response;
  }

  private static InetSocketAddress local(int port) {
    return new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), port);
  }

  private static void assertTunnelled(Future<String> response) throws Exception {
    assertThat(response.get(60, TimeUnit.SECONDS))
        .startsWith("HTTP/1.1 200")
        .endsWith("hello through the tunnel\n");
  }

  private static ProxyConnectException failure(Future<String> response) throws Exception {
    assertThat(response.await(60, TimeUnit.SECONDS)).as("hang guard").isTrue();
    assertThat(response.cause()).isInstanceOf(ProxyConnectException.class);
    return (ProxyConnectException) response.cause();
  }

  private static Peer microsocks(int port, String... auth) {
    return Peer.command("microsocks", "apt package microsocks")
        .args("-i", "127.0.0.1", "-p", Integer.toString(port))
        .args(auth)
        .readyOnPort(port)
        .start();
  }

  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.ofLiteral("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  @Test
  void socks5ThroughMicrosocks() throws Exception {
    int port = FreePort.find();
    try (Peer proxy = microsocks(port)) {
      assertTunnelled(get(new Socks5ProxyHandler(local(port)), local(targetPort)));
      assertTunnelled(
          get(
              new Socks5ProxyHandler(local(port)),
              InetSocketAddress.createUnresolved("localhost", targetPort)));
      ProxyConnectException refused =
          failure(get(new Socks5ProxyHandler(local(port)), local(closedPort())));
      assertThat(refused.reason()).isEqualTo(Reason.REFUSED);
      assertThat(refused.reply()).as(proxy.output()).isNotNull();
    }
  }

  @Test
  void socks5WithAPasswordThroughMicrosocks() throws Exception {
    int port = FreePort.find();
    try (Peer proxy = microsocks(port, "-u", "alice", "-P", "s3cret")) {
      assertTunnelled(
          get(new Socks5ProxyHandler(local(port), "alice", "s3cret"), local(targetPort)));
      ProxyConnectException wrong =
          failure(get(new Socks5ProxyHandler(local(port), "alice", "nope"), local(targetPort)));
      assertThat(wrong.reason()).isEqualTo(Reason.AUTHENTICATION_FAILED);
      ProxyConnectException none =
          failure(get(new Socks5ProxyHandler(local(port)), local(targetPort)));
      assertThat(none.reason()).as(proxy.output()).isEqualTo(Reason.AUTHENTICATION_FAILED);
      assertThat(none.reply()).isEqualTo("UNACCEPTED(255)");
    }
  }

  /**
   * Dante speaks SOCKS 4 but not 4a: it reads a 4a request's 0.0.0.x address literally and fails
   * the connect, so the 4a path (a host name after the user id) is checked against Tern's own proxy
   * in the examples' tests, not here.
   */
  @Test
  void socks4AndSocks5ThroughDante() throws Exception {
    int port = FreePort.find();
    Peer.Builder builder = Peer.command("danted", "apt package dante-server");
    Path config = builder.directory().resolve("danted.conf");
    Files.writeString(
        config,
        """
        logoutput: stderr
        internal: 127.0.0.1 port = %d
        external: 127.0.0.1
        clientmethod: none
        socksmethod: none
        user.privileged: root
        user.unprivileged: nobody
        client pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }
        socks pass { from: 127.0.0.0/8 to: 0.0.0.0/0 command: connect }
        """
            .formatted(port));
    try (Peer proxy =
        builder
            .args("-f", config.toString(), "-p", builder.directory().resolve("pid").toString())
            .readyOnPort(port)
            .start()) {
      assertTunnelled(get(new Socks4ProxyHandler(local(port), "bob"), local(targetPort)));
      assertTunnelled(get(new Socks5ProxyHandler(local(port)), local(targetPort)));
      ProxyConnectException refused =
          failure(get(new Socks4ProxyHandler(local(port)), local(closedPort())));
      assertThat(refused.reply()).as(proxy.output()).isEqualTo("REJECTED_OR_FAILED(91)");
    }
  }

  @Test
  void httpConnectThroughAPythonProxy() throws Exception {
    Path script = Files.createTempFile("connect_proxy", ".py");
    try (InputStream in = getClass().getResourceAsStream("connect_proxy.py")) {
      Files.write(script, in.readAllBytes());
    }
    int open = FreePort.find();
    int locked = FreePort.find();
    try (Peer plain =
            Peer.command("python3", "apt package python3")
                .args(script.toString(), Integer.toString(open))
                .readyOnPort(open)
                .start();
        Peer withAuth =
            Peer.command("python3", "apt package python3")
                .args(script.toString(), Integer.toString(locked), "alice:s3cret")
                .readyOnPort(locked)
                .start()) {
      assertTunnelled(get(new HttpProxyHandler(local(open)), local(targetPort)));
      assertTunnelled(
          get(
              new HttpProxyHandler(local(locked), "alice", "s3cret"),
              InetSocketAddress.createUnresolved("localhost", targetPort)));
      ProxyConnectException noAuth =
          failure(get(new HttpProxyHandler(local(locked)), local(targetPort)));
      assertThat(noAuth.reason()).isEqualTo(Reason.AUTHENTICATION_FAILED);
      assertThat(noAuth.reply())
          .as(withAuth.output())
          .isEqualTo("HTTP/1.1 407 Proxy Authentication Required");
      ProxyConnectException badGateway =
          failure(get(new HttpProxyHandler(local(open)), local(closedPort())));
      assertThat(badGateway.reply()).as(plain.output()).isEqualTo("HTTP/1.1 502 Bad Gateway");
    } finally {
      Files.deleteIfExists(script);
    }
  }
}
