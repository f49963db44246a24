package io.tern.codec.http2;

import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http2.internal.WebSocketStreamHandler;
import io.tern.transport.channel.ChannelHandler;
import java.util.Objects;

/**
 * A WebSocket over one HTTP/2 stream (RFC 8441, "extended CONNECT"): put it in an {@link
 * Http2StreamChannel}'s pipeline; once the stream's handshake is done, the stream channel carries
 * WebSocket frames through the same frame decoder and encoder as a WebSocket over HTTP/1.1 ({@code
 * io.tern.codec.http.websocket}), and the WebSocket handler given here reads and writes {@code
 * WebSocketFrame}s.
 *
 * <pre>{@code
 * // Server: the codec must announce SETTINGS_ENABLE_CONNECT_PROTOCOL.
 * Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
 * codec.initialSettings().put(Http2Settings.ENABLE_CONNECT_PROTOCOL, 1);
 * ch.pipeline().addLast(codec.build(), Http2MultiplexHandler.of(new ChannelInitializer<Http2StreamChannel>() {
 *   protected void initChannel(Http2StreamChannel stream) {
 *     stream.pipeline().addLast(Http2WebSocketProtocolHandler.forServer("/chat", new MyWebSocketHandler()));
 *   }
 * }));
 *
 * // Client: a stream channel per WebSocket, once the server's SETTINGS have arrived.
 * new Http2StreamChannelBootstrap(connection)
 *     .handler(Http2WebSocketProtocolHandler.forClient("example.com", "/chat", new MyWebSocketHandler()))
 *     .open();
 * }</pre>
 *
 * <p><b>Server.</b> The stream's request must be {@code CONNECT} with {@code :protocol} {@code
 * websocket}, the handler's path and {@code sec-websocket-version: 13}; the codec refuses {@code
 * :protocol} on a connection that did not announce {@code SETTINGS_ENABLE_CONNECT_PROTOCOL} (the
 * stream is reset). A request for another protocol is answered {@code 501}, another path {@code
 * 404}, another version {@code 400} with {@code sec-websocket-version: 13}, each ending the stream.
 * An accepted one is answered {@code 200} without ending the stream. <b>Client.</b> When the stream
 * channel is active the handler sends that request ({@code :scheme https} when the connection has
 * an {@code SslHandler}); the codec fails it if the server has not announced the setting. A status
 * other than {@code 200} fires a {@code WebSocketHandshakeException} and closes the stream channel.
 *
 * <p>On success the handler replaces itself with an adapter between {@code DATA} frames and bytes,
 * a {@code WebSocketFrameDecoder} (masked frames expected by a server, refused by a client), a
 * {@code WebSocketFrameEncoder} (a client masks) and the WebSocket handler, then fires {@link
 * Event#HANDSHAKE_COMPLETE} to it. Closing the stream channel ends the stream ({@code END_STREAM},
 * RFC 8441 section 5's orderly close) and the channel closes when the peer has ended its side too;
 * closing it again resets the stream. Control frames (ping, close) are the WebSocket handler's to
 * answer.
 *
 * <h2>Threading</h2>
 *
 * <p>One instance per stream channel, called on its event loop; the WebSocket handler given is
 * added to that one channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: frames read before the handshake ends are released, the
 * WebSocket frames afterwards belong to the WebSocket handler.
 */
public interface Http2WebSocketProtocolHandler extends ChannelHandler {
  /** User events this handler fires. */
  enum Event {
    /** The handshake succeeded; WebSocket frames follow. */
    HANDSHAKE_COMPLETE
  }

  /**
   * Returns the server side for one path.
   *
   * @param path the {@code :path} accepted
   * @param webSocketHandler the handler of the WebSocket frames
   * @return a new handler for one stream channel
   */
  static Http2WebSocketProtocolHandler forServer(String path, ChannelHandler webSocketHandler) {
    return new WebSocketStreamHandler(
        true,
        null,
        Objects.requireNonNull(path, "path"),
        WebSocketDecoderConfig.forServer(),
        Objects.requireNonNull(webSocketHandler, "webSocketHandler"));
  }

  /**
   * Returns the client side.
   *
   * @param authority the {@code :authority} (host and port)
   * @param path the {@code :path}
   * @param webSocketHandler the handler of the WebSocket frames
   * @return a new handler for one stream channel
   */
  static Http2WebSocketProtocolHandler forClient(
      String authority, String path, ChannelHandler webSocketHandler) {
    return new WebSocketStreamHandler(
        false,
        Objects.requireNonNull(authority, "authority"),
        Objects.requireNonNull(path, "path"),
        WebSocketDecoderConfig.forClient(),
        Objects.requireNonNull(webSocketHandler, "webSocketHandler"));
  }
}
