package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Splits the stream into lines ending with {@code "\n"} or {@code "\r\n"}.
 *
 * <p>A line longer than {@code maxLength} (delimiter excluded) is skipped up to and including its
 * delimiter and reported as a {@link TooLongFrameException} through {@code exceptionCaught}: at
 * once when {@code failFast}, otherwise once its end has been found; decoding goes on with the next
 * line. The search for the delimiter resumes where the previous read left off.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each line is a retained slice of the cumulation (see {@link #extractFrame}), owned by the next
 * handler.
 */
public class LineBasedFrameDecoder extends ByteToMessageDecoder {
  private final int maxLength;
  private final boolean stripDelimiter;
  private final boolean failFast;

  private boolean discarding;
  private long discardedBytes;

  /** How many readable bytes were already searched without finding {@code '\n'}. */
  private int offset;

  /**
   * Creates a decoder that strips delimiters and reports too-long lines once they end.
   *
   * @param maxLength the longest line accepted, in bytes, delimiter excluded
   */
  public LineBasedFrameDecoder(int maxLength) {
    this(maxLength, true, false);
  }

  /**
   * Creates a decoder.
   *
   * @param maxLength the longest line accepted, in bytes, delimiter excluded
   * @param stripDelimiter whether lines are passed on without their delimiter
   * @param failFast whether a too-long line is reported as soon as it exceeds {@code maxLength}
   *     rather than when its end arrives
   * @throws IllegalArgumentException if {@code maxLength} is not positive
   */
  public LineBasedFrameDecoder(int maxLength, boolean stripDelimiter, boolean failFast) {
    if (maxLength <= 0) {
      throw new IllegalArgumentException("maxLength: " + maxLength + " (expected: > 0)");
    }
    this.maxLength = maxLength;
    this.stripDelimiter = stripDelimiter;
    this.failFast = failFast;
  }

  @Override
  protected final void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    ByteBuf line = decode(ctx, in);
    if (line != null) {
      out.add(line);
    }
  }

  /**
   * Decodes one line.
   *
   * @param ctx this handler's context
   * @param buffer the cumulation
   * @return the line, or {@code null} if none is complete
   */
  protected ByteBuf decode(ChannelHandlerContext ctx, ByteBuf buffer) {
    int eol = findEndOfLine(buffer);
    if (!discarding) {
      if (eol >= 0) {
        int length = eol - buffer.readerIndex();
        int delimLength = buffer.getByte(eol) == '\r' ? 2 : 1;
        if (length > maxLength) {
          buffer.readerIndex(eol + delimLength);
          fail(ctx, length);
          return null;
        }
        int frameLength = stripDelimiter ? length : length + delimLength;
        ByteBuf frame = extractFrame(ctx, buffer, buffer.readerIndex(), frameLength);
        buffer.skipBytes(length + delimLength);
        return frame;
      }
      // No delimiter yet: the line is at least this long (a last '\r' may start "\r\n").
      int known = knownLength(buffer);
      if (known > maxLength) {
        discardedBytes = known;
        buffer.skipBytes(known);
        discarding = true;
        offset = buffer.readableBytes();
        if (failFast) {
          fail(ctx, "over " + discardedBytes);
        }
      }
      return null;
    }
    if (eol >= 0) {
      long length = discardedBytes + eol - buffer.readerIndex();
      int delimLength = buffer.getByte(eol) == '\r' ? 2 : 1;
      buffer.readerIndex(eol + delimLength);
      discardedBytes = 0;
      discarding = false;
      if (!failFast) {
        fail(ctx, Long.toString(length));
      }
    } else {
      int known = knownLength(buffer);
      discardedBytes += known;
      buffer.skipBytes(known);
      offset = buffer.readableBytes();
    }
    return null;
  }

  /** Readable bytes that certainly belong to the line: all but a last {@code '\r'}. */
  private static int knownLength(ByteBuf buffer) {
    int readable = buffer.readableBytes();
    return readable > 0 && buffer.getByte(buffer.writerIndex() - 1) == '\r'
        ? readable - 1
        : readable;
  }

  /**
   * Makes the frame passed on from the cumulation; the default is a retained slice. Override to
   * copy it instead.
   *
   * @param ctx this handler's context
   * @param buffer the cumulation
   * @param index where the frame starts
   * @param length the frame's length
   * @return a buffer the next handler owns
   */
  protected ByteBuf extractFrame(ChannelHandlerContext ctx, ByteBuf buffer, int index, int length) {
    return buffer.retainedSlice(index, length);
  }

  private void fail(ChannelHandlerContext ctx, int length) {
    fail(ctx, Integer.toString(length));
  }

  private void fail(ChannelHandlerContext ctx, String length) {
    ctx.fireExceptionCaught(
        new TooLongFrameException(
            "frame length (" + length + ") exceeds the allowed maximum (" + maxLength + ")"));
  }

  /** Returns the index of the line's end ({@code '\r'} of "\r\n", or {@code '\n'}), or -1. */
  private int findEndOfLine(ByteBuf buffer) {
    int readable = buffer.readableBytes();
    int from = buffer.readerIndex() + offset;
    int i = buffer.indexOf(from, buffer.writerIndex(), (byte) '\n');
    if (i >= 0) {
      offset = 0;
      if (i > buffer.readerIndex() && buffer.getByte(i - 1) == '\r') {
        i--;
      }
    } else {
      offset = readable;
    }
    return i;
  }
}
