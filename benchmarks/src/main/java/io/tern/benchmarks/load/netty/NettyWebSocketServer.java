package io.tern.benchmarks.load.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketServerCompressionHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Netty's WebSocket echo server ({@code netty-ws} in the load harness), the twin of {@code
 * TernWebSocketServer}: {@code NettyWebSocketServer --port N [--transport nio|epoll|io_uring]
 * [--threads N]}. The pipeline of Netty's own WebSocket examples: {@code HttpServerCodec}, {@code
 * HttpObjectAggregator}, {@code WebSocketServerCompressionHandler} (permessage-deflate when the
 * client offers it: level 6, 15-bit windows, context takeover both ways, as on Tern's side), {@code
 * WebSocketServerProtocolHandler}, and an echo handler every connection shares. The same limits as
 * the twin: frames up to {@value #MAX_FRAME_PAYLOAD} bytes, inflated data up to {@value
 * #MAX_MESSAGE_PAYLOAD} bytes (the compression handler's {@code maxAllocation}).
 *
 * <p>Netty at its fastest: its defaults otherwise (the 4.2 adaptive allocator) with the harness's
 * fastest JDK 25 flags, and its UTF-8 validator handler left out ({@code
 * withUTF8Validator(false)}): the load sends binary messages only, which that handler would only
 * pass along (Tern validates text inside its decoder, which binary messages skip), so leaving it in
 * would only add a hop.
 */
public final class NettyWebSocketServer {
  /** The largest frame payload accepted, on both twins. */
  public static final int MAX_FRAME_PAYLOAD = 65536;

  /** The largest inflated data accepted, on both twins. */
  public static final int MAX_MESSAGE_PAYLOAD = 1 << 20;

  private static final WebSocketServerProtocolConfig CONFIG =
      WebSocketServerProtocolConfig.newBuilder()
          .websocketPath("/")
          .decoderConfig(
              WebSocketDecoderConfig.newBuilder()
                  .maxFramePayloadLength(MAX_FRAME_PAYLOAD)
                  .allowExtensions(true)
                  .withUTF8Validator(false)
                  .build())
          .build();

  private NettyWebSocketServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws InterruptedException if interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    NettyServer.serve(
        "netty-ws",
        ServerArgs.parse(args),
        NettyServer.Tuning.DEFAULTS,
        NettyWebSocketServer::initPipeline);
  }

  /**
   * Sets up one connection's pipeline.
   *
   * @param channel a new child channel
   */
  public static void initPipeline(Channel channel) {
    channel
        .pipeline()
        .addLast(
            new HttpServerCodec(),
            new HttpObjectAggregator(8192),
            new WebSocketServerCompressionHandler(MAX_MESSAGE_PAYLOAD),
            new WebSocketServerProtocolHandler(CONFIG),
            Echo.INSTANCE);
  }

  /**
   * Writes every binary frame back (with the void promise, as the twin); flushes once per read
   * burst; drops anything else. Stateless: shared by every connection.
   */
  // Write failures reach exceptionCaught through the void promise; nothing waits on them.
  @SuppressWarnings("FutureReturnValueIgnored")
  @ChannelHandler.Sharable
  private static final class Echo extends ChannelInboundHandlerAdapter {
    static final Echo INSTANCE = new Echo();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof BinaryWebSocketFrame frame) {
        ctx.write(frame, ctx.voidPromise());
      } else {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
