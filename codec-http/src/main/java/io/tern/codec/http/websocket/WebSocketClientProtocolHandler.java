package io.tern.codec.http.websocket;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.websocket.internal.DeflateNegotiation;
import io.tern.codec.http.websocket.internal.DeflateParams;
import io.tern.codec.http.websocket.internal.HandshakeKeys;
import io.tern.codec.http.websocket.internal.HttpHandlers;
import io.tern.codec.http.websocket.internal.PerMessageDeflateHandler;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The client side of WebSocket (RFC 6455, version 13): sends the opening handshake when the channel
 * becomes active, checks the server's {@code 101}, takes the pipeline over from HTTP/1.1, then runs
 * the connection (automatic pongs, the close handshake with its timeout).
 *
 * <pre>{@code
 * ch.pipeline().addLast(
 *     new HttpClientCodec(),
 *     new HttpObjectAggregator(8192),
 *     new WebSocketClientProtocolHandler(WebSocketClientProtocolConfig.builder(uri).build()),
 *     new MyFrameHandler());
 * }</pre>
 *
 * <p>The request carries a fresh {@code Sec-WebSocket-Key} (16 bytes from a {@link
 * java.security.SecureRandom}). The answer must be {@code 101} with {@code Upgrade: websocket},
 * {@code Connection: upgrade}, the {@code Sec-WebSocket-Accept} matching the key, and either no
 * subprotocol or one that was offered, and no extension but a valid acceptance of the
 * permessage-deflate offer when the config makes one ({@link PerMessageDeflateConfig}); anything
 * else fails {@link #handshakeFuture()} with a {@link WebSocketHandshakeException} and closes the
 * channel. On success the handler puts a masking {@link WebSocketFrameEncoder} and a {@link
 * WebSocketFrameDecoder} where {@code HttpClientCodec} was, removes the HTTP handlers (frames the
 * server sent right behind the {@code 101} reach the new decoder), completes the future and fires
 * {@link ClientHandshakeComplete}.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop. {@link #handshakeFuture()} may be awaited
 * from any thread.
 *
 * <h2>Ownership</h2>
 *
 * Consumes (releases) the handshake response, pings, pongs when dropped and close frames; passes
 * every other message on to the next handler, which owns it.
 */
public final class WebSocketClientProtocolHandler implements ChannelHandler {
  private final WebSocketClientProtocolConfig config;
  private final WebSocketSession session;
  private Promise<Void> handshakePromise;
  private String key;
  private ScheduledFuture<?> handshakeTimer;

  /**
   * Creates a handler.
   *
   * @param config the URI, subprotocols, headers and timeouts
   */
  public WebSocketClientProtocolHandler(WebSocketClientProtocolConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.session =
        new WebSocketSession(
            false, config.autoPong(), config.dropPongs(), config.closeTimeoutMillis());
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
   * @param responseHeaders the {@code 101}'s headers
   * @param subprotocol the subprotocol the server chose, or {@code null}
   */
  public record ClientHandshakeComplete(HttpHeaders responseHeaders, String subprotocol) {}

  /**
   * Returns the future of the handshake: succeeded once the connection speaks WebSocket, failed
   * with a {@link WebSocketHandshakeException} (or the channel's closing) otherwise.
   *
   * @return the future; {@code null} before the handler was added to a pipeline
   */
  public Future<Void> handshakeFuture() {
    return handshakePromise;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    handshakePromise = ctx.newPromise();
    if (ctx.channel().isActive()) {
      sendHandshake(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    if (key == null) {
      sendHandshake(ctx);
    }
    ctx.fireChannelActive();
  }

  private void sendHandshake(ChannelHandlerContext ctx) {
    URI uri = config.uri();
    String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    if (uri.getRawQuery() != null) {
      path += "?" + uri.getRawQuery();
    }
    key = HandshakeKeys.newKey();
    FullHttpRequest req =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.buffer(0));
    boolean secure = "wss".equalsIgnoreCase(uri.getScheme());
    int port = uri.getPort();
    String host = uri.getHost();
    if (host != null && host.indexOf(':') >= 0) {
      host = "[" + host + "]";
    }
    boolean defaultPort = port < 0 || port == (secure ? 443 : 80);
    req.headers()
        .set(HttpHeaderNames.HOST, defaultPort ? host : host + ":" + port)
        .set(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET)
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE)
        .set(HttpHeaderNames.SEC_WEBSOCKET_KEY, key)
        .set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, "13");
    if (!config.subprotocols().isEmpty()) {
      req.headers()
          .set(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL, String.join(", ", config.subprotocols()));
    }
    if (config.origin() != null) {
      req.headers().set(HttpHeaderNames.ORIGIN, config.origin());
    }
    if (config.perMessageDeflate() != null) {
      req.headers()
          .set(
              HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS,
              DeflateNegotiation.clientOffer(config.perMessageDeflate()));
    }
    req.headers().add(config.extraHeaders());
    handshakeTimer =
        ctx.executor()
            .schedule(
                () ->
                    fail(
                        ctx,
                        "no handshake response within " + config.handshakeTimeoutMillis() + " ms"),
                config.handshakeTimeoutMillis(),
                TimeUnit.MILLISECONDS);
    ctx.writeAndFlush(req);
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
    if (msg instanceof FullHttpResponse response) {
      try {
        finishHandshake(ctx, response);
      } finally {
        response.release();
      }
      return;
    }
    ctx.fireChannelRead(msg);
  }

  private void finishHandshake(ChannelHandlerContext ctx, FullHttpResponse response) {
    HttpHeaders h = response.headers();
    if (!HttpResponseStatus.SWITCHING_PROTOCOLS.equals(response.status())) {
      fail(ctx, "expected 101 Switching Protocols, got " + response.status());
      return;
    }
    if (!h.containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)
        || !h.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)) {
      fail(ctx, "101 without Upgrade: websocket and Connection: upgrade");
      return;
    }
    if (!HandshakeKeys.accept(key).equals(h.get(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT))) {
      fail(ctx, "Sec-WebSocket-Accept does not match the key");
      return;
    }
    String subprotocol = h.get(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL);
    if (subprotocol != null && !config.subprotocols().contains(subprotocol)) {
      fail(ctx, "server chose a subprotocol that was not offered: " + subprotocol);
      return;
    }
    WebSocketDecoderConfig decoderConfig = config.decoderConfig();
    PerMessageDeflateHandler deflate = null;
    List<String> extensions = h.getAll(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS);
    if (!extensions.isEmpty()) {
      if (config.perMessageDeflate() == null) {
        fail(ctx, "server chose an extension that was not offered");
        return;
      }
      DeflateParams params;
      try {
        params = DeflateNegotiation.clientAccept(extensions, config.perMessageDeflate());
      } catch (IllegalArgumentException e) {
        fail(ctx, "bad permessage-deflate answer: " + e.getMessage());
        return;
      }
      if (params != null) {
        deflate =
            new PerMessageDeflateHandler(
                params, decoderConfig.maxMessagePayloadLength(), decoderConfig.validateUtf8());
        decoderConfig = decoderConfig.withAllowExtensions(true);
      }
    }
    cancelHandshakeTimer();
    WebSocketFrameDecoder decoder = new WebSocketFrameDecoder(decoderConfig);
    HttpHandlers.replaceWithWebSocket(
        ctx.pipeline(), ctx, WebSocketFrameEncoder.forClient(), decoder, deflate);
    session.start(decoder);
    handshakePromise.trySuccess(null);
    ctx.fireUserEventTriggered(new ClientHandshakeComplete(h.copy(), subprotocol));
  }

  private void fail(ChannelHandlerContext ctx, String message) {
    cancelHandshakeTimer();
    if (handshakePromise.tryFailure(new WebSocketHandshakeException(message))) {
      ctx.close();
    }
  }

  private void cancelHandshakeTimer() {
    if (handshakeTimer != null) {
      handshakeTimer.cancel(false);
      handshakeTimer = null;
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancelHandshakeTimer();
    session.stop();
    handshakePromise.tryFailure(new WebSocketHandshakeException("connection closed"));
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    cancelHandshakeTimer();
    session.stop();
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
