package io.tern.benchmarks.load.tern;

import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.websocket.BinaryWebSocketFrame;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolHandler;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;

/**
 * Tern's WebSocket echo server ({@code tern-ws} in the load harness), the twin of {@code
 * NettyWebSocketServer}: {@code TernWebSocketServer --port N [--transport nio|epoll|io_uring]
 * [--threads N]}. {@code ws://127.0.0.1:N/} echoes every binary message; permessage-deflate is
 * accepted when the client offers it (compression level 6, 15-bit windows, context takeover both
 * ways: what both frameworks default to). Limits as in the twin: frames up to {@value
 * #MAX_FRAME_PAYLOAD} bytes, inflated messages up to {@value #MAX_MESSAGE_PAYLOAD} bytes.
 */
public final class TernWebSocketServer {
  /** The largest frame payload accepted, on both twins. */
  public static final int MAX_FRAME_PAYLOAD = 65536;

  /** The largest (inflated) message accepted, on both twins. */
  public static final int MAX_MESSAGE_PAYLOAD = 1 << 20;

  private TernWebSocketServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    TernServer.serve("tern-ws", TernServer.Args.parse(args), childHandler());
  }

  /**
   * Returns the handler that sets up each connection's pipeline: {@code HttpServerCodec}, {@code
   * HttpObjectAggregator} (for the handshake request), {@code WebSocketServerProtocolHandler}, and
   * the echo handler every connection shares.
   *
   * @return the child handler
   */
  public static ChannelHandler childHandler() {
    WebSocketServerProtocolConfig config =
        WebSocketServerProtocolConfig.builder("/")
            .decoderConfig(
                WebSocketDecoderConfig.forServer()
                    .withMaxFramePayloadLength(MAX_FRAME_PAYLOAD)
                    .withMaxMessagePayloadLength(MAX_MESSAGE_PAYLOAD))
            .perMessageDeflate(PerMessageDeflateConfig.defaults())
            .build();
    Echo echo = new Echo();
    return new ChannelInitializer<Channel>() {
      @Override
      protected void initChannel(Channel ch) {
        ch.pipeline()
            .addLast(
                new HttpServerCodec(),
                new HttpObjectAggregator(8192),
                new WebSocketServerProtocolHandler(config),
                echo);
      }
    };
  }

  /**
   * Writes every binary frame back (with the void promise, as the twin); flushes once per read
   * burst; drops anything else. Stateless: shared by every connection.
   */
  private static final class Echo implements ChannelHandler {
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
