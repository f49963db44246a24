package io.tern.codec.http2.internal;

import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http2.CleartextHttp2ClientUpgradeHandler;
import io.tern.codec.http2.Http2FrameCodecBuilder;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.util.List;

/**
 * The implementation of {@link CleartextHttp2ClientUpgradeHandler}: adds the upgrade's fields to
 * the first request, waits for its answer, and on {@code 101} replaces the HTTP/1.1 handlers by the
 * HTTP/2 codec and handler (see the interface).
 *
 * <p>One per channel, event loop only.
 */
public final class H2cClientUpgradeHandler implements CleartextHttp2ClientUpgradeHandler {
  private enum State {
    /** No request written yet. */
    IDLE,
    /** The upgrade request is written; its answer decides. */
    ISSUED,
    /** {@code 101} received; switching at the end of that response. */
    SWITCHING,
    /** Declined: everything passes through. */
    DONE
  }

  private static final String CONNECTION_TOKENS = "Upgrade, HTTP2-Settings";

  private final Http2FrameCodecBuilder codecBuilder;
  private final ChannelHandler http2Handler;
  private final ChannelHandler upgradeStreamHandler;
  private State state = State.IDLE;

  /**
   * Creates the handler of one channel.
   *
   * @param codecBuilder builds the client codec; its settings are announced in the request
   * @param http2Handler the handler after the codec
   * @param upgradeStreamHandler stream 1's handler when {@code http2Handler} is a multiplexer
   */
  public H2cClientUpgradeHandler(
      Http2FrameCodecBuilder codecBuilder,
      ChannelHandler http2Handler,
      ChannelHandler upgradeStreamHandler) {
    this.codecBuilder = codecBuilder;
    this.http2Handler = http2Handler;
    this.upgradeStreamHandler = upgradeStreamHandler;
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (state != State.IDLE || !(msg instanceof HttpRequest request)) {
      ctx.write(msg, promise);
      return;
    }
    state = State.ISSUED;
    HttpHeaders h = request.headers();
    h.set(HttpHeaderNames.UPGRADE, "h2c");
    h.set("HTTP2-Settings", UpgradeSettings.encode(codecBuilder.initialSettings()));
    String connection = h.get(HttpHeaderNames.CONNECTION);
    h.set(
        HttpHeaderNames.CONNECTION,
        connection == null || connection.isBlank()
            ? CONNECTION_TOKENS
            : connection + ", " + CONNECTION_TOKENS);
    ctx.write(msg, promise);
    ctx.fireUserEventTriggered(UpgradeEvent.UPGRADE_ISSUED);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (state == State.SWITCHING) {
      boolean last = msg instanceof LastHttpContent;
      if (last) {
        ReferenceCountUtil.release(msg);
        upgrade(ctx);
      } else {
        // The end of the 101 should come first; anything else is already the new protocol.
        upgrade(ctx);
        ctx.fireChannelRead(msg);
      }
      return;
    }
    if (state == State.ISSUED && msg instanceof HttpResponse response) {
      int status = response.status().code();
      if (status == 101 && response.headers().containsValue(HttpHeaderNames.UPGRADE, "h2c", true)) {
        state = State.SWITCHING;
        boolean last = msg instanceof LastHttpContent;
        ReferenceCountUtil.release(msg);
        if (last) {
          upgrade(ctx);
        }
        return;
      }
      if (status >= 200 || status == 101) {
        state = State.DONE;
        ctx.fireUserEventTriggered(UpgradeEvent.UPGRADE_REJECTED);
        ctx.fireChannelRead(msg);
        ctx.pipeline().remove(this);
        return;
      }
    }
    ctx.fireChannelRead(msg);
  }

  private void upgrade(ChannelHandlerContext ctx) {
    state = State.DONE;
    ChannelPipeline p = ctx.pipeline();
    List<String> names = p.names();
    for (int i = names.indexOf(ctx.name()) + 1; i < names.size(); i++) {
      if (p.get(names.get(i)) != null) {
        p.remove(names.get(i)); // the HTTP/1.1 application
      }
    }
    FrameCodecHandler codec = (FrameCodecHandler) codecBuilder.build();
    if (codec.isServer()) {
      throw new IllegalStateException("the h2c upgrade client needs a client codec");
    }
    p.addAfter(ctx.name(), null, codec); // writes the preface and SETTINGS
    p.addAfter(p.context(codec).name(), null, http2Handler);
    codec.upgrade(null, null);
    if (http2Handler instanceof MultiplexHandler mux) {
      mux.upgradedStream(upgradeStreamHandler);
    }
    ctx.fireUserEventTriggered(UpgradeEvent.UPGRADE_SUCCESSFUL);
    // Bytes the HTTP/1.1 codec holds beyond the 101 (the server's SETTINGS, stream 1's response)
    // go on to the HTTP/2 codec as the HTTP/1.1 codec leaves.
    for (String name : p.names()) {
      if (p.get(name) instanceof HttpClientCodec http1) {
        p.remove(http1);
        break;
      }
    }
    if (!ctx.isRemoved()) {
      p.remove(this);
    }
  }
}
