package io.tern.codec.stomp;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageCodec;
import io.tern.codec.DecoderException;
import io.tern.codec.EncoderException;
import io.tern.codec.stomp.internal.StompFrameParser;
import io.tern.codec.stomp.internal.StompFrameWriter;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * STOMP frames from bytes and back, for clients and servers alike: each {@link StompFrame} passed
 * on is whole, its body a retained slice of the received bytes, framed by {@code content-length} or
 * by its NUL. EOLs between frames (heart-beats) are skipped; {@link StompHeartbeatHandler} accounts
 * for them.
 *
 * <pre>{@code
 * ch.pipeline().addLast(new StompCodec(), new StompHeartbeatHandler(), new MyStompHandler());
 * }</pre>
 *
 * <h2>Versions</h2>
 *
 * Header escaping and line ends follow the {@linkplain #version() version in use}, STOMP 1.2 until
 * a {@code CONNECTED} frame passes in either direction: its {@code version} header (absent: 1.0)
 * then applies to every later frame both ways, so a client learns the version from the server's
 * answer and a server from the answer it writes. {@code CONNECT}, {@code STOMP} and {@code
 * CONNECTED} frames are never escaped, in any version. See {@link StompVersion} for the rules.
 *
 * <h2>Encoding</h2>
 *
 * A frame is written into one buffer. A body without a {@code content-length} header gets one, so a
 * binary body holding NUL arrives whole; a {@code content-length} that differs from the body is an
 * {@link EncoderException}, as is a header the version cannot express (a LF in a 1.0 value).
 *
 * <h2>Errors</h2>
 *
 * Malformed input raises a {@link StompCodecException}, a limit of {@link StompDecoderConfig} a
 * {@link io.tern.codec.TooLongFrameException}, both before the bytes they concern are waited for.
 * The decoder then releases what it held and discards all further input: a server answers with an
 * {@code ERROR} frame and closes.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; keeps per-connection state (the version, a frame in progress), so each
 * channel needs its own instance.
 *
 * <h2>Ownership</h2>
 *
 * Each frame passed on belongs to the next handler, which releases it. Each frame written is
 * released once encoded; the buffer written belongs to the next outbound handler.
 */
public final class StompCodec extends ByteToMessageCodec<StompFrame> {
  private final StompFrameParser parser;
  private StompVersion version = StompVersion.STOMP_1_2;
  private boolean failed;

  /** Creates a codec with {@link StompDecoderConfig#DEFAULT}. */
  public StompCodec() {
    this(StompDecoderConfig.DEFAULT);
  }

  /**
   * Creates a codec.
   *
   * @param config the decoder's limits
   */
  public StompCodec(StompDecoderConfig config) {
    super(StompFrame.class);
    this.parser = new StompFrameParser(config);
  }

  /**
   * Returns the version whose rules apply now: STOMP 1.2 until a {@code CONNECTED} frame passed.
   *
   * @return the version
   */
  public StompVersion version() {
    return version;
  }

  /**
   * Sets the version explicitly, for a connection whose version is known without a {@code
   * CONNECTED} frame (tests, proxies picking up a session).
   *
   * @param version the version
   */
  public void version(StompVersion version) {
    this.version = version;
    parser.version(version);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      StompFrame frame;
      while (in.isReadable() && (frame = parser.parse(in)) != null) {
        if (frame.command() == StompCommand.CONNECTED) {
          version(connectedVersion(frame, true));
        }
        out.add(frame);
      }
    } catch (DecoderException e) {
      failed = true;
      parser.reset();
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  @Override
  protected void codecRemoved(ChannelHandlerContext ctx) {
    parser.reset();
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, StompFrame msg, boolean preferDirect) {
    int size = StompFrameWriter.estimate(msg);
    return preferDirect ? ctx.alloc().ioBuffer(size) : ctx.alloc().heapBuffer(size);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, StompFrame msg, ByteBuf out) {
    if (msg.command() == StompCommand.CONNECTED) {
      StompVersion next = connectedVersion(msg, false);
      StompFrameWriter.write(msg, version, out);
      version(next);
    } else {
      StompFrameWriter.write(msg, version, out);
    }
  }

  private static StompVersion connectedVersion(StompFrame connected, boolean inbound) {
    String text = connected.headers().get(StompHeaders.VERSION);
    if (text == null) {
      return StompVersion.STOMP_1_0;
    }
    StompVersion version = StompVersion.of(text);
    if (version == null) {
      String message = "CONNECTED names an unknown version '" + text + "'";
      if (inbound) {
        connected.release();
        throw new StompCodecException(message);
      }
      throw new EncoderException(message);
    }
    return version;
  }
}
