package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The server side of HTTP/1.1 in one handler: an {@link HttpRequestDecoder} for inbound bytes and
 * an {@link HttpResponseEncoder} for outbound responses, sharing what each needs to know about the
 * other.
 *
 * <ul>
 *   <li><b>Responses to {@code HEAD}</b> (and successful responses to {@code CONNECT}) are written
 *       without content, whatever their headers say.
 *   <li><b>{@code CONNECT}.</b> After a {@code CONNECT} request the codec decodes nothing more
 *       until the response is written: a {@code 2xx} turns the connection into a tunnel (inbound
 *       bytes are passed on as {@link ByteBuf}s, outbound {@link ByteBuf}s are written as they
 *       are); any other status resumes HTTP.
 *   <li><b>Pipelining.</b> Requests are remembered in order until their responses are written; a
 *       {@code 1xx} interim response (other than {@code 101}) does not count as the response.
 *       Responses written with the {@linkplain ChannelHandlerContext#voidPromise() void promise}
 *       are encoded into one buffer until the flush (see {@link HttpObjectEncoder}), so the answers
 *       to a batch of pipelined requests leave in one buffer.
 *   <li><b>Invalid requests</b> (every case listed in {@link HttpObjectDecoder}, and exceeded
 *       limits) never reach the application: once the responses to the requests before it are
 *       written, the codec writes {@code 400 Bad Request} with {@code Connection: close} and closes
 *       the channel. If the request's head was valid but its content was not, the application gets
 *       a {@link LastHttpContent} with a failed {@link DecoderResult} (so it can drop what it
 *       gathered) and whatever it writes for that request afterwards is not sent.
 * </ul>
 *
 * <p>Threading: the channel's event loop; one instance per channel.
 */
public class HttpServerCodec extends HttpRequestDecoder {
  private static final byte[] BAD_REQUEST =
      "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII);

  private final ArrayDeque<HttpMethod> methods = new ArrayDeque<>(4);
  private final Encoder encoder = new Encoder();
  private int responsesBeforeBadRequest = -1;
  private boolean inFinalResponse;
  private boolean answeringConnect;
  private boolean connectAccepted;
  private boolean tunnel;
  private boolean badRequestWritten;

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
    super(config);
  }

  @Override
  protected void headDecoded(HttpMessage msg) {
    methods.add(((HttpRequest) msg).method());
  }

  @Override
  protected boolean pausesAfter(HttpMessage msg) {
    return HttpMethod.CONNECT.equals(((HttpRequest) msg).method());
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    super.decode(ctx, in, out);
    if (responsesBeforeBadRequest == 0) {
      writeBadRequest(ctx);
    }
  }

  @Override
  protected void invalid(HttpObject failed, List<Object> out) {
    if (failed instanceof HttpRequest) {
      // The bad request never reaches the application.
      ReferenceCountUtil.release(failed);
      responsesBeforeBadRequest = methods.size();
    } else {
      // Its head was passed on: let the application drop what it gathered, but its response for
      // this request will not be written.
      out.add(failed);
      responsesBeforeBadRequest = Math.max(0, methods.size() - 1);
    }
  }

  private void writeBadRequest(ChannelHandlerContext ctx) {
    if (badRequestWritten) {
      return;
    }
    badRequestWritten = true;
    responsesBeforeBadRequest = -1;
    methods.clear();
    encoder.writeBatch(ctx); // the responses owed before it
    ctx.writeAndFlush(Unpooled.wrappedBuffer(BAD_REQUEST)).addListener(f -> ctx.close());
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (tunnel && msg instanceof ByteBuf) {
      encoder.writeBatch(ctx);
      ctx.write(msg, promise);
      return;
    }
    if (badRequestWritten) {
      ReferenceCountUtil.release(msg);
      promise.tryFailure(
          new IllegalStateException("the connection is closing after a bad request"));
      return;
    }
    if (msg instanceof HttpResponse response) {
      int code = response.status().code();
      boolean interim = code >= 100 && code < 200 && code != 101;
      if (!interim) {
        HttpMethod method = methods.peek();
        boolean connected = HttpMethod.CONNECT.equals(method) && code >= 200 && code < 300;
        encoder.noContent = HttpMethod.HEAD.equals(method) || connected;
        answeringConnect = HttpMethod.CONNECT.equals(method);
        connectAccepted = connected;
        inFinalResponse = true;
      }
    }
    boolean ends = inFinalResponse && msg instanceof LastHttpContent;
    encoder.write(ctx, msg, promise);
    if (ends) {
      inFinalResponse = false;
      methods.poll();
      if (answeringConnect) {
        answeringConnect = false;
        tunnel = connectAccepted;
        resumeDecoding(ctx, tunnel);
      }
      if (responsesBeforeBadRequest > 0 && --responsesBeforeBadRequest == 0) {
        writeBadRequest(ctx);
      }
    }
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
  protected void handlerRemoved0(ChannelHandlerContext ctx) throws Exception {
    encoder.writeBatch(ctx);
    super.handlerRemoved0(ctx);
  }

  /** The response encoder, told by the codec whether the current response may have content. */
  private static final class Encoder extends HttpResponseEncoder {
    boolean noContent;

    @Override
    protected boolean isContentAlwaysEmpty(HttpResponse response) {
      return noContent || super.isContentAlwaysEmpty(response);
    }
  }
}
