package io.tern.codec.http2.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.tern.codec.http2.Http2FrameCodecBuilder;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;

/**
 * The implementation of {@link CleartextHttp2ServerUpgradeHandler}: looks at the first bytes of the
 * connection; the HTTP/2 client preface (prior knowledge) puts the HTTP/2 codec and handler in its
 * place, anything else the HTTP/1.1 codec, an {@link H2cUpgradeHandler} and the HTTP/1.1 handler.
 * Only the preface's 24 bytes are ever held, and only while they keep matching.
 *
 * <p>One per channel, event loop only.
 */
public final class CleartextServerHandler implements CleartextHttp2ServerUpgradeHandler {
  private final HttpDecoderConfig http1Config;
  private final ChannelHandler http1Handler;
  private final Http2FrameCodecBuilder codecBuilder;
  private final ChannelHandler http2Handler;

  private final boolean upgrade;

  private ByteBuf held;
  private boolean decided;

  private CleartextServerHandler(
      HttpDecoderConfig http1Config,
      ChannelHandler http1Handler,
      Http2FrameCodecBuilder codecBuilder,
      ChannelHandler http2Handler,
      boolean upgrade) {
    this.http1Config = http1Config;
    this.http1Handler = http1Handler;
    this.codecBuilder = codecBuilder;
    this.http2Handler = http2Handler;
    this.upgrade = upgrade;
  }

  /**
   * Creates the handler of one channel, taking prior knowledge and {@code Upgrade: h2c}.
   *
   * @param http1Config the HTTP/1.1 decoder's limits
   * @param http1Handler the handler after the HTTP/1.1 codec
   * @param codecBuilder builds the HTTP/2 codec
   * @param http2Handler the handler after the HTTP/2 codec
   * @return the handler
   */
  public static CleartextServerHandler withUpgrade(
      HttpDecoderConfig http1Config,
      ChannelHandler http1Handler,
      Http2FrameCodecBuilder codecBuilder,
      ChannelHandler http2Handler) {
    return new CleartextServerHandler(http1Config, http1Handler, codecBuilder, http2Handler, true);
  }

  /**
   * Creates the handler of one channel, taking prior knowledge only (no upgrade watcher on the
   * HTTP/1.1 side).
   *
   * @param http1Config the HTTP/1.1 decoder's limits
   * @param http1Handler the handler after the HTTP/1.1 codec
   * @param codecBuilder builds the HTTP/2 codec
   * @param http2Handler the handler after the HTTP/2 codec
   * @return the handler
   */
  public static CleartextServerHandler priorKnowledgeOnly(
      HttpDecoderConfig http1Config,
      ChannelHandler http1Handler,
      Http2FrameCodecBuilder codecBuilder,
      ChannelHandler http2Handler) {
    return new CleartextServerHandler(http1Config, http1Handler, codecBuilder, http2Handler, false);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (decided || !(msg instanceof ByteBuf buf)) {
      ctx.fireChannelRead(msg);
      return;
    }
    ByteBuf in;
    if (held == null) {
      in = buf;
    } else {
      held.writeBytes(buf);
      buf.release();
      in = held;
      held = null;
    }
    int n = Math.min(in.readableBytes(), Http2FrameTypes.PREFACE_LENGTH);
    boolean matches = true;
    for (int i = 0; i < n && matches; i++) {
      matches = in.getByte(in.readerIndex() + i) == Http2FrameTypes.prefaceByte(i);
    }
    if (matches && n < Http2FrameTypes.PREFACE_LENGTH) {
      held = ctx.alloc().buffer(Http2FrameTypes.PREFACE_LENGTH);
      held.writeBytes(in);
      in.release();
      return; // still could be either
    }
    decided = true;
    ChannelPipeline p = ctx.pipeline();
    if (matches) {
      ChannelHandler codec = codecBuilder.build();
      p.addAfter(ctx.name(), null, codec);
      p.addAfter(p.context(codec).name(), null, http2Handler);
    } else {
      HttpServerCodec http1Codec = new HttpServerCodec(http1Config);
      p.addAfter(ctx.name(), null, http1Codec);
      ChannelHandler last = http1Codec;
      if (upgrade) {
        last = new H2cUpgradeHandler(http1Codec, codecBuilder, http2Handler);
        p.addAfter(p.context(http1Codec).name(), null, last);
      }
      p.addAfter(p.context(last).name(), null, http1Handler);
    }
    ctx.fireChannelRead(in);
    if (!ctx.isRemoved()) { // the channel may have closed under the read
      p.remove(this);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    releaseHeld();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releaseHeld();
  }

  private void releaseHeld() {
    if (held != null) {
      held.release();
      held = null;
    }
  }
}
