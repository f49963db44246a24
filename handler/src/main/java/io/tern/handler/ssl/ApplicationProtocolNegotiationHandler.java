package io.tern.handler.ssl;

import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.util.ArrayDeque;
import java.util.Objects;

/**
 * Sets a TLS channel's pipeline up once the handshake has chosen the application protocol (ALPN):
 * placed after the {@link SslHandler}, it waits for the {@link SslHandshakeCompletionEvent}, asks
 * the {@link SslHandler} which protocol was selected (the fallback when the peer offered none) and
 * lets a {@link Configurator} add that protocol's handlers, then removes itself.
 *
 * <pre>{@code
 * ch.pipeline().addLast(sslContext.newHandler(),
 *     ApplicationProtocolNegotiationHandler.of("http/1.1", (pipeline, protocol) -> {
 *       if (protocol.equals("h2")) {
 *         pipeline.addLast(Http2FrameCodec.forServer().build(), new MyHttp2Handler());
 *       } else {
 *         pipeline.addLast(new HttpServerCodec(), new MyHttp1Handler());
 *       }
 *     }));
 * }</pre>
 *
 * <p>Messages that arrive before the pipeline is set up (none normally: the handshake completes
 * before any application data is decrypted) are kept and passed on to the new handlers, in order. A
 * failed handshake closes the channel; so does a {@link Configurator} that throws.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel, called on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Holds the messages read before the pipeline is set up, until it passes them on; releases them if
 * the channel closes first.
 */
public final class ApplicationProtocolNegotiationHandler implements ChannelHandler {
  /** Adds the handlers of the negotiated protocol. */
  @FunctionalInterface
  public interface Configurator {
    /**
     * Adds the handlers that speak the protocol, with {@code pipeline.addLast}.
     *
     * @param pipeline the channel's pipeline
     * @param protocol the ALPN protocol chosen, or the fallback
     * @throws Exception to close the channel
     */
    void configure(ChannelPipeline pipeline, String protocol) throws Exception;
  }

  private final String fallback;
  private final Configurator configurator;
  private final ArrayDeque<Object> pending = new ArrayDeque<>();
  private boolean configured;

  private ApplicationProtocolNegotiationHandler(String fallback, Configurator configurator) {
    this.fallback = Objects.requireNonNull(fallback, "fallback");
    this.configurator = Objects.requireNonNull(configurator, "configurator");
  }

  /**
   * Creates the handler of one channel.
   *
   * @param fallback the protocol assumed when the peer did not use ALPN, e.g. {@code "http/1.1"}
   * @param configurator adds the handlers of the chosen protocol
   * @return the handler
   */
  public static ApplicationProtocolNegotiationHandler of(
      String fallback, Configurator configurator) {
    return new ApplicationProtocolNegotiationHandler(fallback, configurator);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (configured) {
      ctx.fireChannelRead(msg);
    } else {
      pending.add(msg);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (configured) {
      ctx.fireChannelReadComplete();
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof SslHandshakeCompletionEvent done && !configured) {
      if (!done.isSuccess()) {
        releasePending();
        ctx.fireUserEventTriggered(evt);
        ctx.close();
        return;
      }
      configured = true;
      String protocol = null;
      for (String name : ctx.pipeline().names()) {
        if (ctx.pipeline().get(name) instanceof SslHandler ssl) {
          protocol = ssl.applicationProtocol();
          break;
        }
      }
      try {
        configurator.configure(ctx.pipeline(), protocol == null ? fallback : protocol);
      } catch (Exception e) {
        releasePending();
        ctx.fireExceptionCaught(e);
        ctx.close();
        return;
      }
      ctx.fireUserEventTriggered(evt);
      boolean any = !pending.isEmpty();
      Object m;
      while ((m = pending.poll()) != null) {
        ctx.fireChannelRead(m);
      }
      if (any) {
        ctx.fireChannelReadComplete();
      }
      ctx.pipeline().remove(this);
      return;
    }
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releasePending();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releasePending();
  }

  private void releasePending() {
    Object m;
    while ((m = pending.poll()) != null) {
      ReferenceCountUtil.release(m);
    }
  }
}
