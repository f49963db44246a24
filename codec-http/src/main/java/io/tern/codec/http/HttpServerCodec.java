package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.http.internal.AfterHead;
import io.tern.codec.http.internal.ServerExchange;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The server side of HTTP/1.1 in one handler: requests are decoded as {@link HttpRequestDecoder}
 * decodes them, responses encoded as {@link HttpResponseEncoder} encodes them, and the exchange
 * between the two is one explicit state machine.
 *
 * <h2>The exchange</h2>
 *
 * <table class="striped">
 *   <caption>Connection states</caption>
 *   <thead>
 *     <tr><th>state</th><th>inbound</th><th>outbound</th><th>left when</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><td>open</td><td>requests decoded as they arrive</td><td>responses, matched to the
 *         requests in order</td><td>a {@code CONNECT} or {@code Upgrade} request (switch
 *         pending), an invalid request (failing)</td></tr>
 *     <tr><td>switch pending</td><td>nothing decoded after the {@code CONNECT} or upgrade request:
 *         the bytes wait</td><td>responses; the final answer to that request decides</td>
 *         <td>{@code 2xx} to {@code CONNECT}: tunnel; {@code 101}: upgraded; anything else:
 *         open again, and the waiting requests are decoded</td></tr>
 *     <tr><td>tunnel, upgraded</td><td>bytes passed on as {@link ByteBuf}s</td><td>{@link
 *         ByteBuf}s written as they are; HTTP messages refused</td><td>never (the handler taking
 *         an upgrade over removes the codec, which hands it the bytes not yet passed on)</td></tr>
 *     <tr><td>failing</td><td>discarded</td><td>the responses owed to the requests before the
 *         invalid one</td><td>the last of them is written: closed</td></tr>
 *     <tr><td>closed</td><td>discarded</td><td>{@code 400 Bad Request} with {@code Connection:
 *         close} was written and the channel closes; every write is refused</td><td>never</td></tr>
 *   </tbody>
 * </table>
 *
 * <ul>
 *   <li><b>Responses to {@code HEAD}</b> (and {@code 2xx} responses to {@code CONNECT}) are written
 *       without content, whatever their headers say.
 *   <li><b>Pipelining.</b> Requests are remembered in order until their responses are written; a
 *       {@code 1xx} interim response (other than {@code 101}) does not count as the response.
 *       Responses written with the {@linkplain ChannelHandlerContext#voidPromise() void promise}
 *       are encoded into one buffer until the flush (see {@link HttpObjectEncoder}), so the answers
 *       to a batch of pipelined requests leave in one buffer.
 *   <li><b>Keep-alive.</b> The connection is closed when HTTP says it ends (RFC 9112, section 9.3),
 *       as {@link io.tern.codec.http.server.HttpServerKeepAliveHandler} would close it, so that
 *       handler is not needed behind this codec: after a request that does not ask to keep it
 *       ({@code Connection: close}, or HTTP/1.0 without {@code keep-alive}) nothing more is
 *       decoded; after a final response that says {@code Connection: close} or whose end the client
 *       can only see by the connection closing (no {@code Content-Length}, not chunked), every
 *       final response is marked {@code Connection: close}. Once the last response owed is written,
 *       the channel closes. Responses that switch protocols are left alone.
 *   <li><b>Invalid requests</b> (every case listed in {@link HttpObjectDecoder}, and exceeded
 *       limits, and a target in none of the {@link RequestTarget} forms) never reach the
 *       application: once the responses to the requests before it are written, the codec writes
 *       {@code 400 Bad Request} with {@code Connection: close} and closes the channel. If the
 *       request's head was valid but its content was not, the application gets a {@link
 *       LastHttpContent} with a failed {@link DecoderResult} (so it can drop what it gathered) and
 *       whatever it writes for that request afterwards is not sent.
 *   <li><b>Refused writes</b> fail their promise with an {@link IllegalStateException} and release
 *       the message: an HTTP message in a tunnel or after an upgrade, anything after the {@code
 *       400}, a response head before the previous response ended, a {@code 101} answering a request
 *       that did not ask to upgrade.
 * </ul>
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
public final class HttpServerCodec extends ByteToMessageDecoder {
  private static final byte[] BAD_REQUEST =
      "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII);

  private final HttpDecoderConfig config;
  private final ServerExchange exchange = new ServerExchange();
  private final HttpMessageReader reader;
  private final HttpResponseEncoder encoder = new HttpResponseEncoder();

  /** Creates a codec with {@link HttpDecoderConfig#DEFAULT}. */
  public HttpServerCodec() {
    this(HttpDecoderConfig.DEFAULT);
  }

