package io.tern.examples.haproxy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.haproxy.HAProxyMessage;
import io.tern.codec.haproxy.HAProxyMessageDecoder;
import io.tern.codec.haproxy.ProxiedAddressHandler;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;

/**
 * {@code ./run-example proxy-protocol [--port 8443] [--host 127.0.0.1] [--transport nio]}: a server
 * meant to sit behind haproxy ({@code send-proxy} or {@code send-proxy-v2}). Each connection starts
 * with a PROXY header; the server answers one line naming the client the header gave (what {@code
 * Channel.remoteAddress()} now reports) and the proxy it came through, then closes. Try it without
 * haproxy: {@code curl --haproxy-protocol http://127.0.0.1:8443/} (curl sends a version 1 header,
 * then an HTTP request the server ignores).
 */
public final class ProxiedHelloServer {
  private ProxiedHelloServer() {}

  /** Greets once the header has been read: the user event {@link ProxiedAddressHandler} fires. */
  static final class GreetingHandler implements ChannelHandler {
    private final SocketAddress proxy;

    GreetingHandler(SocketAddress proxy) {
      this.proxy = proxy;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof HAProxyMessage header) {
        String line =
            "hello "
                + ctx.channel().remoteAddress()
                + " (PROXY "
                + header.protocolVersion()
                + " via "
                + proxy
                + ")\r\n";
        ByteBuf out = ctx.alloc().buffer(line.length());
        ByteBufUtil.writeAscii(out, line);
        ctx.writeAndFlush(out).addListener(f -> ctx.close());
      } else {
        ctx.fireUserEventTriggered(evt);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ((ByteBuf) msg).release(); // whatever follows the header (curl's request) is not read
    }
  }

  /**
   * Starts the server.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                SocketAddress proxy = ch.remoteAddress(); // before the header replaces it
                ch.pipeline()
                    .addLast(new HAProxyMessageDecoder())
                    .addLast(ProxiedAddressHandler.INSTANCE)
                    .addLast(new GreetingHandler(proxy));
              }
            })
        .bind(address);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "proxy-protocol");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8443));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address).sync().getNow();
      System.out.printf(
          "proxy-protocol listening on %s: curl --haproxy-protocol http://%s/%n",
          server.localAddress(), server.localAddress().toString().replaceFirst("^.*/", ""));
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
