package io.tern.codec.http2.internal;

import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketFrameDecoder;
import io.tern.codec.http.websocket.WebSocketFrameEncoder;
import io.tern.codec.http.websocket.WebSocketHandshakeException;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2WebSocketProtocolHandler;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;

/**
 * The implementation of {@link Http2WebSocketProtocolHandler}: the extended CONNECT handshake of
 * one stream (RFC 8441, section 4), then the WebSocket pipeline in its place.
 *
 * <p>One instance per stream channel, on its event loop.
 */
public final class WebSocketStreamHandler implements Http2WebSocketProtocolHandler {
  private static final String WEBSOCKET = "websocket";
  private static final String VERSION_HEADER = "sec-websocket-version";
  private static final String VERSION = "13";

  private final boolean server;
  private final String authority;
  private final String path;
  private final WebSocketDecoderConfig decoderConfig;
  private final ChannelHandler webSocketHandler;
  private boolean requested;

  /**
   * Creates the handler of one stream channel.
   *
   * @param server {@code true} for the server side
   * @param authority the client's {@code :authority} ({@code null} on a server)
   * @param path the {@code :path} sent or accepted
   * @param decoderConfig the WebSocket decoder's rules and limits
   * @param webSocketHandler the handler of the WebSocket frames
   */
  public WebSocketStreamHandler(
      boolean server,
      String authority,
      String path,
      WebSocketDecoderConfig decoderConfig,
      ChannelHandler webSocketHandler) {
    this.server = server;
    this.authority = authority;
    this.path = path;
    this.decoderConfig = decoderConfig;
    this.webSocketHandler = webSocketHandler;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (!server && ctx.channel().isActive() && ctx.channel().isRegistered()) {
      request(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    if (!server) {
      request(ctx);
    }
    ctx.fireChannelActive();
  }

  private void request(ChannelHandlerContext ctx) {
    if (requested) {
      return;
    }
    requested = true;
    Http2Headers h =
        new Http2Headers()
            .method("CONNECT")
            .add(Http2Headers.PROTOCOL, WEBSOCKET)
            .scheme(scheme(ctx.channel()))
            .path(path)
            .authority(authority)
            .add(VERSION_HEADER, VERSION);
    ctx.writeAndFlush(new Http2HeadersFrame(h, false))
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                ctx.fireExceptionCaught(f.cause());
                ctx.close();
              }
            });
  }

  private static String scheme(Channel stream) {
    Channel connection = stream.parent();
    if (connection != null) {
      for (String name : connection.pipeline().names()) {
        if (connection.pipeline().get(name) instanceof SslHandler) {
          return "https";
        }
      }
    }
    return "http";
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof Http2HeadersFrame frame)) {
      ReferenceCountUtil.release(msg); // nothing but the handshake's HEADERS belongs here yet
      return;
    }
    Http2Headers h = frame.headers();
    if (server) {
      accept(ctx, h);
      return;
    }
    CharSequence status = h.status();
    if (status != null && AsciiString.contentEquals("200", status)) {
      install(ctx);
    } else if (status == null || status.charAt(0) != '1') {
      ctx.fireExceptionCaught(
          new WebSocketHandshakeException(
              "the server answered the WebSocket CONNECT with " + status));
      ctx.close();
    }
  }

  private void accept(ChannelHandlerContext ctx, Http2Headers request) {
    CharSequence method = request.method();
    CharSequence protocol = request.protocol();
    String refusal = null;
    Http2Headers answer = new Http2Headers();
    if (method == null
        || !AsciiString.contentEquals("CONNECT", method)
        || protocol == null
        || !AsciiString.contentEqualsIgnoreCase(WEBSOCKET, protocol)) {
      refusal = "501";
    } else if (!AsciiString.contentEquals(path, String.valueOf(request.path()))) {
      refusal = "404";
    } else {
      CharSequence version = request.get(VERSION_HEADER);
      if (version == null || !AsciiString.contentEquals(VERSION, version)) {
        refusal = "400";
        answer.add(VERSION_HEADER, VERSION);
      }
    }
    if (refusal != null) {
      answer.status(refusal);
      ctx.writeAndFlush(new Http2HeadersFrame(answer, true)); // pseudo-header fields go first
      return;
    }
    ctx.writeAndFlush(new Http2HeadersFrame(new Http2Headers().status("200"), false));
    install(ctx);
  }

  private void install(ChannelHandlerContext ctx) {
    ChannelPipeline p = ctx.pipeline();
    StreamBytesHandler bytes = new StreamBytesHandler();
    WebSocketFrameDecoder decoder = new WebSocketFrameDecoder(decoderConfig);
    WebSocketFrameEncoder encoder =
        server ? WebSocketFrameEncoder.forServer() : WebSocketFrameEncoder.forClient();
    p.addAfter(ctx.name(), null, bytes);
    p.addAfter(p.context(bytes).name(), null, decoder);
    p.addAfter(p.context(decoder).name(), null, encoder);
    p.addAfter(p.context(encoder).name(), null, webSocketHandler);
    ctx.fireUserEventTriggered(Event.HANDSHAKE_COMPLETE);
    p.remove(this);
  }
}
