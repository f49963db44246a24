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
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tern's client and server, both with permessage-deflate, over real NIO sockets: the client's
 * offer, the server's answer and both directions of compressed messages, whole and fragmented, with
 * each side's window and context-takeover variants.
 */
class PerMessageDeflateOverSocketTest {

  @ParameterizedTest
  @ValueSource(strings = {"defaults", "no-context-takeover", "small-windows"})
  void compressedMessagesRoundTripBothWays(String variant) throws Exception {
    PerMessageDeflateConfig deflate =
        switch (variant) {
          case "no-context-takeover" ->
              PerMessageDeflateConfig.defaults()
                  .withClientNoContextTakeover(true)
                  .withServerNoContextTakeover(true);
          case "small-windows" ->
              PerMessageDeflateConfig.defaults()
                  .withClientMaxWindowBits(9)
                  .withServerMaxWindowBits(10);
          default -> PerMessageDeflateConfig.defaults();
        };
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
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
                              new WebSocketServerProtocolHandler(
                                  WebSocketServerProtocolConfig.builder("/echo")
                                      .perMessageDeflate(deflate)
                                      .build()),
                              new WebSocketFrameAggregator(1 << 20),
                              new WebSocketOverSocketTest.Echo());
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      WebSocketOverSocketTest.Collector collector = new WebSocketOverSocketTest.Collector();
      WebSocketClientProtocolHandler client =
          new WebSocketClientProtocolHandler(
              WebSocketClientProtocolConfig.builder(URI.create("ws://127.0.0.1:" + port + "/echo"))
                  .perMessageDeflate(deflate)
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
      assertThat(ch.pipeline().names()).contains("ws-extension");

      for (int i = 0; i < 3; i++) {
        String text = "héllo wörld, " + i + " ".repeat(i * 300);
        ch.writeAndFlush(new TextWebSocketFrame(text));
        TextWebSocketFrame echoed =
            (TextWebSocketFrame) collector.received.poll(10, TimeUnit.SECONDS);
        assertThat(echoed.text()).isEqualTo(text);
        echoed.release();
      }

      byte[] big = new byte[200_000];
      Random random = new Random(1);
      for (int i = 0; i < big.length; i++) {
        big[i] = (byte) ('a' + random.nextInt(4));
      }
      ch.write(new BinaryWebSocketFrame(false, 0, Unpooled.wrappedBuffer(big, 0, 50_000)));
      for (int at = 50_000; at < 150_000; at += 50_000) {
        ch.write(new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(big, at, 50_000)));
      }
      ch.writeAndFlush(
          new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(big, 150_000, 50_000)));
      StringBuilder kinds = new StringBuilder();
      java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
      while (got.size() < big.length) {
        WebSocketFrame f = (WebSocketFrame) collector.received.poll(10, TimeUnit.SECONDS);
        assertThat(f).as("echo of the large message").isNotNull();
        kinds.append(f.getClass().getSimpleName()).append(' ');
        got.writeBytes(WebSocketFrameCodecTest.payload(f));
        f.release();
      }
      assertThat(got.toByteArray()).as(kinds.toString()).isEqualTo(big);

      ch.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE));
      assertThat(collector.received.poll(10, TimeUnit.SECONDS)).isEqualTo("closed");
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
