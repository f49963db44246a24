package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http2.CleartextHttp2ClientUpgradeHandler.UpgradeEvent;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tern's h2c upgrade client ({@link CleartextHttp2ClientUpgradeHandler}) against nghttp2's servers
 * on 127.0.0.1.
 *
 * <p>{@code nghttpd} itself has no HTTP/1.1 {@code Upgrade}: on a cleartext port it speaks HTTP/2
 * by prior knowledge only, answers any connection with its SETTINGS frame, and closes the
 * connection when the client's first bytes are not the preface (an upgrade request is not). The
 * peer that does the upgrade is nghttp2's proxy {@code nghttpx}, whose cleartext frontend answers
 * {@code Upgrade: h2c} with {@code 101} and serves the request as stream 1; here it forwards to an
 * {@code nghttpd} backend over HTTP/2, so the files come from {@code nghttpd} either way.
 */
@Tag("interop")
class Http2ClientUpgradeInteropTest {
  @TempDir Path docroot;
  private final List<Process> peers = new ArrayList<>();
  private int nghttpdPort;
  private int nghttpxPort;
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @BeforeEach
  void startPeers() throws Exception {
    Files.writeString(docroot.resolve("hello.txt"), "Hello from nghttpd");
    byte[] big = new byte[200_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) ('a' + i % 26);
    }
    Files.write(docroot.resolve("big.bin"), big);
    nghttpdPort = freePort();
    nghttpxPort = freePort();
    start(
        "nghttpd",
        List.of(
            "nghttpd",
            "--no-tls",
            "-a",
            "127.0.0.1",
            "-d",
            docroot.toString(),
            Integer.toString(nghttpdPort)),
        nghttpdPort);
    start(
        "nghttpx",
        List.of(
            "nghttpx",
            "--conf=/dev/null",
            "--single-process",
            "--single-thread",
            "--frontend=127.0.0.1," + nghttpxPort + ";no-tls",
            "--backend=127.0.0.1," + nghttpdPort + ";;proto=h2",
            "--accesslog-file=/dev/null",
            "--errorlog-file=" + docroot.resolve("nghttpx-error.log")),
        nghttpxPort);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private void start(String name, List<String> command, int port) throws Exception {
    Path log = docroot.resolve(name + ".log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    peers.add(p);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
        return;
      } catch (IOException notYet) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          throw new AssertionError(name + " did not start: " + Files.readString(log));
        }
        Thread.sleep(100);
      }
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (Process p : peers) {
      p.destroy();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** The HTTP/1.1 side: the upgrade events it sees, and whether HTTP/1.1 messages reached it. */
  private static final class Http1Side implements ChannelHandler {
    final List<Object> events = new CopyOnWriteArrayList<>();
    final List<Object> messages = new CopyOnWriteArrayList<>();
    final CompletableFuture<Void> rejected = new CompletableFuture<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      messages.add(msg.getClass().getSimpleName());
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      events.add(evt);
      if (evt == UpgradeEvent.UPGRADE_REJECTED) {
        rejected.complete(null);
      }
      ctx.fireUserEventTriggered(evt);
    }
  }

  private Channel connect(int port, ChannelHandler... handlers) throws InterruptedException {
    return new Bootstrap()
        .group(group)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(handlers);
              }
            })
        .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
        .sync()
        .getNow();
  }

  private FullHttpRequest get(String path, int port) {
    FullHttpRequest r =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.EMPTY_BUFFER);
    r.headers().set(HttpHeaderNames.HOST, "127.0.0.1:" + port);
    return r;
  }

  @Test
  void nghttpxUpgradesAndAnswersTheRequestOnStreamOne() throws Exception {
    Http1Side http1 = new Http1Side();
    ResponseCollector stream1 = new ResponseCollector();
    Channel ch =
        connect(
            nghttpxPort,
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder()
                .http2(Http2MultiplexHandler.forClient())
                .upgradeStream(stream1)
                .build(),
            http1);
    try {
      ch.writeAndFlush(get("/hello.txt", nghttpxPort));
      assertThat(stream1.response.get(30, TimeUnit.SECONDS)).isEqualTo("200 Hello from nghttpd");
      assertThat(http1.events).containsExactly(UpgradeEvent.UPGRADE_ISSUED);
      assertThat(http1.messages).isEmpty();

      // The upgraded connection goes on as HTTP/2: stream 3, with a body larger than the windows.
      ResponseCollector stream3 = new ResponseCollector();
      Http2StreamChannel s =
          new Http2StreamChannelBootstrap(ch).handler(stream3).open().sync().getNow();
      s.writeAndFlush(
          new Http2HeadersFrame(
              new Http2Headers()
                  .method("GET")
                  .scheme("http")
                  .path("/big.bin")
                  .authority("127.0.0.1:" + nghttpxPort),
              true));
      String big = stream3.response.get(30, TimeUnit.SECONDS);
      assertThat(s.streamId()).isEqualTo(3);
      assertThat(big).startsWith("200 abcdefghijklmnopqrstuvwxyzabc").hasSize(4 + 200_000);
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void nghttpdAnswersAnUpgradeRequestWithHttp2AndCloses() throws Exception {
    Http1Side http1 = new Http1Side();
    ResponseCollector stream1 = new ResponseCollector();
    Channel ch =
        connect(
            nghttpdPort,
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder()
                .http2(Http2MultiplexHandler.forClient())
                .upgradeStream(stream1)
                .build(),
            http1);
    ch.writeAndFlush(get("/hello.txt", nghttpdPort));
    // No 101: nghttpd's SETTINGS frame is not an HTTP/1.1 response, and it closes the connection.
    assertThat(ch.closeFuture().await(30, TimeUnit.SECONDS)).isTrue();
    http1.rejected.get(30, TimeUnit.SECONDS);
    assertThat(http1.events)
        .containsExactly(UpgradeEvent.UPGRADE_ISSUED, UpgradeEvent.UPGRADE_REJECTED);
    assertThat(stream1.response).isNotDone();
  }
}
