package io.tern.codec.http2.internal;

import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http2.Http2FrameCodecBuilder;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2Settings;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.util.List;

/**
 * Watches the requests an {@link HttpServerCodec} decodes for an upgrade to h2c (RFC 7540, section
 * 3.2) and takes it: answers {@code 101 Switching Protocols}, replaces the HTTP/1.1 handlers (the
 * codec and everything after this handler) by an HTTP/2 codec and the HTTP/2 handler, and hands the
 * request to them as stream 1. Other requests pass through untouched.
 *
 * <p>An upgrade is taken when the request names {@code h2c} in {@code Upgrade}, carries exactly one
 * valid {@code HTTP2-Settings} that {@code Connection} names too, and has no content (an upgrade
 * with a body would have to be buffered whole; RFC 7540 lets a server ignore the upgrade, and then
 * the request is served over HTTP/1.1).
 *
 * <p>One per channel, event loop only.
 */
final class H2cUpgradeHandler implements ChannelHandler {
  private final HttpServerCodec http1Codec;
  private final Http2FrameCodecBuilder codecBuilder;
  private final ChannelHandler http2Handler;

  /** The request being upgraded, until its {@link LastHttpContent} arrives. */
  private Http2Headers upgrading;

  private Http2Settings upgradingSettings;

  H2cUpgradeHandler(
      HttpServerCodec http1Codec,
      Http2FrameCodecBuilder codecBuilder,
      ChannelHandler http2Handler) {
    this.http1Codec = http1Codec;
    this.codecBuilder = codecBuilder;
    this.http2Handler = http2Handler;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (upgrading != null) {
      // The request's end: nothing else belongs to it (it has no content).
      boolean last = msg instanceof LastHttpContent;
      ReferenceCountUtil.release(msg);
      if (last) {
        upgrade(ctx);
      }
      return;
    }
    if (msg instanceof HttpRequest request && request.decoderResult().isSuccess()) {
      Http2Settings settings = upgradeSettings(request);
      if (settings != null) {
        Http2Headers headers;
        try {
          headers = Http1RequestHeaders.of(request, "http");
        } catch (IllegalArgumentException e) {
          ctx.fireChannelRead(msg); // not expressible in HTTP/2: served over HTTP/1.1
          return;
        }
        upgrading = headers;
        upgradingSettings = settings;
        boolean full = msg instanceof FullHttpRequest;
        ReferenceCountUtil.release(msg);
        if (full) {
          upgrade(ctx);
        }
        return;
      }
    }
    ctx.fireChannelRead(msg);
  }

  /** Returns the client's settings if the request asks for h2c as this handler can take it. */
  private static Http2Settings upgradeSettings(HttpRequest request) {
    if (!HttpUtil.isUpgradeRequest(request)) {
      return null; // most requests: answered without building the request's header map
    }
    HttpHeaders h = request.headers();
    if (!h.containsValue(HttpHeaderNames.UPGRADE, "h2c", true)
        || !h.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)
        || !h.containsValue(HttpHeaderNames.CONNECTION, "http2-settings", true)
        || h.contains(HttpHeaderNames.TRANSFER_ENCODING)
        || h.getLong(HttpHeaderNames.CONTENT_LENGTH, 0) != 0) {
      return null;
    }
    List<String> values = h.getAll("http2-settings");
    if (values.size() != 1) {
      return null;
    }
    try {
      return UpgradeSettings.decode(values.get(0));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private void upgrade(ChannelHandlerContext ctx) {
    Http2Headers request = upgrading;
    Http2Settings settings = upgradingSettings;
    upgrading = null;
    upgradingSettings = null;

    DefaultFullHttpResponse switching =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS);
    switching.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
    switching.headers().set(HttpHeaderNames.UPGRADE, "h2c");
    ctx.writeAndFlush(switching);

    ChannelPipeline p = ctx.pipeline();
    // The HTTP/1.1 handlers after this one go; the HTTP/2 ones take their place.
    List<String> names = p.names();
    for (int i = names.indexOf(ctx.name()) + 1; i < names.size(); i++) {
      if (p.get(names.get(i)) != null) {
        p.remove(names.get(i));
      }
    }
    FrameCodecHandler codec = (FrameCodecHandler) codecBuilder.build();
    p.addAfter(ctx.name(), null, codec);
    p.addAfter(p.context(codec).name(), null, http2Handler);
    codec.upgrade(settings, request);
    // Bytes the HTTP/1.1 codec holds beyond the request (the preface, if the client did not wait)
    // go on to the HTTP/2 codec as the HTTP/1.1 codec leaves.
    p.remove(http1Codec);
    if (!ctx.isRemoved()) {
      p.remove(this);
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    upgrading = null;
    upgradingSettings = null;
  }
}
