package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
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
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tern's client against Tern's echo server over real NIO sockets. */
class WebSocketOverSocketTest {
  private EventLoopGroup group;
  private ServerChannel server;

  /** Echoes text and binary frames (aggregated). */
  static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame || msg instanceof BinaryWebSocketFrame) {
        ctx.writeAndFlush(msg);
      } else {
        io.tern.common.ReferenceCountUtil.release(msg);
      }
    }
  }

  /** Collects what the client receives. */
  static final class Collector implements ChannelHandler {
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

  @BeforeEach
  void start() throws Exception {
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
                            new HttpObjectAggregator(8192),
                            new WebSocketServerProtocolHandler(
                                WebSocketServerProtocolConfig.builder("/echo").build()),
                            new WebSocketFrameAggregator(1 << 20),
                            new Echo());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
  }

  @AfterEach
  void stop() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  @Test
  void clientAndServerExchangeMessagesAndCloseCleanly() throws Exception {
    int port = ((InetSocketAddress) server.localAddress()).getPort();
    Collector collector = new Collector();
    WebSocketClientProtocolHandler client =
        new WebSocketClientProtocolHandler(
            WebSocketClientProtocolConfig.builder(URI.create("ws://127.0.0.1:" + port + "/echo"))
                .decoderConfig(
                    WebSocketDecoderConfig.forClient().withMaxFramePayloadLength(1 << 20))
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
                            collector);
                  }
                })
            .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
    client.handshakeFuture().sync();

    ch.writeAndFlush(new TextWebSocketFrame("héllo wörld"));
    TextWebSocketFrame text = (TextWebSocketFrame) collector.received.poll(10, TimeUnit.SECONDS);
    assertThat(text.text()).isEqualTo("héllo wörld");
    text.release();

    byte[] big = new byte[200_000];
    new Random(1).nextBytes(big);
    // Five fragments within the server's 64 KiB frame limit; the server aggregates them and
    // echoes one frame of 200,000 bytes (the client's limit is raised for it).
    ch.write(new BinaryWebSocketFrame(false, 0, Unpooled.wrappedBuffer(big, 0, 40_000)));
    for (int at = 40_000; at < 160_000; at += 40_000) {
      ch.write(new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(big, at, 40_000)));
    }
    ch.writeAndFlush(
        new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(big, 160_000, 40_000)));
    WebSocketFrame echoed = (WebSocketFrame) collector.received.poll(10, TimeUnit.SECONDS);
    assertThat(echoed).isInstanceOf(BinaryWebSocketFrame.class);
    byte[] got = new byte[echoed.content().readableBytes()];
    echoed.content().getBytes(echoed.content().readerIndex(), got);
    echoed.release();
    assertThat(got).isEqualTo(big);

    ch.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE));
    assertThat(collector.received.poll(10, TimeUnit.SECONDS)).isEqualTo("closed");
    ch.closeFuture().sync();
  }
}
