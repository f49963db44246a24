package io.tern.codec.http2;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/** An h2c (prior knowledge) hello-world server on 127.0.0.1 for tests and for h2spec by hand. */
final class Http2TestServer implements AutoCloseable {
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final ServerChannel server;

  Http2TestServer(int port) throws InterruptedException {
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(Http2FrameCodec.forServer().build(), new HelloHandler());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
  }

  int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  @Override
  public void close() throws InterruptedException {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Runs a server on the port given (default 8443) until killed. */
  public static void main(String[] args) throws Exception {
    Http2TestServer s = new Http2TestServer(args.length > 0 ? Integer.parseInt(args[0]) : 8443);
    System.out.println("listening on " + s.port());
    Thread.currentThread().join();
  }
}