  /**
   * Creates a codec.
   *
   * @param config the decoder's limits
   */
  public HttpServerCodec(HttpDecoderConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.reader = new HttpMessageReader(config, new RequestLine(), this::requestDecoded);
  }

  /**
   * Returns the decoder's limits.
   *
   * @return the configuration
   */
  public HttpDecoderConfig config() {
    return config;
  }

  private AfterHead requestDecoded(HttpMessage head) {
    return exchange.requestDecoded((HttpRequest) head);
  }

  // -----------------------------------------------------------------------------------------
  // Inbound

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    requestFailed(ctx, reader.read(in, out), out);
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    requestFailed(ctx, reader.readLast(in, out), out);
  }

  private void requestFailed(ChannelHandlerContext ctx, HttpObject failed, List<Object> out) {
    if (failed == null) {
      return;
    }
    boolean headPassedOn = !(failed instanceof HttpRequest);
    if (headPassedOn) {
      out.add(failed); // lets the application drop what it gathered for the request
    } else {
      ReferenceCountUtil.release(failed); // the bad request never reaches the application
    }
    if (exchange.requestFailed(headPassedOn) == ServerExchange.State.CLOSED) {
      writeBadRequest(ctx);
    }
  }

  // -----------------------------------------------------------------------------------------
  // Outbound

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    ServerExchange.State state = exchange.state();
    if (state == ServerExchange.State.TUNNEL || state == ServerExchange.State.UPGRADED) {
      if (msg instanceof ByteBuf) {
        encoder.writeBatch(ctx);
        ctx.write(msg, promise);
      } else {
        refuse(msg, promise, "the connection carries no HTTP any more (" + state + ")");
      }
      return;
    }
    if (state == ServerExchange.State.CLOSED) {
      refuse(msg, promise, "the connection is closing after a bad request");
      return;
    }
    if (msg instanceof HttpResponse response) {
      boolean omitted;
      try {
        omitted = exchange.responseHead(response.status().code());
      } catch (IllegalStateException e) {
        refuse(msg, promise, e.getMessage());
        return;
      }
      if (omitted) {
        encoder.omitNextContent();
      }
      if (exchange.closesConnection(response, omitted)) {
        HttpUtil.setKeepAlive(response, false);
      }
    }
    boolean ends = exchange.responding() && msg instanceof LastHttpContent;
    if (ends && exchange.endsConnection()) {
      Promise<Void> written = VoidChannelPromise.unvoid(promise);
      written.addListener(f -> ctx.close());
      promise = written;
    }
    encoder.write(ctx, msg, promise);
    if (ends) {
      ServerExchange.State before = exchange.state();
      ServerExchange.State after = exchange.responseEnded();
      if (after != before) {
        entered(ctx, after);
      }
    }
  }

  /** Acts on a state the exchange entered when a response ended. */
  private void entered(ChannelHandlerContext ctx, ServerExchange.State state) {
    switch (state) {
      case OPEN -> {
        // A connection that ends stays paused: nothing after its last request is decoded.
        if (exchange.persistent() && reader.resume()) {
          decodeWaitingBytes(ctx);
        }
      }
      case TUNNEL, UPGRADED -> {
        if (reader.passRaw()) {
          decodeWaitingBytes(ctx);
        }
      }
      case CLOSED -> writeBadRequest(ctx);
      default -> {}
    }
  }

  /**
   * Decodes the bytes that waited during a pause, in a task on the event loop: this runs inside a
   * write, maybe from a handler this codec called.
   */
  private void decodeWaitingBytes(ChannelHandlerContext ctx) {
    if (!internalBuffer().isReadable()) {
      return;
    }
    ctx.executor()
        .execute(
            () -> {
              if (ctx.isRemoved()) {
                return; // removal handed the waiting bytes to the next handler
              }
              try {
                channelRead(ctx, Unpooled.EMPTY_BUFFER);
                channelReadComplete(ctx);
              } catch (Exception e) {
                ctx.fireExceptionCaught(e);
              }
            });
  }

  private void writeBadRequest(ChannelHandlerContext ctx) {
    encoder.writeBatch(ctx); // the responses owed before it
    ctx.writeAndFlush(Unpooled.wrappedBuffer(BAD_REQUEST)).addListener(f -> ctx.close());
  }

  private static void refuse(Object msg, Promise<Void> promise, String why) {
    ReferenceCountUtil.release(msg);
    promise.tryFailure(new IllegalStateException(why));
  }

  @Override
  public void flush(ChannelHandlerContext ctx) throws Exception {
    encoder.flush(ctx);
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
    return "HttpServerCodec(" + exchange + ")";
  }
}
