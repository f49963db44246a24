package io.tern.codec.http2;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http2.internal.CleartextServerHandler;
import io.tern.transport.channel.ChannelHandler;
import java.util.Objects;

/**
 * One cleartext port for HTTP/1.1 and HTTP/2 (h2c): the first handler of a server channel's
 * pipeline, which looks at the connection's first bytes and sets the rest of the pipeline up.
 *
 * <ul>
 *   <li><b>Prior knowledge</b> (RFC 9113, section 3.3): the connection starts with the HTTP/2
 *       client preface. The pipeline becomes the {@link Http2FrameCodec} and the HTTP/2 handler.
 *   <li><b>HTTP/1.1</b>: anything else. The pipeline becomes an {@code HttpServerCodec}, a hidden
 *       handler watching for upgrades, and the HTTP/1.1 handler.
 *   <li><b>Upgrade</b> (RFC 7540, section 3.2): an HTTP/1.1 request with {@code Upgrade: h2c}, one
 *       {@code HTTP2-Settings} and {@code Connection: Upgrade, HTTP2-Settings}, without content, is
 *       answered {@code 101 Switching Protocols}; the HTTP/1.1 handlers are removed (the codec and
 *       every handler after it), the {@link Http2FrameCodec} and the HTTP/2 handler take their
 *       place, and the request reaches the HTTP/2 handler as an {@link Http2HeadersFrame} on stream
 *       1 with {@code endStream} set, to be answered on stream 1. A request with content is served
 *       over HTTP/1.1 (RFC 7540 allows a server to ignore an upgrade).
 * </ul>
 *
 * <pre>{@code
 * ch.pipeline().addLast(CleartextHttp2ServerUpgradeHandler.builder()
 *     .http1(new MyHttp1Handler())    // sees HttpRequest, HttpContent, ...
 *     .http2(new MyHttp2Handler())    // sees Http2HeadersFrame, Http2DataFrame, ...
 *     .build());
 * }</pre>
 *
 * <p>A {@code ChannelInitializer} given as either handler adds several handlers.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel (build one in the channel's initializer), called on its event loop. The
 * builder is not thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * Holds at most the first 24 bytes of the connection (the length of the preface) while they match
 * the preface; they go on to the chosen pipeline, or are released if the channel closes first.
 */
public interface CleartextHttp2ServerUpgradeHandler extends ChannelHandler {
  /**
   * Returns a builder.
   *
   * @return a builder
   */
  static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@link CleartextHttp2ServerUpgradeHandler}.
   *
   * <h2>Threading</h2>
   *
   * Not thread-safe; build on one thread.
   *
   * <h2>Ownership</h2>
   *
   * Holds no reference-counted objects.
   */
  final class Builder {
    private HttpDecoderConfig http1Config = HttpDecoderConfig.DEFAULT;
    private ChannelHandler http1Handler;
    private Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
    private ChannelHandler http2Handler;
    private boolean upgrade = true;

    Builder() {}

    /**
     * Sets the handler after the HTTP/1.1 codec (required).
     *
     * @param handler the handler, or a {@code ChannelInitializer}
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder http1(ChannelHandler handler) {
      this.http1Handler = Objects.requireNonNull(handler, "handler");
      return this;
    }

    /**
     * Sets the HTTP/1.1 decoder's limits; default {@link HttpDecoderConfig#DEFAULT}.
     *
     * @param config the limits
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder http1Config(HttpDecoderConfig config) {
      this.http1Config = Objects.requireNonNull(config, "config");
      return this;
    }

    /**
     * Sets the handler after the HTTP/2 codec (required).
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
     * Sets the builder of the HTTP/2 codec; default {@link Http2FrameCodec#forServer()}.
     *
     * @param codec a server codec's builder
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder codec(Http2FrameCodecBuilder codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
      return this;
    }

    /**
     * Serves HTTP/2 only to connections that start with the client preface (prior knowledge): an
     * HTTP/1.1 request asking for {@code Upgrade: h2c} is served over HTTP/1.1 like any other, and
     * no handler watches the HTTP/1.1 requests for upgrades, so they cost what they cost behind a
     * plain {@code HttpServerCodec}. The default also takes upgrades.
     *
     * @return this
     */
    @CanIgnoreReturnValue
    public Builder priorKnowledgeOnly() {
      this.upgrade = false;
      return this;
    }

    /**
     * Builds the handler of one channel.
     *
     * @return the handler
     * @throws IllegalStateException if a handler is missing
     */
    public CleartextHttp2ServerUpgradeHandler build() {
      if (http1Handler == null || http2Handler == null) {
        throw new IllegalStateException("both http1 and http2 handlers are required");
      }
      return upgrade
          ? CleartextServerHandler.withUpgrade(http1Config, http1Handler, codec, http2Handler)
          : CleartextServerHandler.priorKnowledgeOnly(
              http1Config, http1Handler, codec, http2Handler);
    }
  }
}
