package io.tern.codec.http2.internal;

import io.tern.codec.http.websocket.PerMessageDeflateAgreement;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
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
import java.util.ArrayList;
import java.util.List;

/**
 * The implementation of {@link Http2WebSocketProtocolHandler}: the extended CONNECT handshake of
 * one stream (RFC 8441, section 4), then the WebSocket pipeline in its place. permessage-deflate
 * (RFC 7692) is negotiated in {@code sec-websocket-extensions} as over HTTP/1.1 (RFC 8441, section
 * 5, keeps the field and its meaning), by {@link PerMessageDeflateAgreement}.
 *
 * <p>One instance per stream channel, on its event loop.
 */
public final class WebSocketStreamHandler implements Http2WebSocketProtocolHandler {
  private static final String WEBSOCKET = "websocket";
  private static final String VERSION_HEADER = "sec-websocket-version";
  private static final String VERSION = "13";
  private static final String EXTENSIONS_HEADER = "sec-websocket-extensions";

  private final boolean server;
  private final String authority;
  private final String path;
  private final WebSocketDecoderConfig decoderConfig;
  private final PerMessageDeflateConfig deflate;
  private final ChannelHandler webSocketHandler;
  private boolean requested;

  /**
   * Creates the handler of one stream channel.
   *
   * @param server {@code true} for the server side
   * @param authority the client's {@code :authority} ({@code null} on a server)
   * @param path the {@code :path} sent or accepted
   * @param decoderConfig the WebSocket decoder's rules and limits
   * @param deflate what is offered (client) or accepted (server) of permessage-deflate, or {@code
   *     null} for none
   * @param webSocketHandler the handler of the WebSocket frames
   */
  public WebSocketStreamHandler(
      boolean server,
      String authority,
      String path,
      WebSocketDecoderConfig decoderConfig,
      PerMessageDeflateConfig deflate,
      ChannelHandler webSocketHandler) {
    this.server = server;
    this.authority = authority;
    this.path = path;
    this.decoderConfig = decoderConfig;
    this.deflate = deflate;
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
    if (deflate != null) {
      h.add(EXTENSIONS_HEADER, PerMessageDeflateAgreement.clientOffer(deflate));
    }
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
      PerMessageDeflateAgreement agreed;
      try {
        agreed = clientAgreement(extensions(h));
      } catch (WebSocketHandshakeException e) {
        ctx.fireExceptionCaught(e);
        ctx.close();
        return;
      }
      install(ctx, agreed);
    } else if (status == null || status.charAt(0) != '1') {
      ctx.fireExceptionCaught(
          new WebSocketHandshakeException(
              "the server answered the WebSocket CONNECT with " + status));
      ctx.close();
    }
  }

  private PerMessageDeflateAgreement clientAgreement(List<String> answers) {
    if (answers.isEmpty()) {
      return null;
    }
    if (deflate == null) {
      throw new WebSocketHandshakeException("server chose an extension that was not offered");
    }
    return PerMessageDeflateAgreement.clientAccept(answers, deflate);
  }

  private static List<String> extensions(Http2Headers h) {
    List<CharSequence> values = h.getAll(EXTENSIONS_HEADER);
    List<String> out = new ArrayList<>(values.size());
    for (CharSequence v : values) {
      out.add(v.toString());
    }
    return out;
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
    Http2Headers ok = new Http2Headers().status("200");
    PerMessageDeflateAgreement agreed =
        deflate == null
            ? null
            : PerMessageDeflateAgreement.serverAccept(extensions(request), deflate);
    if (agreed != null) {
      ok.add(EXTENSIONS_HEADER, agreed.response());
    }
    ctx.writeAndFlush(new Http2HeadersFrame(ok, false));
    install(ctx, agreed);
  }

  private void install(ChannelHandlerContext ctx, PerMessageDeflateAgreement agreed) {
    ChannelPipeline p = ctx.pipeline();
    StreamBytesHandler bytes = new StreamBytesHandler();
    WebSocketFrameDecoder decoder =
        new WebSocketFrameDecoder(
            agreed == null ? decoderConfig : decoderConfig.withAllowExtensions(true));
    WebSocketFrameEncoder encoder =
        server ? WebSocketFrameEncoder.forServer() : WebSocketFrameEncoder.forClient();
    p.addAfter(ctx.name(), null, bytes);
    p.addAfter(p.context(bytes).name(), null, decoder);
    p.addAfter(p.context(decoder).name(), null, encoder);
    ChannelHandler last = encoder;
    if (agreed != null) {
      // After the codec, before the application: frames in, frames out.
      last = agreed.newHandler(decoderConfig);
      p.addAfter(p.context(encoder).name(), null, last);
    }
    p.addAfter(p.context(last).name(), null, webSocketHandler);
    ctx.fireUserEventTriggered(Event.HANDSHAKE_COMPLETE);
    p.remove(this);
  }
}
