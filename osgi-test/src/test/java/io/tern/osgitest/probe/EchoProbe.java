package io.tern.osgitest.probe;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Hashtable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;

/**
 * The activator of a probe bundle that the OSGi test builds from this package and installs in the
 * framework: on start it runs an echo over NIO (a server and a client on loopback) with Tern's
 * classes as the framework wires them, and registers the echoed text as a service property, with
 * the name of the bundle that supplied the NIO channel class. A failure fails the bundle's start.
 */
public final class EchoProbe implements BundleActivator {
  /** The text sent and, echoed, registered as property {@code tern.echo}. */
  public static final String TEXT = "hello from inside the OSGi framework";

  private ServiceRegistration<?> registration;

  /** Created by the framework. */
  public EchoProbe() {}

  @Override
  @SuppressWarnings("JdkObsolete") // the OSGi API takes a Dictionary
  public void start(BundleContext context) throws Exception {
    String echoed;
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      ServerChannel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(NioServerSocketChannel::new)
              .childHandler(new Echo())
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      Promise<String> reply = new DefaultPromise<>(group.next());
      Channel client =
          new Bootstrap()
              .group(group)
              .channelFactory(NioSocketChannel::new)
              .handler(new Collect(TEXT.length(), reply))
              .connect(server.localAddress())
              .sync()
              .getNow();
      client.writeAndFlush(Unpooled.copiedBuffer(TEXT.getBytes(StandardCharsets.UTF_8)));
      echoed = reply.get(30, TimeUnit.SECONDS);
      client.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
    Hashtable<String, Object> properties = new Hashtable<>();
    properties.put("tern.echo", echoed);
    properties.put(
        "tern.nio.bundle", FrameworkUtil.getBundle(NioSocketChannel.class).getSymbolicName());
    Supplier<String> service = () -> echoed;
    registration = context.registerService(Supplier.class.getName(), service, properties);
  }

  @Override
  public void stop(BundleContext context) {
    if (registration != null) {
      registration.unregister();
    }
  }

  /** Writes back what it reads; stateless, so one instance serves every connection. */
  private static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.writeAndFlush(msg);
    }
  }

  /** Collects {@code expected} bytes and completes the promise with them as text. */
  private static final class Collect implements ChannelHandler {
    private final StringBuilder received = new StringBuilder();
    private final int expected;
    private final Promise<String> reply;

    Collect(int expected, Promise<String> reply) {
      this.expected = expected;
      this.reply = reply;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      try {
        received.append(buf.toString(StandardCharsets.UTF_8));
      } finally {
        buf.release();
      }
      if (received.length() >= expected) {
        reply.trySuccess(received.toString());
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      reply.tryFailure(cause);
    }
  }
}
