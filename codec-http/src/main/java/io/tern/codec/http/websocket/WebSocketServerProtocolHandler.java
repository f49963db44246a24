package io.tern.codec.http.websocket;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.websocket.internal.DeflateNegotiation;
import io.tern.codec.http.websocket.internal.HandshakeKeys;
import io.tern.codec.http.websocket.internal.HttpHandlers;
import io.tern.codec.http.websocket.internal.PerMessageDeflateHandler;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Takes a connection over from HTTP/1.1 to WebSocket (RFC 6455, version 13) on one path, then runs
 * the WebSocket side of the connection: automatic pongs, the close handshake with its timeout, and
 * a close frame for every violation.
 *
 * <pre>{@code
 * ch.pipeline().addLast(
 *     new HttpServerCodec(),
 *     new HttpObjectAggregator(65536),
 *     new WebSocketServerProtocolHandler(WebSocketServerProtocolConfig.builder("/ws").build()),
 *     new MyFrameHandler());   // gets WebSocketFrames, and a HandshakeComplete event first
 * }</pre>
 *
 * <p><b>Handshake.</b> A full request whose {@code target().path()} is the configured path is
 * checked: {@code GET}, HTTP/1.1, {@code Upgrade: websocket}, {@code Connection: upgrade}, a {@code
 * Sec-WebSocket-Key} of 16 bytes in base64 (otherwise {@code 400}), {@code Sec-WebSocket-Version:
 * 13} (otherwise {@code 426} naming version 13), and the origin check (otherwise {@code 403}). The
 * first subprotocol the client offers that the server speaks is chosen (none if none matches). When
 * configured with a {@link PerMessageDeflateConfig}, the first permessage-deflate offer the server
 * can accept is accepted and a handler that inflates and compresses messages goes behind the frame
 * codec (see {@link PerMessageDeflateConfig}). The handler writes the {@code 101}, adds a {@link
 * WebSocketFrameEncoder} and a {@link WebSocketFrameDecoder} where the HTTP codec was and removes
 * the HTTP handlers ({@code HttpServerCodec} or the decoder/encoder pair, {@code
 * HttpObjectAggregator}, keep-alive, compression, CORS): the codec hands the bytes that followed
 * the request to the new decoder. Then it fires {@link HandshakeComplete}. Requests for other paths
 * pass on untouched. A connection that has not completed the handshake within {@code
 * handshakeTimeoutMillis} of this handler's addition is closed.
 *
 * <p><b>After the handshake.</b> Pings are answered with pongs and pongs dropped (unless configured
 * otherwise); a close frame is answered with a close frame carrying the same code and the
 * connection closed. A close frame the application writes starts the close timeout. Protocol
 * violations are answered by the decoder; other {@link CorruptedWebSocketFrameException}s (an
 * aggregator's limit) by this handler, with their close status.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Consumes (releases) the upgrade request, pings, pongs when dropped and close frames; passes every
 * other message on to the next handler, which owns it.
 */
public final class WebSocketServerProtocolHandler implements ChannelHandler {
  private final WebSocketServerProtocolConfig config;
  private final WebSocketSession session;
  private ScheduledFuture<?> handshakeTimer;

  /**
   * Creates a handler.
   *
   * @param config the path, subprotocols, checks and timeouts
   */
  public WebSocketServerProtocolHandler(WebSocketServerProtocolConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.session =
        new WebSocketSession(
            true, config.autoPong(), config.dropPongs(), config.closeTimeoutMillis());
  }

  /**
   * The user event fired once the handshake is done, before any frame.
   *
   * <h2>Threading</h2>
   *
   * Immutable; any thread.
   *
   * <h2>Ownership</h2>
   *
   * Holds no reference-counted objects (the headers are a copy).
   *
   * @param requestUri the request's URI
   * @param requestHeaders the request's headers
   * @param subprotocol the chosen subprotocol, or {@code null}
   */
  public record HandshakeComplete(
      String requestUri, HttpHeaders requestHeaders, String subprotocol) {}

  /**
   * The user event fired when the handshake timed out (the channel is then closed).
   *
   * <h2>Threading</h2>
   *
   * Immutable; any thread.
   *
   * <h2>Ownership</h2>
   *
   * Holds no reference-counted objects.
   */
  public enum HandshakeTimeout {
    /** The only value. */
    INSTANCE
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    handshakeTimer =
        ctx.executor()
            .schedule(
                () -> {
                  if (!session.isStarted() && ctx.channel().isActive()) {
                    ctx.fireUserEventTriggered(HandshakeTimeout.INSTANCE);
                    ctx.close();
                  }
                },
                config.handshakeTimeoutMillis(),
                TimeUnit.MILLISECONDS);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    cancelTimers();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancelTimers();
    ctx.fireChannelInactive();
  }

  private void cancelTimers() {
    if (handshakeTimer != null) {
      handshakeTimer.cancel(false);
      handshakeTimer = null;
    }
    session.stop();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (session.isStarted()) {
      if (msg instanceof WebSocketFrame frame && session.onRead(ctx, frame)) {
        return;
      }
      ctx.fireChannelRead(msg);
      return;
    }
    if (msg instanceof FullHttpRequest request && config.path().equals(request.target().path())) {
      try {
        handshake(ctx, request);
      } finally {
        request.release();
      }
      return;
    }
    ctx.fireChannelRead(msg);
  }

  private void handshake(ChannelHandlerContext ctx, FullHttpRequest request) {
    HttpHeaders h = request.headers();
    String key = h.get(HttpHeaderNames.SEC_WEBSOCKET_KEY);
    if (!request.decoderResult().isSuccess()
        || !HttpMethod.GET.equals(request.method())
        || !HttpVersion.HTTP_1_1.equals(request.protocolVersion())
        || !h.containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)
        || !h.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)
        || !HandshakeKeys.isValidKey(key)) {
      refuse(ctx, request, HttpResponseStatus.BAD_REQUEST, "Not a valid WebSocket handshake");
      return;
    }
    if (!"13".equals(h.get(HttpHeaderNames.SEC_WEBSOCKET_VERSION))) {
      FullHttpResponse res = response(HttpResponseStatus.UPGRADE_REQUIRED, "Unsupported version");
      res.headers().set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, "13");
      send(ctx, request, res);
      return;
    }
    if (!config.originCheck().test(h.get(HttpHeaderNames.ORIGIN))) {
      refuse(ctx, request, HttpResponseStatus.FORBIDDEN, "Origin not allowed");
      return;
    }
    String subprotocol = chooseSubprotocol(h);
    FullHttpResponse res =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS);
    res.headers()
        .set(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET)
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE)
        .set(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT, HandshakeKeys.accept(key));
    if (subprotocol != null) {
      res.headers().set(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL, subprotocol);
    }
    WebSocketDecoderConfig decoderConfig = config.decoderConfig();
    PerMessageDeflateHandler deflate = null;
    if (config.perMessageDeflate() != null) {
      DeflateNegotiation.Accepted accepted =
          DeflateNegotiation.serverAccept(
              h.getAll(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS), config.perMessageDeflate());
      if (accepted != null) {
        res.headers().set(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, accepted.response());
        deflate =
            new PerMessageDeflateHandler(
                accepted.params(),
                decoderConfig.maxMessagePayloadLength(),
                decoderConfig.validateUtf8());
        decoderConfig = decoderConfig.withAllowExtensions(true);
      }
    }
    ctx.writeAndFlush(res);
    WebSocketFrameDecoder decoder = new WebSocketFrameDecoder(decoderConfig);
    HttpHandlers.replaceWithWebSocket(
        ctx.pipeline(), ctx, WebSocketFrameEncoder.forServer(), decoder, deflate);
    session.start(decoder);
    if (handshakeTimer != null) {
      handshakeTimer.cancel(false);
      handshakeTimer = null;
    }
    ctx.fireUserEventTriggered(new HandshakeComplete(request.uri(), h.copy(), subprotocol));
  }

  private String chooseSubprotocol(HttpHeaders h) {
    for (String offered : h.getAll(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL)) {
      int start = 0;
      while (start <= offered.length()) {
        int comma = offered.indexOf(',', start);
        int end = comma < 0 ? offered.length() : comma;
        String name = offered.substring(start, end).trim();
        if (config.subprotocols().contains(name)) {
          return name;
        }
        start = end + 1;
      }
    }
    return null;
  }

  private static FullHttpResponse response(HttpResponseStatus status, String text) {
    FullHttpResponse res =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, status, Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
    res.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=us-ascii")
        .setInt(HttpHeaderNames.CONTENT_LENGTH, res.content().readableBytes());
    return res;
  }

  private static void refuse(
      ChannelHandlerContext ctx, FullHttpRequest request, HttpResponseStatus status, String text) {
    send(ctx, request, response(status, text));
  }

  private static void send(ChannelHandlerContext ctx, FullHttpRequest request, FullHttpResponse r) {
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    HttpUtil.setKeepAlive(r, keepAlive);
    var f = ctx.writeAndFlush(r);
    if (!keepAlive) {
      f.addListener(x -> ctx.close());
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (session.isStarted() && msg instanceof CloseWebSocketFrame) {
      Promise<Void> p = VoidChannelPromise.unvoid(promise);
      if (session.onWrite(ctx, msg, p)) {
        ctx.write(msg, p);
      }
      return;
    }
    ctx.write(msg, promise);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
    if (session.isStarted()) {
      session.onFailure(ctx, cause);
    }
    ctx.fireExceptionCaught(cause);
  }
}
