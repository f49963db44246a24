package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tern's HTTP/2 client ({@link Http2FrameCodec#forClient()}) against nghttp2's reference server
 * {@code nghttpd} on 127.0.0.1: concurrent GETs on one connection, a body larger than the initial
 * windows, a 404, by prior knowledge with frames and with stream channels, and after an h2c upgrade
 * from HTTP/1.1 ({@link CleartextHttp2ClientUpgradeHandler}).
 */
@Tag("interop")
class Http2ClientNghttpdInteropTest {
  @TempDir Path docroot;
  private Process nghttpd;
  private int port;
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @BeforeEach
  void startNghttpd() throws Exception {
    Files.writeString(docroot.resolve("hello.txt"), "Hello from nghttpd");
    byte[] big = new byte[300_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) ('a' + i % 26);
    }
    Files.write(docroot.resolve("big.bin"), big);
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    nghttpd =
        new ProcessBuilder(
                "nghttpd",
                "--no-tls",
                "-a",
                "127.0.0.1",
                "-d",
                docroot.toString(),
                Integer.toString(port))
            .redirectErrorStream(true)
            .redirectOutput(docroot.resolve("nghttpd.log").toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
        break;
      } catch (IOException notYet) {
        if (!nghttpd.isAlive() || System.nanoTime() > deadline) {
          throw new AssertionError(
              "nghttpd did not start: " + Files.readString(docroot.resolve("nghttpd.log")));
        }
        Thread.sleep(100);
      }
    }
  }

  @AfterEach
  void stop() throws Exception {
    nghttpd.destroy();
    if (!nghttpd.waitFor(10, TimeUnit.SECONDS)) {
      nghttpd.destroyForcibly();
    }
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Collects each stream's status and body. */
  private static final class Collector implements ChannelHandler {
    final Map<Integer, String> status = new ConcurrentHashMap<>();
    final Map<Integer, ByteBuf> bodies = new ConcurrentHashMap<>();
    final CountDownLatch done;

    Collector(int streams) {
      done = new CountDownLatch(streams);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof Http2HeadersFrame h) {
          if (h.headers().status() != null) {
            status.put(h.streamId(), h.headers().status().toString());
          }
          if (h.endStream()) {
            done.countDown();
          }
        } else if (msg instanceof Http2DataFrame d) {
          bodies.computeIfAbsent(d.streamId(), id -> Unpooled.buffer()).writeBytes(d.content());
          if (d.endStream()) {
            done.countDown();
          }
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }
  }

  @Test
  void fetchesConcurrentlyOverOneConnection() throws Exception {
    Collector collector = new Collector(3);
    Channel ch =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel c) {
                    c.pipeline().addLast(Http2FrameCodec.forClient().build(), collector);
                  }
                })
            .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
    try {
      for (String path : new String[] {"/hello.txt", "/big.bin", "/missing"}) {
        Http2Headers request =
            new Http2Headers()
                .method("GET")
                .scheme("http")
                .path(path)
                .authority("127.0.0.1:" + port);
        ch.write(new Http2HeadersFrame(0, request, true));
      }
      ch.flush();
      assertThat(collector.done.await(60, TimeUnit.SECONDS)).isTrue();
      // Stream ids follow write order: 1, 3, 5.
      assertThat(collector.status)
          .containsEntry(1, "200")
          .containsEntry(3, "200")
          .containsEntry(5, "404");
      assertThat(collector.bodies.get(1).toString(StandardCharsets.US_ASCII))
          .isEqualTo("Hello from nghttpd");
      assertThat(collector.bodies.get(3).readableBytes()).isEqualTo(300_000);
      assertThat(collector.bodies.get(3).getByte(299_999)).isEqualTo((byte) ('a' + 299_999 % 26));
    } finally {
      ch.close().sync();
      collector.bodies.values().forEach(ByteBuf::release);
    }
  }

  @Test
  void streamChannelsFetchConcurrently() throws Exception {
    Channel ch =
        new Bootstrap()
            .group(group)
            .channelFactory(NioSocketChannel::new)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel c) {
                    c.pipeline()
                        .addLast(
                            Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient());
                  }
                })
            .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
    try {
      String[] paths = {"/hello.txt", "/big.bin", "/missing"};
      ResponseCollector[] collectors = new ResponseCollector[paths.length];
      for (int i = 0; i < paths.length; i++) {
        collectors[i] = new ResponseCollector();
        Http2StreamChannel s =
            new Http2StreamChannelBootstrap(ch).handler(collectors[i]).open().sync().getNow();
        s.writeAndFlush(
            new Http2HeadersFrame(
                new Http2Headers()
                    .method("GET")
                    .scheme("http")
                    .path(paths[i])
                    .authority("127.0.0.1:" + port),
                true));
      }
      assertThat(collectors[0].response.get(60, TimeUnit.SECONDS))
          .isEqualTo("200 Hello from nghttpd");
      String big = collectors[1].response.get(60, TimeUnit.SECONDS);
      assertThat(big).startsWith("200 abcdefghijklmnopqrstuvwxyzabc").hasSize(4 + 300_000);
      assertThat(collectors[2].response.get(60, TimeUnit.SECONDS)).startsWith("404 ");
    } finally {
      ch.close().sync();
    }
  }
}
