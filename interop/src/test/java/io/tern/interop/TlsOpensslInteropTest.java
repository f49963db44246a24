package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SniCompletionEvent;
import io.tern.handler.ssl.SniHandler;
import io.tern.handler.ssl.SslCloseCompletionEvent;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.handler.ssl.SslHandshakeCompletionEvent;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tern's TLS against OpenSSL 3 ({@code openssl s_client} and {@code s_server}) over NIO on
 * 127.0.0.1: handshake, certificate verification, ALPN, SNI and {@code close_notify} both ways.
 */
@Tag("interop")
class TlsOpensslInteropTest {
  private static final String OPENSSL = "apt package openssl";
  private static final Duration PEER_TIMEOUT = Duration.ofSeconds(60);
  private static final long AWAIT_SECONDS = 60;

  /** Valid for localhost and 127.0.0.1: what the tests ask for by SNI. */
  private static final SelfSignedCertificate LOCALHOST = SelfSignedCertificate.create();

  /** Names only other.test: served when SNI did not pick the localhost certificate. */
  private static final SelfSignedCertificate OTHER =
      SelfSignedCertificate.builder()
          .commonName("other.test")
          .dnsNames("other.test")
          .ipAddresses()
          .build();

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @AfterEach
  void shutDown() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** What the Tern side of a connection saw, completed on its event loop. */
  private final class Observed {
    final Promise<String> sniHost = group.next().newPromise();
    final Promise<String> alpn = group.next().newPromise();
    final Promise<Void> peerCloseNotify = group.next().newPromise();
    final Promise<String> received = group.next().newPromise();
    final StringBuilder text = new StringBuilder();
  }

