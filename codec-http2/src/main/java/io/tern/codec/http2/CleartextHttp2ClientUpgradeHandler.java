package io.tern.codec.http2;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http2.internal.H2cClientUpgradeHandler;
import io.tern.transport.channel.ChannelHandler;
import java.util.Objects;

/**
 * The client side of the h2c upgrade (RFC 7540, section 3.2): put it right after an {@code
 * HttpClientCodec}; the connection starts as HTTP/1.1 and asks, with its first request, to go on as
 * HTTP/2.
 *
 * <pre>{@code
 * ch.pipeline().addLast(
 *     new HttpClientCodec(),
 *     CleartextHttp2ClientUpgradeHandler.builder()
 *         .http2(Http2MultiplexHandler.forClient())   // after the HTTP/2 codec, once upgraded
 *         .upgradeStream(new MyResponseHandler())     // stream 1's channel: the first response
 *         .build(),
 *     new MyHttp1Handler());                          // HTTP/1.1 until then, and if declined
 * ch.writeAndFlush(request);                          // GET without content: the upgrade request
 * }</pre>
 *
 * <p>The first {@code HttpRequest} written gets {@code Upgrade: h2c}, {@code HTTP2-Settings} (the
 * HTTP/2 codec's settings, base64url) and {@code Connection: Upgrade, HTTP2-Settings} added to what
 * it carries, and {@link UpgradeEvent#UPGRADE_ISSUED} is fired. If the answer is {@code 101
 * Switching Protocols} with {@code Upgrade: h2c}, the HTTP/1.1 handlers go (the {@code
 * HttpClientCodec} and every handler after this one), the {@link Http2FrameCodec} and the HTTP/2
 * handler take their place, the client preface and SETTINGS are sent, the request continues as
 * stream 1 (half-closed: its response comes as HTTP/2 frames) and {@link
 * UpgradeEvent#UPGRADE_SUCCESSFUL} is fired to the HTTP/2 handlers. With an {@link
 * Http2MultiplexHandler} as the HTTP/2 handler, stream 1 gets a stream channel whose pipeline holds
 * the {@link Builder#upgradeStream upgrade stream handler}; more streams are opened with an {@link
 * Http2StreamChannelBootstrap}. Any other final answer is the server declining: it reaches the
 * HTTP/1.1 handlers as usual, after {@link UpgradeEvent#UPGRADE_REJECTED}, and this handler leaves.
 *
 * <p>The upgrade request should have no content: a server may decline an upgrade whose request has
 * content (Tern's does), and then it is served over HTTP/1.1.
 *
 * <h2>Threading</h2>
 *
 * <p>One instance per channel, called on its event loop. The builder is not thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: the {@code 101} response is released, everything else
 * passes through.
 */
public interface CleartextHttp2ClientUpgradeHandler extends ChannelHandler {
  /** What happened to the upgrade, fired as a user event. */
  enum UpgradeEvent {
    /** The upgrade request was written. */
    UPGRADE_ISSUED,
    /** The server switched to h2c: the HTTP/2 handlers are in place. */
    UPGRADE_SUCCESSFUL,
    /** The server answered over HTTP/1.1: the connection stays HTTP/1.1. */
    UPGRADE_REJECTED
  }

  /**
   * Returns a builder.
   *
   * @return a builder
   */
  static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@link CleartextHttp2ClientUpgradeHandler}.
   *
   * <h2>Threading</h2>
   *
   * <p>Not thread-safe; build on one thread.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   */
  final class Builder {
    private Http2FrameCodecBuilder codec = Http2FrameCodec.forClient();
    private ChannelHandler http2Handler;
    private ChannelHandler upgradeStreamHandler;

    Builder() {}

    /**
     * Sets the handler after the HTTP/2 codec once upgraded (required): an {@link
     * Http2MultiplexHandler} or a handler of frames.
     *
     * @param handler the handler, or a {@code ChannelInitializer}
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder http2(ChannelHandler handler) {
      this.http2Handler = Objects.requireNonNull(handler, "handler");
      return this;
    }

    /**
     * Sets the handler of stream 1's channel, which reads the response to the upgrade request;
     * required when the HTTP/2 handler is an {@link Http2MultiplexHandler}, unused otherwise (the
     * frames of stream 1 reach the HTTP/2 handler).
     *
     * @param handler the handler, or a {@code ChannelInitializer}
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder upgradeStream(ChannelHandler handler) {
      this.upgradeStreamHandler = Objects.requireNonNull(handler, "handler");
      return this;
    }

    /**
     * Sets the builder of the HTTP/2 codec; default {@link Http2FrameCodec#forClient()}. Its
     * settings are the ones the upgrade request announces.
     *
     * @param codec a client codec's builder
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder codec(Http2FrameCodecBuilder codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
      return this;
    }

    /**
     * Builds the handler of one channel.
     *
     * @return the handler
     * @throws IllegalStateException if the HTTP/2 handler is missing, or the upgrade stream's
     *     handler when the HTTP/2 handler is a multiplexer
     */
    public CleartextHttp2ClientUpgradeHandler build() {
      if (http2Handler == null) {
        throw new IllegalStateException("the http2 handler is required");
      }
      if (http2Handler instanceof Http2MultiplexHandler && upgradeStreamHandler == null) {
        throw new IllegalStateException("a multiplexer needs the upgrade stream's handler");
      }
      return new H2cClientUpgradeHandler(codec, http2Handler, upgradeStreamHandler);
    }
  }
}
