package io.tern.codec.http;

import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.ArrayDeque;

/**
 * The client side of HTTP/1.1 in one handler: an {@link HttpRequestEncoder} for outbound requests
 * and an {@link HttpResponseDecoder} for the responses, which it matches to the requests in order
 * (pipelining). A response to {@code HEAD} has no content whatever its headers say; after a
 * successful response to {@code CONNECT} (and after {@code 101 Switching Protocols}) the following
 * bytes are passed on as they are, for the tunnel or the new protocol.
 *
 * <p>Threading: the channel's event loop; one instance per channel.
 */
public class HttpClientCodec extends HttpResponseDecoder {
  private final ArrayDeque<HttpMethod> methods = new ArrayDeque<>(4);
  private final HttpRequestEncoder encoder = new HttpRequestEncoder();
  private boolean noContent;

  /** Creates a codec with {@link HttpDecoderConfig#DEFAULT}. */
  public HttpClientCodec() {
    this(HttpDecoderConfig.DEFAULT);
  }

  /**
   * Creates a codec.
   *
   * @param config the decoder's limits
   */
  public HttpClientCodec(HttpDecoderConfig config) {
    super(config);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof HttpRequest request) {
      methods.add(request.method());
    }
    encoder.write(ctx, msg, promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) throws Exception {
    encoder.flush(ctx); // passes on the requests batched for the void promise first
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    encoder.close(ctx, promise);
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) throws Exception {
    encoder.writeBatch(ctx);
    super.handlerRemoved0(ctx);
  }

  // Called first for every decoded response head: matches it with its request.
  @Override
  protected boolean isSwitchingToNonHttp(HttpMessage msg) {
    int code = ((HttpResponse) msg).status().code();
    if (code >= 100 && code < 200 && code != 101) {
      noContent = true; // an interim response: its request still waits for the final one
      return false;
    }
    HttpMethod method = methods.poll();
    boolean connected = HttpMethod.CONNECT.equals(method) && code >= 200 && code < 300;
    noContent = HttpMethod.HEAD.equals(method);
    return connected || super.isSwitchingToNonHttp(msg);
  }

  @Override
  protected boolean isContentAlwaysEmpty(HttpMessage msg) {
    return noContent || super.isContentAlwaysEmpty(msg);
  }
}
