package io.tern.transport.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NioEchoSmokeTest {

  @Test
  void echoesBytesBackThroughABootstrappedServer() throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(NioServerSocketChannel::new)
              .childHandler(
                  new ChannelHandler() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      ctx.write(msg);
                    }

                    @Override
                    public void channelReadComplete(ChannelHandlerContext ctx) {
                      ctx.flush();
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();

      byte[] data = new byte[1 << 20];
      new Random(42).nextBytes(data);
      ByteBuf received = Unpooled.buffer(data.length);
      Promise<Void> done = group.next().newPromise();
      Channel client =
          new Bootstrap()
              .group(group)
              .channelFactory(NioSocketChannel::new)
              .handler(
                  new ChannelHandler() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      ByteBuf buf = (ByteBuf) msg;
                      received.writeBytes(buf);
                      buf.release();
                      if (received.readableBytes() == data.length) {
                        done.trySuccess(null);
                      }
                    }
                  })
              .connect(server.localAddress())
              .sync()
              .getNow();

      for (int off = 0; off < data.length; off += 8192) {
        client.write(Unpooled.wrappedBuffer(data, off, 8192));
      }
      client.flush();
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      byte[] echoed = new byte[data.length];
      received.readBytes(echoed);
      received.release();
      assertThat(echoed).isEqualTo(data);
      client.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
