package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A client and a server, both with stream channels, over a real NIO socket on 127.0.0.1. */
class Http2MultiplexSocketTest {
  private static final EventLoopGroup GROUP =
      new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());
  private static ServerChannel server;

  @BeforeAll
  static void start() throws InterruptedException {
    server =
        new ServerBootstrap()
            .group(GROUP)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            Http2FrameCodec.forServer().build(),
                            Http2MultiplexHandler.of(
                                new ChannelInitializer<Http2StreamChannel>() {
                                  @Override
                                  protected void initChannel(Http2StreamChannel stream) {
                                    stream.pipeline().addLast(new EchoStreamHandler());
                                  }
                                }));
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    server.close().sync();
    GROUP.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private static Channel connect() throws InterruptedException {
    return new Bootstrap()
        .group(GROUP)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient());
              }
            })
        .connect(server.localAddress())
        .sync()
        .getNow();
  }

  @Test
  void concurrentStreamsEachPostAndReadTheirOwnEcho() throws Exception {
    Channel connection = connect();
    try {
      Http2StreamChannelBootstrap bootstrap = new Http2StreamChannelBootstrap(connection);
      int count = 40;
      List<ResponseCollector> collectors = new ArrayList<>();
      List<Http2StreamChannel> streams = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        ResponseCollector collector = new ResponseCollector();
        collectors.add(collector);
        streams.add(bootstrap.handler(collector).open().sync().getNow());
      }
      for (int i = 0; i < count; i++) {
        Http2StreamChannel s = streams.get(i);
        Http2Headers request =
            new Http2Headers().method("POST").scheme("http").path("/echo").authority("127.0.0.1");
        s.write(new Http2HeadersFrame(request, false));
        // A body larger than one frame, so it travels as several DATA frames.
        ByteBuf body = s.alloc().buffer();
        String text = "body " + i + ";";
        for (int r = 0; r < 3000; r++) {
          body.writeCharSequence(text, StandardCharsets.US_ASCII);
        }
        s.writeAndFlush(new Http2DataFrame(body, true));
      }
      for (int i = 0; i < count; i++) {
        String response = collectors.get(i).response.get(30, TimeUnit.SECONDS);
        int id = streams.get(i).streamId();
        assertThat(response).startsWith("200 stream " + id + ": body " + i + ";");
        assertThat(response)
            .hasSize(("200 stream " + id + ": ").length() + 3000 * ("body " + i + ";").length());
      }
      assertThat(streams).extracting(Http2StreamChannel::streamId).doesNotHaveDuplicates();
      for (Http2StreamChannel s : streams) {
        s.closeFuture().sync(); // each closes once its stream has ended both ways
      }
    } finally {
      connection.close().sync();
    }
  }

  @Test
  void closingTheConnectionClosesItsOpenStreamChannels() throws Exception {
    Channel connection = connect();
    ResponseCollector collector = new ResponseCollector();
    Http2StreamChannel s =
        new Http2StreamChannelBootstrap(connection).handler(collector).open().sync().getNow();
    Http2Headers request =
        new Http2Headers().method("POST").scheme("http").path("/echo").authority("127.0.0.1");
    s.writeAndFlush(new Http2HeadersFrame(request, false)).sync(); // the request never ends
    connection.close().sync();
    s.closeFuture().sync();
    assertThat(s.isActive()).isFalse();
    assertThat(collector.response).isNotDone();
  }
}
