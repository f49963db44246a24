package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.http.internal.AfterHead;
import io.tern.codec.http.internal.ClientExchange;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * The client side of HTTP/1.1 in one handler: requests are encoded as {@link HttpRequestEncoder}
 * encodes them, responses decoded as {@link HttpResponseDecoder} decodes them and matched to the
 * requests in order (pipelining), and the exchange between the two is one explicit state machine.
 *
 * <table class="striped">
 *   <caption>Connection states</caption>
 *   <thead>
 *     <tr><th>state</th><th>outbound</th><th>inbound</th><th>left when</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><td>open</td><td>requests</td><td>responses: none for {@code HEAD} has content whatever
 *         its headers say; {@code 1xx} interim responses answer nothing</td><td>a {@code 2xx}
 *         answer to {@code CONNECT} (tunnel), {@code 101 Switching Protocols} (upgraded)</td></tr>
 *     <tr><td>tunnel, upgraded</td><td>{@link ByteBuf}s written as they are; requests
 *         refused</td><td>bytes passed on as {@link ByteBuf}s, for the tunnel or the new
 *         protocol</td><td>never (the handler taking over removes the codec)</td></tr>
 *   </tbody>
 * </table>
 *
 * <p>A refused write fails its promise with an {@link IllegalStateException} and releases the
 * message. Requests written with the {@linkplain ChannelHandlerContext#voidPromise() void promise}
 * are batched until the flush, as {@link HttpObjectEncoder} describes.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound as {@link HttpObjectDecoder}: everything passed on belongs to the next handler. Outbound
 * as {@link HttpObjectEncoder}: each message written is released once encoded (or refused).
 */
public final class HttpClientCodec extends ByteToMessageDecoder {
  private final HttpDecoderConfig config;
  private final ClientExchange exchange = new ClientExchange();
  private final HttpMessageReader reader;
  private final HttpRequestEncoder encoder = new HttpRequestEncoder();

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
    this.config = Objects.requireNonNull(config, "config");
    this.reader = new HttpMessageReader(config, StatusLine.INSTANCE, this::responseDecoded);
  }

  /**
   * Returns the decoder's limits.
   *
   * @return the configuration
   */
  public HttpDecoderConfig config() {
    return config;
  }

  private AfterHead responseDecoded(HttpMessage head) {
    return exchange.responseDecoded(((HttpResponse) head).status().code());
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    HttpObject failed = reader.read(in, out);
    if (failed != null) {
      out.add(failed);
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    HttpObject failed = reader.readLast(in, out);
    if (failed != null) {
      out.add(failed);
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (exchange.state() != ClientExchange.State.OPEN) {
      if (msg instanceof ByteBuf) {
        encoder.writeBatch(ctx);
        ctx.write(msg, promise);
      } else {
        ReferenceCountUtil.release(msg);
        promise.tryFailure(
            new IllegalStateException(
                "the connection carries no HTTP any more (" + exchange.state() + ")"));
      }
      return;
    }
    if (msg instanceof HttpRequest request) {
      exchange.requestWritten(request.method());
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
  protected void decoderRemoved(ChannelHandlerContext ctx) throws Exception {
    encoder.writeBatch(ctx);
  }

  @Override
  public String toString() {
    return "HttpClientCodec(" + exchange + ")";
  }
}
