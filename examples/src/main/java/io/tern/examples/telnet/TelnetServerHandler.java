package io.tern.examples.telnet;

import io.tern.codec.frame.DelimiterBasedFrameDecoder;
import io.tern.codec.frame.Delimiters;
import io.tern.codec.string.LineEncoder;
import io.tern.codec.string.StringDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The telnet server's conversation: a greeting with the time on connect, then one answer per line;
 * {@code bye} ends the session once the farewell is written.
 *
 * <h2>Threading</h2>
 *
 * <p>Stateless apart from the clock it reads: one instance may serve every connection; its
 * callbacks run on each channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Reads {@code String}s (the frames are released by {@link StringDecoder}); writes strings that
 * {@link LineEncoder} turns into buffers owned by the pipeline. Holds no reference-counted objects.
 */
public final class TelnetServerHandler extends SimpleChannelInboundHandler<String> {
  /** Longest line accepted; a longer one fails the channel with a {@code TooLongFrameException}. */
  public static final int MAX_LINE = 8192;

  private final Clock clock;

  /**
   * Creates the handler.
   *
   * @param clock what the greeting reads the time from
   */
  public TelnetServerHandler(Clock clock) {
    super(String.class);
    this.clock = clock;
  }

  /**
   * Adds the line codec and {@code handler} to a new connection's pipeline: frames split at CR LF
   * or LF, decoded as UTF-8, and replies encoded as UTF-8 lines ending in CR LF (what telnet
   * sends).
   *
   * @param pipeline the connection's pipeline
   * @param handler the shared handler
   */
  public static void addTo(ChannelPipeline pipeline, TelnetServerHandler handler) {
    pipeline
        .addLast(new DelimiterBasedFrameDecoder(MAX_LINE, Delimiters.lineDelimiter()))
        .addLast(new StringDecoder(StandardCharsets.UTF_8))
        .addLast(new LineEncoder("\r\n", StandardCharsets.UTF_8))
        .addLast(handler);
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    ctx.write("Welcome to the Tern telnet server, " + ctx.channel().remoteAddress() + "!");
    ctx.write(
        "It is "
            + ZonedDateTime.now(clock).format(DateTimeFormatter.RFC_1123_DATE_TIME)
            + " now. Type 'bye' to leave.");
    ctx.flush();
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, String line) {
    String answer;
    boolean bye = line.trim().equalsIgnoreCase("bye");
    if (bye) {
      answer = "Have a good day!";
    } else if (line.isBlank()) {
      answer = "Please type something.";
    } else {
      answer = "Did you say '" + line + "'?";
    }
    // Written now, flushed once the read burst is over: lines pasted together leave in one write.
    var written = ctx.write(answer);
    if (bye) {
      ctx.flush();
      written.addListener(f -> ctx.close());
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    System.err.println("telnet: closing " + ctx.channel() + ": " + cause);
    ctx.close();
  }
}
