package io.tern.codec.http2;

import io.tern.codec.http2.internal.HttpStreamCodec;
import io.tern.transport.channel.ChannelHandler;

/**
 * Lets HTTP/1-style handlers serve or use one HTTP/2 stream: put it first in an {@link
 * Http2StreamChannel}'s pipeline, and the handlers after it read and write {@link
 * io.tern.codec.http.HttpRequest}, {@link io.tern.codec.http.HttpResponse}, {@link
 * io.tern.codec.http.HttpContent} and {@link io.tern.codec.http.LastHttpContent} (an {@link
 * io.tern.codec.http.HttpObjectAggregator} after it gives them full messages) instead of frames.
 *
 * <pre>{@code
 * Http2MultiplexHandler.of(new ChannelInitializer<Http2StreamChannel>() {
 *   protected void initChannel(Http2StreamChannel stream) {
 *     stream.pipeline().addLast(
 *         Http2StreamFrameToHttpObjectCodec.forServer(),
 *         new HttpObjectAggregator(1 << 20),
 *         new MyHttp1Handler()); // reads FullHttpRequest, writes FullHttpResponse
 *   }
 * })
 * }</pre>
 *
 * <p><b>Inbound.</b> The first {@link Http2HeadersFrame} becomes a request (server) or a response
 * (client): the method, target and {@code Host} from {@code :method}, {@code :path} and {@code
 * :authority}, or the status from {@code :status}; the other fields as they are, {@code cookie}
 * fields joined into one (RFC 9113, section 8.2.3); version HTTP/1.1. With {@code END_STREAM} it is
 * a full message without content; otherwise {@code transfer-encoding: chunked} is added when there
 * is no {@code content-length}, as an HTTP/1.1 message with content would say. Each {@link
 * Http2DataFrame} becomes an {@code HttpContent}, the one with {@code END_STREAM} a {@code
 * LastHttpContent}; trailers become a {@code LastHttpContent} with trailing headers. A client's
 * informational ({@code 1xx}) responses come as full responses before the final one.
 *
 * <p><b>Outbound.</b> A response (server) or request (client) head becomes {@code HEADERS}: the
 * pseudo-header fields from the status, or from the method, target, {@code Host} and the scheme
 * ({@code https} when the connection's pipeline has an {@code SslHandler}), the other fields with
 * lower-case names, without the connection-specific ones ({@code connection}, {@code keep-alive},
 * {@code proxy-connection}, {@code transfer-encoding}, {@code upgrade}, those {@code Connection}
 * names) and {@code te} other than {@code trailers}. Content becomes {@code DATA}; the last content
 * ends the stream, with its trailing headers as trailers. A full message becomes the frames of a
 * head and its last content.
 *
 * <h2>Threading</h2>
 *
 * <p>One instance per stream channel (it tracks whether the head has been seen), called on its
 * event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>The content of a DATA frame read becomes the content of the message passed on, owned by the
 * next handler; the content of a message written becomes the frame's, owned by the stream channel.
 * Holds nothing between calls.
 */
public interface Http2StreamFrameToHttpObjectCodec extends ChannelHandler {
  /**
   * Returns a codec for a stream a server serves: requests in, responses out.
   *
   * @return a new codec for one stream channel
   */
  static Http2StreamFrameToHttpObjectCodec forServer() {
    return new HttpStreamCodec(true);
  }

  /**
   * Returns a codec for a stream a client opens: requests out, responses in.
   *
   * @return a new codec for one stream channel
   */
  static Http2StreamFrameToHttpObjectCodec forClient() {
    return new HttpStreamCodec(false);
  }

  /**
   * Returns whether this is the server side.
   *
   * @return {@code true} for a server
   */
  boolean isServer();
}
