package io.tern.handler.logging;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.SocketAddress;
import java.util.Objects;

/**
 * Logs every event and operation that passes through it, one log record per event, to a {@link
 * System.Logger}, then passes it on unchanged: {@code EmbeddedChannel(embedded-1) READ: 5B},
 * followed by a hex dump of the readable bytes when the format is {@link ByteBufFormat#HEX_DUMP}.
 * Nothing is formatted when the logger does not log the level.
 *
 * <p>Place it where the traffic of interest passes: first in the pipeline for raw bytes, after a
 * decoder for messages.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor. It keeps no per-channel state, so one instance may be shared by
 * many pipelines.
 *
 * <h2>Ownership</h2>
 *
 * It never consumes or releases what it logs.
 */
public class LoggingHandler implements ChannelHandler {
  private final Logger logger;
  private final Level level;
  private final ByteBufFormat format;

  /** Logs at {@link Level#DEBUG} with hex dumps, to the logger named after this class. */
  public LoggingHandler() {
    this(Level.DEBUG);
  }

  /**
   * Logs at {@code level} with hex dumps, to the logger named after this class.
   *
   * @param level the level of every record
   */
  public LoggingHandler(Level level) {
    this(LoggingHandler.class.getName(), level, ByteBufFormat.HEX_DUMP);
  }

  /**
   * Logs to the named logger.
   *
   * @param loggerName the {@link System#getLogger(String)} name
   * @param level the level of every record
   * @param format how buffers are rendered
   */
  public LoggingHandler(String loggerName, Level level, ByteBufFormat format) {
    this(System.getLogger(loggerName), level, format);
  }

  /**
   * Logs to the given logger.
   *
   * @param logger the logger
   * @param level the level of every record
   * @param format how buffers are rendered
   */
  public LoggingHandler(Logger logger, Level level, ByteBufFormat format) {
    this.logger = Objects.requireNonNull(logger, "logger");
    this.level = Objects.requireNonNull(level, "level");
    this.format = Objects.requireNonNull(format, "format");
  }

  /**
   * Returns the level.
   *
   * @return the level every record is logged at
   */
  public Level level() {
    return level;
  }

  /**
   * Returns the format.
   *
   * @return how buffers are rendered
   */
  public ByteBufFormat format() {
    return format;
  }

  @Override
  public void channelRegistered(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "REGISTERED");
    ctx.fireChannelRegistered();
  }

  @Override
  public void channelUnregistered(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "UNREGISTERED");
    ctx.fireChannelUnregistered();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "ACTIVE");
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "INACTIVE");
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    log(ctx, "READ", msg);
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "READ COMPLETE");
    ctx.fireChannelReadComplete();
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    log(ctx, "USER_EVENT", evt);
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "WRITABILITY CHANGED");
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
    if (logger.isLoggable(level)) {
      logger.log(level, prefix(ctx, "EXCEPTION: ").append(cause).toString(), cause);
    }
    ctx.fireExceptionCaught(cause);
  }

  @Override
  public void bind(ChannelHandlerContext ctx, SocketAddress localAddress, Promise<Void> promise)
      throws Exception {
    log(ctx, "BIND", localAddress);
    ctx.bind(localAddress, promise);
  }

  @Override
  public void connect(
      ChannelHandlerContext ctx,
      SocketAddress remoteAddress,
      SocketAddress localAddress,
      Promise<Void> promise)
      throws Exception {
    if (logger.isLoggable(level)) {
      logger.log(
          level,
          prefix(ctx, "CONNECT: ")
              .append(remoteAddress)
              .append(", ")
              .append(localAddress)
              .toString());
    }
    ctx.connect(remoteAddress, localAddress, promise);
  }

  @Override
  public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    log(ctx, "DISCONNECT");
    ctx.disconnect(promise);
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    log(ctx, "CLOSE");
    ctx.close(promise);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    log(ctx, "WRITE", msg);
    ctx.write(msg, promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) throws Exception {
    log(ctx, "FLUSH");
    ctx.flush();
  }

  private void log(ChannelHandlerContext ctx, String event) {
    if (logger.isLoggable(level)) {
      logger.log(level, prefix(ctx, event).toString());
    }
  }

  private void log(ChannelHandlerContext ctx, String event, Object arg) {
    if (!logger.isLoggable(level)) {
      return;
    }
    StringBuilder sb = prefix(ctx, event).append(": ");
    if (arg instanceof ByteBuf buf) {
      int length = buf.readableBytes();
      sb.append(length).append('B');
      if (format == ByteBufFormat.HEX_DUMP && length > 0) {
        sb.append(System.lineSeparator());
        ByteBufUtil.appendPrettyHexDump(sb, buf);
      }
    } else {
      sb.append(arg);
    }
    logger.log(level, sb.toString());
  }

  private static StringBuilder prefix(ChannelHandlerContext ctx, String event) {
    return new StringBuilder(64).append(ctx.channel()).append(' ').append(event);
  }
}
