package io.tern.codec.http2;

import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stream channel's handler for tests: completes {@link #response} with the status and the content
 * ("200 Hello") when the stream ends, and keeps the user events (resets) it sees.
 */
final class ResponseCollector implements ChannelHandler {
  final CompletableFuture<String> response = new CompletableFuture<>();
  final List<Object> events = new CopyOnWriteArrayList<>();
  private final StringBuilder text = new StringBuilder();

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      boolean ended = false;
      if (msg instanceof Http2HeadersFrame h) {
        if (h.headers().status() != null) {
          text.append(h.headers().status()).append(' ');
        }
        ended = h.endStream();
      } else if (msg instanceof Http2DataFrame d) {
        text.append(d.content().toString(StandardCharsets.US_ASCII));
        ended = d.endStream();
      }
      if (ended) {
        response.complete(text.toString());
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    events.add(evt);
    if (evt instanceof Http2ResetFrame r) {
      response.completeExceptionally(new IllegalStateException("reset: " + r.errorCode()));
    }
  }
}
