package io.tern.codec.smtp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Feeds bytes to a {@link SmtpResponseDecoder} in chunks; records replies and failures as text. */
final class SmtpFeeding {
  private SmtpFeeding() {}

  static List<String> feed(int maxLineLength, int maxLines, byte[] input, int[] chunks) {
    List<String> events = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new SmtpResponseDecoder(maxLineLength, maxLines),
            new ChannelHandler() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                SmtpResponse r = (SmtpResponse) msg;
                events.add(r.code() + "|" + String.join("|", r.details()));
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

  static List<String> feed(String input) {
    byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
    return feed(
        SmtpResponseDecoder.DEFAULT_MAX_LINE_LENGTH,
        SmtpResponseDecoder.DEFAULT_MAX_LINES,
        bytes,
        new int[] {bytes.length});
  }
}
