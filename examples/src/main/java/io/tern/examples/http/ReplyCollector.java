package io.tern.examples.http;

import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.examples.http.HttpClientExample.Reply;
import io.tern.handler.stream.ChunkedInput;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a client's requests once connected, collects the aggregated responses and closes after the
 * last one. One instance per channel, on its event loop. It owns the messages until it writes them,
 * and releases every response it reads (copying out what it keeps).
 */
final class ReplyCollector implements ChannelHandler {
  private final List<?> messages;
  private final int expected;
  private final Promise<List<Reply>> result;
  private final List<Reply> replies = new ArrayList<>();

  ReplyCollector(List<?> messages, int expected, Promise<List<Reply>> result) {
    this.messages = messages;
    this.expected = expected;
    this.result = result;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    for (Object message : messages) {
      ctx.write(message)
          .addListener(
              f -> {
                if (!f.isSuccess()) {
                  result.tryFailure(f.cause());
                  ctx.close();
                }
              });
    }
    ctx.flush();
    ctx.fireChannelActive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof FullHttpResponse response) {
        if (!response.decoderResult().isSuccess()) {
          result.tryFailure(response.decoderResult().cause());
          ctx.close();
          return;
        }
        replies.add(
            new Reply(
                response.status().code(),
                response.headers().get(HttpHeaderNames.CONTENT_TYPE),
                response.content().toString(StandardCharsets.UTF_8)));
        if (replies.size() == expected) {
          result.trySuccess(List.copyOf(replies));
          ctx.close();
        }
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    result.tryFailure(
        new IOException(
            "the connection closed after " + replies.size() + " of " + expected + " responses"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    result.tryFailure(cause);
    ctx.close();
  }

  /** Frees a message that was never written. */
  static void discard(Object message) {
    if (message instanceof ChunkedInput<?> input) {
      try {
        input.close();
      } catch (Exception e) {
        // nothing more to free
      }
    } else {
      ReferenceCountUtil.release(message);
    }
  }
}
