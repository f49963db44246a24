package io.tern.codec.stomp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Feeds bytes to a {@link StompCodec} in chunks and records frames and failures as text. */
final class StompFeeding {
  private StompFeeding() {}

  static String describe(StompFrame frame) {
    StringBuilder out = new StringBuilder(frame.command().name());
    StompHeaders headers = frame.headers();
    for (int i = 0; i < headers.size(); i++) {
      out.append('|').append(headers.name(i)).append('=').append(headers.value(i));
    }
    return out.append("|<")
        .append(frame.content().toString(StandardCharsets.ISO_8859_1))
        .append('>')
        .toString();
  }

  static List<String> feed(
      StompDecoderConfig config, StompVersion version, byte[] input, int[] chunks) {
    List<String> events = new ArrayList<>();
    StompCodec codec = new StompCodec(config);
    if (version != null) {
      codec.version(version);
    }
    EmbeddedChannel ch =
        new EmbeddedChannel(
            codec,
            new ChannelHandler() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                try {
                  events.add(describe((StompFrame) msg));
                } finally {
                  ReferenceCountUtil.release(msg);
                }
              }

              @Override
              public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                events.add("!" + cause.getClass().getSimpleName());
              }
            });
    int offset = 0;
    for (int size : chunks) {
      ByteBuf chunk = Unpooled.directBuffer(size).writeBytes(input, offset, size);
      ch.writeInbound(chunk);
      offset += size;
    }
    ch.finishAndReleaseAll();
    return events;
  }

  static List<String> feed(StompVersion version, String input) {
    byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
    return feed(StompDecoderConfig.DEFAULT, version, bytes, new int[] {bytes.length});
  }

  static int[] ones(int length) {
    int[] chunks = new int[length];
    java.util.Arrays.fill(chunks, 1);
    return chunks;
  }
}