  private Channel ternServer(Observed seen, boolean echoThenClose) throws Exception {
    SslContext localhostContext =
        SslContextBuilder.forServer(LOCALHOST).applicationProtocols("h2", "http/1.1").build();
    SslContext fallback =
        SslContextBuilder.forServer(OTHER)
            .applicationProtocols("h2", "http/1.1")
            .sni("localhost", localhostContext)
            .build();
    return new ServerBootstrap()
        .group(group)
        .channelFactory(NioServerSocketChannel::new)
        .childHandler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast("tls", new SniHandler(fallback))
                    .addLast("app", new ServerApp(seen, echoThenClose));
              }
            })
        .bind(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0))
        .sync()
        .getNow();
  }

  /** Records TLS events; answers a line with "echo:" and the line, then closes. */
  private static final class ServerApp implements ChannelHandler {
    private final Observed seen;
    private final boolean echoThenClose;

    ServerApp(Observed seen, boolean echoThenClose) {
      this.seen = seen;
      this.echoThenClose = echoThenClose;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof SniCompletionEvent e) {
        seen.sniHost.trySuccess(e.hostName());
      } else if (evt instanceof SslHandshakeCompletionEvent e) {
        if (e.isSuccess()) {
          SslHandler ssl = (SslHandler) ctx.pipeline().get("tls");
          seen.alpn.trySuccess(String.valueOf(ssl.applicationProtocol()));
        } else {
          seen.alpn.tryFailure(e.cause());
        }
      } else if (evt instanceof SslCloseCompletionEvent e && e.isSuccess()) {
        seen.peerCloseNotify.trySuccess(null);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      seen.text.append(buf.toString(StandardCharsets.US_ASCII));
      buf.release();
      int newline = seen.text.indexOf("\n");
      if (newline >= 0 && echoThenClose) {
        String line = seen.text.substring(0, newline);
        seen.received.trySuccess(line);
        ctx.writeAndFlush(Unpooled.copiedBuffer("echo:" + line + "\n", StandardCharsets.US_ASCII))
            .addListener(f -> ctx.close());
      }
    }
  }

  private static int port(Channel server) {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  @Test
  void opensslClientCompletesHandshakeWithAlpnAndSniAndGetsAnEcho(@TempDir Path dir)
      throws Exception {
    Observed seen = new Observed();
    Channel server = ternServer(seen, true);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, LOCALHOST.certificatePem());
    Path input = dir.resolve("input.txt");
    Files.writeString(input, "ping\n");

    Peer.Result client =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                "-servername",
                "localhost",
                "-alpn",
                "h2",
                "-CAfile",
                ca.toString(),
                "-verify_return_error",
                "-verify_hostname",
                "localhost",
                "-ign_eof")
            .stdin(input)
            .run(PEER_TIMEOUT);

    assertThat(client.exitCode()).as(client.output()).isZero();
    assertThat(client.output())
        .contains("echo:ping")
        .contains("ALPN protocol: h2")
        .contains("Verify return code: 0 (ok)");
    assertThat(seen.sniHost.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("localhost");
    assertThat(seen.alpn.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("h2");
    assertThat(seen.received.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("ping");
    server.close().sync();
  }

  @Test
  void opensslClientWithoutSniGetsTheFallbackCertificate(@TempDir Path dir) throws Exception {
    Observed seen = new Observed();
    Channel server = ternServer(seen, true);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, OTHER.certificatePem());
    Path input = dir.resolve("input.txt");
    Files.writeString(input, "x\n");

    Peer.Result client =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                "-noservername",
                "-CAfile",
                ca.toString(),
                "-verify_return_error",
                "-ign_eof")
            .stdin(input)
            .run(PEER_TIMEOUT);

    assertThat(client.exitCode()).as(client.output()).isZero();
    assertThat(client.output()).contains("CN = other.test").contains("echo:x");
    assertThat(seen.sniHost.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isNull();
    assertThat(seen.alpn.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("null");
    server.close().sync();
  }

  @Test
  void opensslClientCloseNotifyReachesTheTernServer(@TempDir Path dir) throws Exception {
    Observed seen = new Observed();
    Channel server = ternServer(seen, false);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, LOCALHOST.certificatePem());

    // With standard input at end of file, s_client closes (close_notify) right after the handshake.
    Peer.Result client =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                "-servername",
                "localhost",
                "-CAfile",
                ca.toString(),
                "-verify_return_error")
            .run(PEER_TIMEOUT);

    assertThat(client.exitCode()).as(client.output()).isZero();
    assertThat(seen.peerCloseNotify.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    server.close().sync();
  }

  @Test
  void opensslClientRejectsTheServerWhenSniPicksAnotherName(@TempDir Path dir) throws Exception {
    Observed seen = new Observed();
    Channel server = ternServer(seen, true);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, LOCALHOST.certificatePem());

    Peer.Result client =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                "-servername",
                "unknown.test",
                "-CAfile",
                ca.toString(),
                "-verify_return_error")
            .run(PEER_TIMEOUT);

    assertThat(client.exitCode()).as(client.output()).isNotZero();
    assertThat(seen.sniHost.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("unknown.test");
    assertThat(seen.alpn.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(seen.alpn.isSuccess()).as("the handshake failed on the Tern side too").isFalse();
    server.close().sync();
  }

  /**
   * Starts {@code openssl s_server} on a single certificate (LOCALHOST), or with {@code sni} on
   * OTHER by default and LOCALHOST to clients asking for "localhost". (s_server switches to its
   * second context for SNI without the ALPN setting, so ALPN is tested without SNI.)
   */
  private static Peer opensslServer(Path dir, int port, boolean sni, String... extra)
      throws Exception {
    Path otherCert = dir.resolve("other.pem");
    Path otherKey = dir.resolve("other.key");
    Path localCert = dir.resolve("localhost.pem");
    Path localKey = dir.resolve("localhost.key");
    OTHER.writePem(otherCert, otherKey);
    LOCALHOST.writePem(localCert, localKey);
    Peer.Builder builder =
        Peer.command("openssl", OPENSSL).args("s_server", "-accept", "127.0.0.1:" + port);
    if (sni) {
      builder.args(
          "-cert",
          otherCert.toString(),
          "-key",
          otherKey.toString(),
          "-servername",
          "localhost",
          "-cert2",
          localCert.toString(),
          "-key2",
          localKey.toString());
    } else {
      builder.args("-cert", localCert.toString(), "-key", localKey.toString());
    }
    // -www and -rev keep serving after the readiness probe's plain TCP connection.
    return builder.args(extra).lifetime(PEER_TIMEOUT).readyOnPort(port).start();
  }

  /** What a Tern client saw. */
  private final class ClientApp implements ChannelHandler {
    final Observed seen = new Observed();
    private final String request;

    ClientApp(String request) {
      this.request = request;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof SslHandshakeCompletionEvent e) {
        if (e.isSuccess()) {
          SslHandler ssl = (SslHandler) ctx.pipeline().get("tls");
          seen.alpn.trySuccess(String.valueOf(ssl.applicationProtocol()));
          if (request != null) {
            ctx.writeAndFlush(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));
          }
        } else {
          seen.alpn.tryFailure(e.cause());
        }
      } else if (evt instanceof SslCloseCompletionEvent e && e.isSuccess()) {
        seen.peerCloseNotify.trySuccess(null);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      seen.text.append(buf.toString(StandardCharsets.US_ASCII));
      buf.release();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      seen.received.trySuccess(seen.text.toString());
    }
  }

  private Channel ternClient(int port, ClientApp app, String... protocols) throws Exception {
    SslContextBuilder builder =
        SslContextBuilder.forClient()
            .trustManager(List.of(LOCALHOST.certificate()))
            .applicationProtocols("h2");
    if (protocols.length > 0) {
      builder.protocols(protocols);
    }
    SslContext context = builder.build();
    return new Bootstrap()
        .group(group)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast("tls", context.newHandler("localhost", port))
                    .addLast("app", app);
              }
            })
        .connect(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), port))
        .sync()
        .getNow();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void ternClientGetsTheSniCertificateAndThePeersCloseNotify(String protocol, @TempDir Path dir)
      throws Exception {
    int port = FreePort.find();
    try (Peer server = opensslServer(dir, port, true, "-www")) {
      ClientApp app = new ClientApp("GET / HTTP/1.0\r\n\r\n");

      Channel client = ternClient(port, app, protocol);

      // The default certificate names other.test only: verification passes only if SNI worked.
      assertThat(app.seen.alpn.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("null");
      String response = app.seen.received.get(AWAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(response).as(server.output()).startsWith("HTTP/1.0 200 ok").contains(protocol);
      assertThat(app.seen.peerCloseNotify.isSuccess()).as("s_server's close_notify").isTrue();
      assertThat(client.closeFuture().await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void ternClientNegotiatesAlpnWithOpenssl(@TempDir Path dir) throws Exception {
    int port = FreePort.find();
    try (Peer server = opensslServer(dir, port, false, "-alpn", "h2", "-www")) {
      ClientApp app = new ClientApp("GET / HTTP/1.0\r\n\r\n");

      Channel client = ternClient(port, app);

      assertThat(app.seen.alpn.get(AWAIT_SECONDS, TimeUnit.SECONDS))
          .as(server.output())
          .isEqualTo("h2");
      assertThat(app.seen.received.get(AWAIT_SECONDS, TimeUnit.SECONDS))
          .startsWith("HTTP/1.0 200 ok");
      assertThat(client.closeFuture().await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void ternClientCloseNotifyIsAnsweredByOpenssl(@TempDir Path dir) throws Exception {
    int port = FreePort.find();
    try (Peer server = opensslServer(dir, port, false, "-rev")) {
      ClientApp app = new ClientApp(null);
      Channel client = ternClient(port, app);
      assertThat(app.seen.alpn.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();

      client.close().sync();

      // s_server answers only a close_notify it received: ours arrived and was understood.
      assertThat(app.seen.peerCloseNotify.isSuccess()).as(server.output()).isTrue();
    }
  }
}
