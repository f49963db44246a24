package io.tern.examples.gettingstarted;

import io.tern.codec.frame.LineBasedFrameDecoder;
import io.tern.codec.string.LineEncoder;
import io.tern.codec.string.StringDecoder;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Sends one line to an echo server and prints the line that comes back: {@code java ... EchoClient
 * [port] [text]} (defaults 8007 and {@code hello}); start the server with {@code ./run-example
 * echo-server}.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #echo} may be called from any thread; the client's handlers run on one of the group's
 * loops and complete the returned future there.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: the line decoder's frames are released by the string
 * decoder, and the caller owns the event loop group.
 */
public final class EchoClient {
  private EchoClient() {}

  /**
   * Connects, sends {@code line} and completes with the first line the server sends back.
   *
   * @param group the event loops (NIO)
   * @param server the echo server
   * @param line the text to send, without a line break
   * @return completed with the echoed line, or failed if the connection fails or closes first
   */
  public static Future<String> echo(EventLoopGroup group, SocketAddress server, String line) {
    Promise<String> reply = new DefaultPromise<>(group.next());
    new Bootstrap()
        .group(group)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(new LineBasedFrameDecoder(8192))
                    .addLast(new StringDecoder(StandardCharsets.UTF_8))
                    .addLast(new LineEncoder())
                    .addLast(new ReplyHandler(reply));
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (connected.isSuccess()) {
                connected.getNow().writeAndFlush(line);
              } else {
                reply.tryFailure(connected.cause());
              }
            });
    return reply;
  }

  /** Completes the promise with the first line and closes the connection. */
  private static final class ReplyHandler extends SimpleChannelInboundHandler<String> {
    private final Promise<String> reply;

    ReplyHandler(Promise<String> reply) {
      super(String.class);
      this.reply = reply;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, String echoed) {
      reply.trySuccess(echoed);
      ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      reply.tryFailure(new IOException("closed before the echo came back"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      reply.tryFailure(cause);
      ctx.close();
    }
  }

  /**
   * Runs the client once.
   *
   * @param args an optional port and text
   * @throws Exception if the echo fails
   */
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 8007;
    String text = args.length > 1 ? args[1] : "hello";
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      String echoed =
          echo(group, new InetSocketAddress(InetAddress.getLoopbackAddress(), port), text)
              .sync()
              .getNow();
      System.out.println("The server echoed: " + echoed);
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
