package io.tern.examples.http2;

import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2FrameCodec;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * The HTTP/2 side of {@code http-hello}, behind an {@link Http2FrameCodec}: answers {@code GET
 * /plaintext} (and {@code /}) with {@code Hello, World!}, {@code GET /json} with {@code
 * {"message":"Hello, World!"}}, anything else with {@code 404}. It answers once a request's HEADERS
 * arrive (any content the client sends is dropped as it comes) and flushes once per read, so the
 * answers to many streams leave together.
 *
 * <p>Stateless: one instance is shared by every connection; its callbacks run on each channel's
 * event loop. It releases every frame it reads; the frames it writes belong to the codec.
 */
public final class Http2HelloHandler implements ChannelHandler {
  private static final byte[] PLAINTEXT = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] JSON =
      "{\"message\":\"Hello, World!\"}".getBytes(StandardCharsets.UTF_8);

  /** Creates the handler. */
  public Http2HelloHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof Http2HeadersFrame request && request.headers().path() != null) {
        respond(ctx, request.streamId(), request.headers().path().toString());
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private static void respond(ChannelHandlerContext ctx, int streamId, String target) {
    int query = target.indexOf('?');
    String path = query < 0 ? target : target.substring(0, query);
    byte[] body;
    String type;
    switch (path) {
      case "/", "/plaintext" -> {
        body = PLAINTEXT;
        type = "text/plain";
      }
      case "/json" -> {
        body = JSON;
        type = "application/json";
      }
      default -> {
        Http2Headers notFound = new Http2Headers().status("404").add("content-length", "0");
        ctx.write(new Http2HeadersFrame(streamId, notFound, true), ctx.voidPromise());
        return;
      }
    }
    Http2Headers headers =
        new Http2Headers()
            .status("200")
            .add("content-type", type)
            .add("server", "tern")
            .add("content-length", Integer.toString(body.length));
    ctx.write(new Http2HeadersFrame(streamId, headers, false), ctx.voidPromise());
    ctx.write(new Http2DataFrame(streamId, Unpooled.wrappedBuffer(body), true), ctx.voidPromise());
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
