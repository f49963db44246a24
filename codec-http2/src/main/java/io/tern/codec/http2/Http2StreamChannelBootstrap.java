package io.tern.codec.http2;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http2.internal.MultiplexHandler;
import io.tern.common.AttributeKey;
import io.tern.common.concurrent.Future;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Opens streams on an HTTP/2 connection as {@link Http2StreamChannel}s: the connection's channel
 * needs an {@link Http2FrameCodec} and an {@link Http2MultiplexHandler} in its pipeline.
 *
 * <pre>{@code
 * Http2StreamChannelBootstrap streams =
 *     new Http2StreamChannelBootstrap(connection).handler(new MyResponseHandler());
 * Http2StreamChannel stream = streams.open().sync().getNow();
 * stream.writeAndFlush(new Http2HeadersFrame(requestHeaders, true)); // opens stream 1, 3, ...
 * }</pre>
 *
 * <p>{@link #open()} creates the channel on the connection's event loop, applies the options and
 * attributes, adds the handler and registers it; the stream itself opens, and gets its id, when the
 * channel's first {@link Http2HeadersFrame} reaches the codec. A stream the peer refuses (its
 * concurrency limit, a {@code GOAWAY}) fails that write and closes the channel.
 *
 * <h2>Threading</h2>
 *
 * <p>Configure on one thread; {@link #open()} may then be called from any thread, any number of
 * times.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class Http2StreamChannelBootstrap {
  private final Channel parent;
  private final Map<ChannelOption<?>, Object> options = new LinkedHashMap<>();
  private final Map<AttributeKey<?>, Object> attributes = new LinkedHashMap<>();
  private ChannelHandler handler;

  /**
   * Creates a bootstrap for streams of one connection.
   *
   * @param parent the connection's channel
   */
  public Http2StreamChannelBootstrap(Channel parent) {
    this.parent = Objects.requireNonNull(parent, "parent");
  }

  /**
   * Sets the handler added to each new stream channel's pipeline.
   *
   * @param handler the handler (an initializer, or one handler per {@link #open()})
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2StreamChannelBootstrap handler(ChannelHandler handler) {
    this.handler = Objects.requireNonNull(handler, "handler");
    return this;
  }

  /**
   * Sets an option of each new stream channel.
   *
   * @param option the option
   * @param value its value, or {@code null} to remove it
   * @param <T> the value's type
   * @return this
   */
  @CanIgnoreReturnValue
  public <T> Http2StreamChannelBootstrap option(ChannelOption<T> option, T value) {
    Objects.requireNonNull(option, "option");
    if (value == null) {
      options.remove(option);
    } else {
      options.put(option, value);
    }
    return this;
  }

  /**
   * Sets an attribute of each new stream channel.
   *
   * @param key the key
   * @param value its value, or {@code null} to remove it
   * @param <T> the value's type
   * @return this
   */
  @CanIgnoreReturnValue
  public <T> Http2StreamChannelBootstrap attr(AttributeKey<T> key, T value) {
    Objects.requireNonNull(key, "key");
    if (value == null) {
      attributes.remove(key);
    } else {
      attributes.put(key, value);
    }
    return this;
  }

  /**
   * Creates, configures and registers a new stream channel.
   *
   * @return completed with the channel once registered, or failed (no multiplexer in the parent's
   *     pipeline, the connection closed, a server's connection)
   */
  public Future<Http2StreamChannel> open() {
    if (handler == null) {
      throw new IllegalStateException("handler not set");
    }
    return MultiplexHandler.openStream(
        parent, handler, new LinkedHashMap<>(options), new LinkedHashMap<>(attributes));
  }
}
