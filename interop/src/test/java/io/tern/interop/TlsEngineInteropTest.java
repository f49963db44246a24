package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.handler.ssl.ClientAuth;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.handler.ssl.SslHandshakeCompletionEvent;
import io.tern.handler.ssl.SslProvider;
import io.tern.handler.ssl.openssl.OpenSslSessionContext;
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
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both of Tern's TLS engines (the JDK's and the system OpenSSL through FFM) against the real {@code
 * openssl s_client}, {@code s_server} and {@code curl} on 127.0.0.1, TLS 1.2 and 1.3: client
 * certificates both ways, session resumption both ways ({@code -sess_out}/{@code -sess_in} on the
 * client side, a resumed Tern client seen by {@code s_server}), and ALPN with curl.
 */
@Tag("interop")
class TlsEngineInteropTest {
  private static final String OPENSSL = "apt package openssl";
  private static final String CURL = "apt package curl";
  private static final Duration PEER_TIMEOUT = Duration.ofSeconds(60);
  private static final long AWAIT_SECONDS = 60;

  private static final SelfSignedCertificate SERVER = SelfSignedCertificate.create();
  private static final SelfSignedCertificate CLIENT =
      SelfSignedCertificate.builder().commonName("tern-client").dnsNames("client.test").build();

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @AfterEach
  void shutDown() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  static Stream<Arguments> providersAndProtocols() {
    return Stream.of(SslProvider.OPENSSL, SslProvider.JDK)
        .flatMap(p -> Stream.of(Arguments.of(p, "TLSv1.3"), Arguments.of(p, "TLSv1.2")));
  }

  /** What a Tern server connection saw. */
  private final class Seen {
    final Promise<SSLDetails> handshake = group.next().newPromise();
  }

  /** The outcome of a server handshake. */
  private record SSLDetails(String protocol, String alpn, String peerSubject) {}

  /** Echoes each line with "echo:" in front, then closes; records the handshake. */
  private static final class EchoApp implements ChannelHandler {
    private final Seen seen;
    private final StringBuilder text = new StringBuilder();

    EchoApp(Seen seen) {
      this.seen = seen;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
      if (evt instanceof SslHandshakeCompletionEvent e) {
        if (e.isSuccess()) {
          SslHandler ssl = (SslHandler) ctx.pipeline().get("tls");
          String subject = null;
          try {
            subject =
                ((X509Certificate) ssl.session().getPeerCertificates()[0])
                    .getSubjectX500Principal()
                    .getName();
          } catch (javax.net.ssl.SSLPeerUnverifiedException none) {
            // no client certificate: subject stays null
          }
          seen.handshake.trySuccess(
              new SSLDetails(
                  ssl.session().getProtocol(), String.valueOf(ssl.applicationProtocol()), subject));
        } else {
          seen.handshake.tryFailure(e.cause());
        }
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      text.append(buf.toString(StandardCharsets.US_ASCII));
      buf.release();
      int newline = text.indexOf("\n");
      if (newline >= 0) {
        String line = text.substring(0, newline);
        text.delete(0, newline + 1);
        ctx.writeAndFlush(Unpooled.copiedBuffer("echo:" + line + "\n", StandardCharsets.US_ASCII))
            .addListener(f -> ctx.close());
      }
    }
  }

