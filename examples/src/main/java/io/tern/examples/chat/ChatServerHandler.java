package io.tern.examples.chat;

import io.tern.codec.TooLongFrameException;
import io.tern.codec.frame.LineBasedFrameDecoder;
import io.tern.codec.string.LineEncoder;
import io.tern.codec.string.StringDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import java.nio.charset.StandardCharsets;

/**
 * One chat member: greets it, relays each of its lines to the others as {@code [name] line},
 * announces arrivals and departures, and closes the connection on {@code /quit}. Expects decoded
 * lines ({@code String}) and writes {@code String}s, so it sits behind a line decoder and a string
 * decoder, with a line encoder before it (see {@link #addTo(ChannelPipeline, ChatRoom)}).
 *
 * <p>Stateless apart from the shared room: one instance may serve every channel. Runs on each
 * channel's event loop.
 */
public final class ChatServerHandler extends SimpleChannelInboundHandler<String> {
  /** The longest line accepted, in bytes. */
  public static final int MAX_LINE_BYTES = 1024;

  private final ChatRoom room;

  /**
   * Creates the handler.
   *
   * @param room the room every channel of this server joins
   */
  public ChatServerHandler(ChatRoom room) {
    super(String.class);
    this.room = room;
  }

  /**
   * Adds the chat's handlers to a pipeline: line framing (at most {@link #MAX_LINE_BYTES} bytes),
   * UTF-8 decoding and encoding with {@code "\r\n"} line ends, then a handler of {@code room}.
   *
   * @param pipeline the pipeline of a new connection
   * @param room the shared room
   */
  public static void addTo(ChannelPipeline pipeline, ChatRoom room) {
    pipeline.addLast("framer", new LineBasedFrameDecoder(MAX_LINE_BYTES, true, true));
    pipeline.addLast("decoder", new StringDecoder(StandardCharsets.UTF_8));
    pipeline.addLast("encoder", new LineEncoder("\r\n", StandardCharsets.UTF_8));
    pipeline.addLast("chat", new ChatServerHandler(room));
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    String name = ChatRoom.nameOf(ctx.channel());
    room.broadcast(ctx.channel(), "* " + name + " joined");
    room.join(ctx.channel());
    ctx.writeAndFlush(
        "Welcome to the Tern chat, "
            + name
            + ". "
            + room.size()
            + " member(s) here. Type /quit to leave.");
    ctx.fireChannelActive();
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, String line) {
    if (line.strip().equals("/quit")) {
      room.leave(ctx.channel());
      ctx.writeAndFlush("Bye!").addListener(f -> ctx.close());
      return;
    }
    room.broadcast(ctx.channel(), "[" + ChatRoom.nameOf(ctx.channel()) + "] " + line);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    room.leave(ctx.channel());
    room.broadcast(ctx.channel(), "* " + ChatRoom.nameOf(ctx.channel()) + " left");
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof TooLongFrameException) {
      ctx.writeAndFlush("! line too long (at most " + MAX_LINE_BYTES + " bytes); dropped");
      return;
    }
    System.err.println("chat: closing " + ctx.channel() + ": " + cause);
    ctx.close();
  }
}
