package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.websocket.BinaryWebSocketFrame;
import io.tern.codec.http.websocket.CloseWebSocketFrame;
import io.tern.codec.http.websocket.ContinuationWebSocketFrame;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketClientProtocolConfig;
import io.tern.codec.http.websocket.WebSocketClientProtocolHandler;
import io.tern.codec.http.websocket.WebSocketCloseStatus;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrameAggregator;
import io.tern.codec.http.websocket.WebSocketServerProtocolConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolHandler;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python's {@code websockets} library (Debian's {@code python3-websockets}, run by {@code
 * /usr/bin/python3}) as a second WebSocket peer, both ways, with permessage-deflate as the library
 * negotiates it by default (it asks for 12-bit windows both ways, so Tern's small-window path is
 * used against a real peer): its client against a Tern echo server, and Tern's client against its
 * echo server. Messages of 0 B to 200 KB, text and binary. A missing peer fails the test.
 */
@Tag("interop")
class PythonWebSocketsInteropTest {
  private static final String HINT = "apt package python3-websockets: bash .ci/install-peers";

  private static Path script(Path dir) throws Exception {
    Path script = dir.resolve("ws_peer.py");
    try (InputStream in = PythonWebSocketsInteropTest.class.getResourceAsStream("ws_peer.py")) {
      Files.write(script, in.readAllBytes());
    }
    return script;
  }

  private static void failIfMissing(String output) {
    if (output.contains("No module named 'websockets'")) {
      throw new AssertionError("python websockets is missing (" + HINT + ")\n" + output);
    }
  }

  /** Echoes every data frame. */
  private static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame || msg instanceof BinaryWebSocketFrame) {
        ctx.writeAndFlush(msg);
      } else {
        ReferenceCountUtil.release(msg);
      }
    }
  }

  @Test
  void pythonClientAgainstTernServerWithPermessageDeflate(@TempDir Path dir) throws Exception {
    if (!Files.isExecutable(Path.of("/usr/bin/python3"))) {
      throw new AssertionError("/usr/bin/python3 is missing (" + HINT + ")");
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      WebSocketServerProtocolConfig config =
          WebSocketServerProtocolConfig.builder("/")
              .decoderConfig(WebSocketDecoderConfig.forServer().withMaxFramePayloadLength(1 << 20))
              .perMessageDeflate(PerMessageDeflateConfig.defaults())
              .build();
      ServerChannel server =
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
                              new HttpObjectAggregator(8192),
                              new WebSocketServerProtocolHandler(config),
                              new WebSocketFrameAggregator(1 << 20),
                              new Echo());
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      Peer.Result result =
          Peer.command("env", "coreutils")
              .args(
                  "/usr/bin/python3",
                  script(dir).toString(),
                  "client",
                  "ws://127.0.0.1:" + port + "/")
              .run(Duration.ofMinutes(2));
      server.close().sync();
      failIfMissing(result.output());
      assertThat(result.exitCode()).as(result.output()).isZero();
      assertThat(result.output()).contains("EXTENSIONS permessage-deflate").contains("OK");
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  /** Collects what the client receives. */
  private static final class Collector implements ChannelHandler {
    final BlockingQueue<Object> received = new LinkedBlockingQueue<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      received.add(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      received.add("closed");
    }
  }

  @Test
  void ternClientAgainstPythonServerWithPermessageDeflate(@TempDir Path dir) throws Exception {
    int port = FreePort.find();
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try (Peer server =
        Peer.command("env", "coreutils")
            .args("/usr/bin/python3", script(dir).toString(), "server", "" + port)
            .readyOnPort(port)
            .lifetime(Duration.ofMinutes(3))
            .start()) {
      Collector collector = new Collector();
      WebSocketClientProtocolHandler client =
          new WebSocketClientProtocolHandler(
              WebSocketClientProtocolConfig.builder(URI.create("ws://127.0.0.1:" + port + "/"))
                  .decoderConfig(
                      WebSocketDecoderConfig.forClient().withMaxFramePayloadLength(1 << 20))
                  .perMessageDeflate(PerMessageDeflateConfig.defaults())
                  .build());
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
                              new HttpClientCodec(),
                              new HttpObjectAggregator(8192),
                              client,
                              new WebSocketFrameAggregator(1 << 20),
                              collector);
                    }
                  })
              .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
              .sync()
              .getNow();
      client.handshakeFuture().sync();
      assertThat(ch.pipeline().names()).as(server.output()).contains("ws-extension");

      Random random = new Random(6455);
      for (int size : new int[] {0, 5, 4096, 4097, 70_000, 200_000}) {
        StringBuilder text = new StringBuilder();
        while (text.length() < size) {
          text.append((char) ('a' + random.nextInt(random.nextBoolean() ? 3 : 26)));
        }
        ch.writeAndFlush(new TextWebSocketFrame(text.toString()));
        Object echoed = collector.received.poll(30, TimeUnit.SECONDS);
        assertThat(echoed).as(server.output()).isInstanceOf(TextWebSocketFrame.class);
        assertThat(((TextWebSocketFrame) echoed).text()).isEqualTo(text.toString());
        ReferenceCountUtil.release(echoed);

        byte[] data = new byte[size];
        random.nextBytes(data);
        // Binary sent in three fragments; the library echoes the reassembled message.
        int a = size / 3;
        int b = 2 * size / 3;
        ch.write(new BinaryWebSocketFrame(false, 0, Unpooled.wrappedBuffer(data, 0, a)));
        ch.write(new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(data, a, b - a)));
        ch.writeAndFlush(
            new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(data, b, size - b)));
        Object bin = collector.received.poll(30, TimeUnit.SECONDS);
        assertThat(bin).as(server.output()).isInstanceOf(BinaryWebSocketFrame.class);
        WebSocketFrame f = (WebSocketFrame) bin;
        byte[] got = new byte[f.content().readableBytes()];
        f.content().getBytes(f.content().readerIndex(), got);
        f.release();
        assertThat(got).isEqualTo(data);
      }
      ch.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE));
      assertThat(collector.received.poll(30, TimeUnit.SECONDS)).isEqualTo("closed");
      failIfMissing(server.output());
      assertThat(server.output()).contains("EXTENSIONS ['permessage-deflate']");
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
