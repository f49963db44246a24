package io.tern.codec.http.server;

import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.LastHttpContent;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.util.ArrayDeque;

/**
 * Closes a server connection when HTTP says it ends: after the response to a request that did not
 * ask for keep-alive ({@code Connection: close}, or HTTP/1.0 without {@code keep-alive}), after a
 * response that says {@code Connection: close}, or after a response whose end the client can only
 * see by the connection closing (no {@code Content-Length}, not chunked). It marks such a response
 * {@code Connection: close} and closes once the last response owed is written. A {@code 2xx}
 * response to {@code CONNECT} opens a tunnel and is left alone. Put it after the codec.
 *
 * <p>{@link io.tern.codec.http.HttpServerCodec} does all of this itself (and, knowing which request
 * a response answers, a little more: it stops decoding after a {@code close} request and counts an
 * answer to {@code HEAD} as delimited): behind it this handler is redundant, harmless, and costs a
 * pipeline hop per message each way. It is for pipelines built from a separate {@link
 * io.tern.codec.http.HttpRequestDecoder} and {@link io.tern.codec.http.HttpResponseEncoder}, and
 * keeps code ported from Netty working as it was.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Messages pass on unchanged; it only reads the heads and waits for the last response's write.
 */
public class HttpServerKeepAliveHandler implements ChannelHandler {
  private boolean persistent = true;
  private final ArrayDeque<HttpMethod> pending = new ArrayDeque<>(4);
  private boolean inFinalResponse;

  /** Creates the handler. */
  public HttpServerKeepAliveHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof HttpRequest request) {
      if (persistent) {
        persistent = HttpUtil.isKeepAlive(request);
      }
      pending.add(request.method());
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof HttpResponse response) {
      int code = response.status().code();
      boolean interim = code >= 100 && code < 200 && code != 101;
      if (!interim) {
        inFinalResponse = true;
        boolean tunnel = HttpMethod.CONNECT.equals(pending.peek()) && code >= 200 && code < 300;
        if (!tunnel
            && (!persistent || !HttpUtil.isKeepAlive(response) || !isSelfDelimited(response))) {
          persistent = false;
          HttpUtil.setKeepAlive(response, false);
        }
      }
    }
    if (inFinalResponse && msg instanceof LastHttpContent) {
      inFinalResponse = false;
      pending.poll();
      if (!persistent && pending.isEmpty()) {
        Promise<Void> listened = VoidChannelPromise.unvoid(promise);
        listened.addListener(f -> ctx.close());
        ctx.write(msg, listened);
        return;
      }
    }
    ctx.write(msg, promise);
  }

  private static boolean isSelfDelimited(HttpResponse response) {
    int code = response.status().code();
    return HttpUtil.isContentLengthSet(response)
        || HttpUtil.isTransferEncodingChunked(response)
        || code == 204
        || code == 304
        || (code >= 100 && code < 200);
  }
}
