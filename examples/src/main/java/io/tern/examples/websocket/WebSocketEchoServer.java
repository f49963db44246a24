package io.tern.examples.websocket;

import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.codec.http.websocket.WebSocketServerProtocolConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolHandler;
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
 * {@code ./run-example websocket-echo [--port 9001] [--host 127.0.0.1] [--transport nio]
 * [--deflate]}: a WebSocket server on {@code ws://HOST:PORT/} that echoes every data frame as it
 * arrives (a fragmented message comes back fragmented the same way). Frames and messages up to 16
 * MiB (what the Autobahn|Testsuite sends); it is the server the conformance suite runs against.
 * With {@code --deflate} it accepts permessage-deflate (RFC 7692) when a client offers it.
 *
 * <p>Each connection's pipeline: {@link HttpServerCodec} and {@link HttpObjectAggregator} for the
 * handshake, {@link WebSocketServerProtocolHandler} (which replaces both with the frame codec once
 * the handshake is done, answers pings and runs the close handshake), and the echo handler.
 */
public final class WebSocketEchoServer {
  /** The largest frame and message the echo server accepts. */
  public static final int MAX_PAYLOAD = 16 << 20;

  private WebSocketEchoServer() {}

  /** Writes every data frame back; pings, pongs and closes are the protocol handler's. */
  private static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof WebSocketFrame frame) {
        ctx.write(frame);
      } else {
        io.tern.common.ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }
  }

  /**
   * Starts the server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    return start(transport, group, address, null);
  }

  /**
   * Starts the server on a group's loops, accepting permessage-deflate.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param deflate what to accept of permessage-deflate, or {@code null} for no extension
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport,
      EventLoopGroup group,
      SocketAddress address,
      PerMessageDeflateConfig deflate) {
    WebSocketServerProtocolConfig config =
        WebSocketServerProtocolConfig.builder("/")
            .decoderConfig(
                WebSocketDecoderConfig.forServer()
                    .withMaxFramePayloadLength(MAX_PAYLOAD)
                    .withMaxMessagePayloadLength(MAX_PAYLOAD))
            .perMessageDeflate(deflate)
            .build();
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new HttpServerCodec(),
                        new HttpObjectAggregator(8192),
                        new WebSocketServerProtocolHandler(config),
                        new Echo());
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
    Transport transport = Transports.selectForServer(options, "websocket-echo");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(9001));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      PerMessageDeflateConfig deflate =
          options.flag("deflate") ? PerMessageDeflateConfig.defaults() : null;
      ServerChannel server = start(transport, group, address, deflate).sync().getNow();
      System.out.printf(
          "websocket-echo listening on ws://%s/%s%n",
          server.localAddress(), deflate != null ? " (permessage-deflate accepted)" : "");
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