  private Channel ternServer(SslContext context, Seen seen) throws Exception {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(NioServerSocketChannel::new)
        .childHandler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast("tls", context.newHandler())
                    .addLast("app", new EchoApp(seen));
              }
            })
        .bind(new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0))
        .sync()
        .getNow();
  }

  private static int port(Channel server) {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  private static String opensslVersionFlag(String protocol) {
    return "TLSv1.3".equals(protocol) ? "-tls1_3" : "-tls1_2";
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("providersAndProtocols")
  void sClientPresentsACertificateTheTernServerRequires(
      SslProvider provider, String protocol, @TempDir Path dir) throws Exception {
    SslContext context =
        SslContextBuilder.forServer(SERVER)
            .sslProvider(provider)
            .protocols(protocol)
            .clientAuth(ClientAuth.REQUIRE)
            .trustManager(List.of(CLIENT.certificate()))
            .build();
    Seen seen = new Seen();
    Channel server = ternServer(context, seen);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, SERVER.certificatePem());
    Path cert = dir.resolve("client.pem");
    Path key = dir.resolve("client.key");
    CLIENT.writePem(cert, key);
    Path input = dir.resolve("input.txt");
    Files.writeString(input, "ping\n");

    Peer.Result client =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                opensslVersionFlag(protocol),
                "-CAfile",
                ca.toString(),
                "-verify_return_error",
                "-verify_hostname",
                "localhost",
                "-cert",
                cert.toString(),
                "-key",
                key.toString(),
                "-ign_eof")
            .stdin(input)
            .run(PEER_TIMEOUT);

    assertThat(client.exitCode()).as(client.output()).isZero();
    assertThat(client.output()).contains("echo:ping").contains("Verify return code: 0 (ok)");
    SSLDetails details = seen.handshake.get(AWAIT_SECONDS, TimeUnit.SECONDS);
    assertThat(details.protocol()).isEqualTo(protocol);
    assertThat(details.peerSubject()).contains("CN=tern-client");
    server.close().sync();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("providersAndProtocols")
  void sClientWithoutACertificateIsRefusedByATernServerRequiringOne(
      SslProvider provider, String protocol, @TempDir Path dir) throws Exception {
    SslContext context =
        SslContextBuilder.forServer(SERVER)
            .sslProvider(provider)
            .protocols(protocol)
            .clientAuth(ClientAuth.REQUIRE)
            .trustManager(List.of(CLIENT.certificate()))
            .build();
    Seen seen = new Seen();
    Channel server = ternServer(context, seen);
    Path input = dir.resolve("input.txt");
    Files.writeString(input, "ping\n");

    Peer.Result client =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                opensslVersionFlag(protocol),
                "-ign_eof")
            .stdin(input)
            .run(PEER_TIMEOUT);

    assertThat(client.output()).doesNotContain("echo:ping");
    assertThat(seen.handshake.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(seen.handshake.isSuccess()).as("the Tern server refused the handshake").isFalse();
    server.close().sync();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("providersAndProtocols")
  void sClientResumesItsSavedSessionWithTheTernServer(
      SslProvider provider, String protocol, @TempDir Path dir) throws Exception {
    SslContext context =
        SslContextBuilder.forServer(SERVER).sslProvider(provider).protocols(protocol).build();
    Seen first = new Seen();
    Channel server = ternServer(context, first);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, SERVER.certificatePem());
    Path session = dir.resolve("session.pem");
    Path input = dir.resolve("input.txt");
    Files.writeString(input, "ping\n");

    Peer.Result full =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                opensslVersionFlag(protocol),
                "-CAfile",
                ca.toString(),
                "-verify_return_error",
                "-sess_out",
                session.toString(),
                "-ign_eof")
            .stdin(input)
            .run(PEER_TIMEOUT);
    Peer.Result resumed =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_client",
                "-connect",
                "127.0.0.1:" + port(server),
                opensslVersionFlag(protocol),
                "-CAfile",
                ca.toString(),
                "-verify_return_error",
                "-sess_in",
                session.toString(),
                "-ign_eof")
            .stdin(input)
            .run(PEER_TIMEOUT);

    assertThat(full.exitCode()).as(full.output()).isZero();
    assertThat(full.output()).contains("echo:ping").contains("New, ");
    assertThat(resumed.exitCode()).as(resumed.output()).isZero();
    assertThat(resumed.output()).contains("echo:ping").contains("Reused, ");
    if (provider == SslProvider.OPENSSL) {
      OpenSslSessionContext sessions = (OpenSslSessionContext) context.sessionContext();
      assertThat(sessions.stats().handshakes()).isEqualTo(2);
      assertThat(sessions.stats().resumed()).isOne();
    }
    server.close().sync();
  }

  /** A Tern client: sends a request once the handshake is done, collects the answer. */
  private final class ClientApp implements ChannelHandler {
    final Promise<String> response = group.next().newPromise();
    final Promise<String> handshake = group.next().newPromise();
    private final StringBuilder text = new StringBuilder();

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof SslHandshakeCompletionEvent e) {
        if (e.isSuccess()) {
          SslHandler ssl = (SslHandler) ctx.pipeline().get("tls");
          handshake.trySuccess(ssl.session().getProtocol());
          ctx.writeAndFlush(
              Unpooled.copiedBuffer("GET / HTTP/1.0\r\n\r\n", StandardCharsets.US_ASCII));
        } else {
          handshake.tryFailure(e.cause());
        }
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      text.append(buf.toString(StandardCharsets.US_ASCII));
      buf.release();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      response.trySuccess(text.toString());
    }
  }

  private String ternClientGet(SslContext context, int port) throws Exception {
    ClientApp app = new ClientApp();
    new Bootstrap()
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
        .sync();
    return app.response.get(AWAIT_SECONDS, TimeUnit.SECONDS);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("providersAndProtocols")
  void ternClientPresentsItsCertificateAndResumesWithSServer(
      SslProvider provider, String protocol, @TempDir Path dir) throws Exception {
    Path cert = dir.resolve("server.pem");
    Path key = dir.resolve("server.key");
    SERVER.writePem(cert, key);
    Path clientCa = dir.resolve("client-ca.pem");
    Files.writeString(clientCa, CLIENT.certificatePem());
    int port = FreePort.find();
    SslContext context =
        SslContextBuilder.forClient()
            .sslProvider(provider)
            .protocols(protocol)
            .trustManager(List.of(SERVER.certificate()))
            .keyManager(CLIENT.privateKey(), List.of(CLIENT.certificate()))
            .build();

    try (Peer server =
        Peer.command("openssl", OPENSSL)
            .args(
                "s_server",
                "-accept",
                "127.0.0.1:" + port,
                "-cert",
                cert.toString(),
                "-key",
                key.toString(),
                "-Verify",
                "1",
                "-CAfile",
                clientCa.toString(),
                "-www")
            .lifetime(PEER_TIMEOUT)
            .readyOnPort(port)
            .start()) {
      String first = ternClientGet(context, port);
      String second = ternClientGet(context, port);

      // -www answers with its view of the connection: the protocol, whether the session was
      // reused, and the client certificate it verified (a missing one fails the handshake).
      assertThat(first).as(server.output()).startsWith("HTTP/1.0 200 ok").contains("New, ");
      assertThat(first).contains(protocol).contains("tern-client");
      assertThat(second).as(server.output()).startsWith("HTTP/1.0 200 ok").contains("Reused, ");
      if (provider == SslProvider.OPENSSL) {
        OpenSslSessionContext sessions = (OpenSslSessionContext) context.sessionContext();
        assertThat(sessions.stats().resumed()).isOne();
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"OPENSSL", "JDK"})
  void curlWithHttp2NegotiatesAlpnWithTheTernServer(SslProvider provider, @TempDir Path dir)
      throws Exception {
    // The server offers only http/1.1: curl --http2 offers h2 and http/1.1 and must fall back.
    SslContext context =
        SslContextBuilder.forServer(SERVER)
            .sslProvider(provider)
            .applicationProtocols("http/1.1")
            .build();
    Seen seen = new Seen();
    Channel server = ternServer(context, seen);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, SERVER.certificatePem());

    Peer.Result curl =
        Peer.command("curl", CURL)
            .args(
                "-sv",
                "--http2",
                "--cacert",
                ca.toString(),
                "--resolve",
                "localhost:" + port(server) + ":127.0.0.1",
                "--max-time",
                "30",
                "https://localhost:" + port(server) + "/")
            .run(PEER_TIMEOUT);

    SSLDetails details = seen.handshake.get(AWAIT_SECONDS, TimeUnit.SECONDS);
    assertThat(details.alpn()).isEqualTo("http/1.1");
    assertThat(curl.output()).contains("ALPN: server accepted http/1.1");
    server.close().sync();
  }

  @Test
  void curlWithHttp2GetsH2FromATernServerOfferingIt(@TempDir Path dir) throws Exception {
    SslContext context =
        SslContextBuilder.forServer(SERVER)
            .sslProvider(SslProvider.OPENSSL)
            .applicationProtocols("h2", "http/1.1")
            .build();
    Seen seen = new Seen();
    Channel server = ternServer(context, seen);
    Path ca = dir.resolve("ca.pem");
    Files.writeString(ca, SERVER.certificatePem());

    Peer.Result curl =
        Peer.command("curl", CURL)
            .args(
                "-sv",
                "--http2",
                "--cacert",
                ca.toString(),
                "--resolve",
                "localhost:" + port(server) + ":127.0.0.1",
                "--max-time",
                "10",
                "https://localhost:" + port(server) + "/")
            .run(PEER_TIMEOUT);

    // The echo application is no HTTP/2 server: what matters is the TLS layer's agreement.
    assertThat(seen.handshake.get(AWAIT_SECONDS, TimeUnit.SECONDS).alpn()).isEqualTo("h2");
    assertThat(curl.output()).contains("ALPN: server accepted h2");
    server.close().sync();
  }
}
