package io.tern.codec.http.websocket;

import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;

/**
 * What both protocol handlers do once the handshake is done: answer pings, run the close handshake
 * (RFC 6455, section 7) with a timeout, and turn a failure into a close frame. Composed into {@link
 * WebSocketServerProtocolHandler} and {@link WebSocketClientProtocolHandler}, one per channel, on
 * its event loop.
 *
 * <p>Close handshake: an endpoint that receives a close frame answers with one carrying the same
 * code (unless it sent one already). The server then closes the TCP connection at once; the client
 * waits for the server to close it (section 7.1.1), and closes it itself after {@code
 * closeTimeoutMillis}. An endpoint that sends a close frame first closes the connection if no
 * answer arrives within {@code closeTimeoutMillis}.
 */
final class WebSocketSession {
  private final boolean server;
  private final boolean autoPong;
  private final boolean dropPong;
  private final long closeTimeoutMillis;
  private WebSocketFrameDecoder decoder;
  private boolean closeSent;
  private boolean closeReceived;
  private ScheduledFuture<?> closeTimer;

  WebSocketSession(boolean server, boolean autoPong, boolean dropPong, long closeTimeoutMillis) {
    this.server = server;
    this.autoPong = autoPong;
    this.dropPong = dropPong;
    this.closeTimeoutMillis = closeTimeoutMillis;
  }

  void start(WebSocketFrameDecoder decoder) {
    this.decoder = decoder;
  }

  boolean isStarted() {
    return decoder != null;
  }

  /** Handles a frame read; returns {@code false} if the application should see it. */
  boolean onRead(ChannelHandlerContext ctx, WebSocketFrame frame) {
    if (frame instanceof PingWebSocketFrame ping && autoPong) {
      if (!closeSent) {
        ctx.writeAndFlush(new PongWebSocketFrame(ping.content().retain()));
      }
      ping.release();
      return true;
    }
    if (frame instanceof PongWebSocketFrame && dropPong) {
      frame.release();
      return true;
    }
    if (frame instanceof CloseWebSocketFrame close) {
      closeReceived = true;
      if (!closeSent) {
        closeSent = true;
        int code = close.statusCode();
        CloseWebSocketFrame answer =
            code < 0 ? new CloseWebSocketFrame() : new CloseWebSocketFrame(code, "");
        ctx.writeAndFlush(answer).addListener(f -> afterCloseHandshake(ctx));
      } else {
        afterCloseHandshake(ctx);
      }
      close.release();
      return true;
    }
    return false;
  }

  private void afterCloseHandshake(ChannelHandlerContext ctx) {
    if (server) {
      ctx.close();
    } else {
      startCloseTimer(ctx);
    }
  }

  /** Notes a frame written by the application; returns whether it may still be sent. */
  boolean onWrite(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (!(msg instanceof CloseWebSocketFrame close)) {
      return true;
    }
    if (closeSent) {
      // Only one close frame per connection (RFC 6455, section 5.5.1).
      close.release();
      promise.trySuccess(null);
      return false;
    }
    closeSent = true;
    promise.addListener(
        f -> {
          if (closeReceived) {
            afterCloseHandshake(ctx);
          } else {
            startCloseTimer(ctx);
          }
        });
    return true;
  }

  /** Answers a failure with a close frame, unless the decoder already did. */
  void onFailure(ChannelHandlerContext ctx, Throwable cause) {
    if (decoder != null && decoder.hasFailed()) {
      return;
    }
    if (cause instanceof CorruptedWebSocketFrameException e
        && !closeSent
        && ctx.channel().isActive()) {
      closeSent = true;
      ctx.writeAndFlush(new CloseWebSocketFrame(e.closeStatus())).addListener(f -> ctx.close());
    } else {
      ctx.close();
    }
  }

  private void startCloseTimer(ChannelHandlerContext ctx) {
    if (closeTimer == null && ctx.channel().isActive()) {
      closeTimer =
          ctx.executor()
              .schedule(
                  () -> {
                    ctx.close();
                  },
                  closeTimeoutMillis,
                  TimeUnit.MILLISECONDS);
    }
  }

  void stop() {
    if (closeTimer != null) {
      closeTimer.cancel(false);
      closeTimer = null;
    }
  }
}
