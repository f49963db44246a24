package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.Arrays;
import java.util.List;

/**
 * Splits the stream at one or more delimiters; when several match, the one that yields the shortest
 * frame wins.
 *
 * <pre>
 *   +--------------+        +-----+-----+-----+
 *   | ABC\nDEF\r\n |  --&gt;   | ABC | DEF |     (delimiters "\r\n" and "\n", stripped)
 *   +--------------+        +-----+-----+-----+
 * </pre>
 *
 * <p>Each delimiter is found with a bulk search for its first byte followed by a comparison, and
 * the decoder remembers how far it searched: bytes already searched are not searched again when
 * more arrive. Given exactly the line delimiters, it behaves like {@link LineBasedFrameDecoder}.
 *
 * <p>A frame longer than {@code maxFrameLength} (delimiter excluded) is skipped up to and including
 * its delimiter and reported as a {@link TooLongFrameException} through {@code exceptionCaught}: at
 * once when {@code failFast}, otherwise when its delimiter arrives; decoding goes on with the next
 * frame.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * The delimiter buffers given to the constructor are copied and stay the caller's. Each frame is a
 * retained slice of the cumulation (see {@link #extractFrame}), owned by the next handler.
 */
public class DelimiterBasedFrameDecoder extends ByteToMessageDecoder {
  private final byte[][] delimiters;
  private final int maxDelimiterLength;
  private final int maxFrameLength;
  private final boolean stripDelimiter;
  private final boolean failFast;
  private final LineBasedFrameDecoder lineDecoder;

  private boolean discarding;
  private long discardedBytes;

  /** Readable bytes already searched: no delimiter starts before this offset. */
  private int searched;

  /**
   * Creates a decoder that strips the delimiter and reports too-long frames once they end.
   *
   * @param maxFrameLength the longest frame accepted, delimiter excluded
   * @param delimiters the delimiters; copied
   */
  public DelimiterBasedFrameDecoder(int maxFrameLength, ByteBuf... delimiters) {
    this(maxFrameLength, true, false, delimiters);
  }

  /**
   * Creates a decoder.
   *
   * @param maxFrameLength the longest frame accepted, delimiter excluded
   * @param stripDelimiter whether frames are passed on without their delimiter
   * @param failFast whether a too-long frame is reported as soon as it exceeds the maximum
   * @param delimiters the delimiters, each non-empty; their readable bytes are copied
   * @throws IllegalArgumentException if {@code maxFrameLength} is not positive, no delimiter is
   *     given or one is empty
   */
  public DelimiterBasedFrameDecoder(
      int maxFrameLength, boolean stripDelimiter, boolean failFast, ByteBuf... delimiters) {
    if (maxFrameLength <= 0) {
      throw new IllegalArgumentException("maxFrameLength: " + maxFrameLength + " (expected: > 0)");
    }
    if (delimiters == null || delimiters.length == 0) {
      throw new IllegalArgumentException("no delimiters");
    }
    this.delimiters = new byte[delimiters.length][];
    int maxLength = 0;
    for (int i = 0; i < delimiters.length; i++) {
      ByteBuf d = delimiters[i];
      if (d == null || !d.isReadable()) {
        throw new IllegalArgumentException("empty delimiter");
      }
      this.delimiters[i] = ByteBufUtil.getBytes(d);
      maxLength = Math.max(maxLength, this.delimiters[i].length);
    }
    this.maxDelimiterLength = maxLength;
    this.maxFrameLength = maxFrameLength;
    this.stripDelimiter = stripDelimiter;
    this.failFast = failFast;
    this.lineDecoder =
        isLineBased(this.delimiters) && getClass() == DelimiterBasedFrameDecoder.class
            ? new LineBasedFrameDecoder(maxFrameLength, stripDelimiter, failFast)
            : null;
  }

  private static boolean isLineBased(byte[][] delimiters) {
    if (delimiters.length != 2) {
      return false;
    }
    byte[] crlf = {'\r', '\n'};
    byte[] lf = {'\n'};
    return (Arrays.equals(delimiters[0], crlf) && Arrays.equals(delimiters[1], lf))
        || (Arrays.equals(delimiters[0], lf) && Arrays.equals(delimiters[1], crlf));
  }

  @Override
  protected final void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    ByteBuf frame = lineDecoder != null ? lineDecoder.decode(ctx, in) : decode(ctx, in);
    if (frame != null) {
      out.add(frame);
    }
  }

  /**
   * Decodes one frame.
   *
   * @param ctx this handler's context
   * @param buffer the cumulation
   * @return the frame, or {@code null} if none is complete
   */
  protected ByteBuf decode(ChannelHandlerContext ctx, ByteBuf buffer) {
    int readerIndex = buffer.readerIndex();
    int minFrameLength = Integer.MAX_VALUE;
    byte[] minDelim = null;
    int winner = -1;
    int end = buffer.writerIndex();
    int from = readerIndex + searched;
    for (int k = 0; k < delimiters.length; k++) {
      int start = indexOf(buffer, from, end, delimiters[k]);
      if (start >= 0) {
        minFrameLength = start - readerIndex;
        minDelim = delimiters[k];
        winner = k;
        // Only a delimiter starting earlier gives a shorter frame (on a tie the first one wins).
        end = start;
      }
    }
    if (minDelim != null && mayStillBeBeaten(buffer, readerIndex + minFrameLength, winner)) {
      // A delimiter that would win is cut off by the end of the bytes so far: wait for more,
      // so that the frames never depend on how the stream was split.
      return null;
    }
    if (minDelim != null) {
      searched = 0;
      int delimLength = minDelim.length;
      if (discarding) {
        long length = discardedBytes + minFrameLength;
        discarding = false;
        discardedBytes = 0;
        buffer.skipBytes(minFrameLength + delimLength);
        if (!failFast) {
          fail(ctx, Long.toString(length));
        }
        return null;
      }
      if (minFrameLength > maxFrameLength) {
        buffer.skipBytes(minFrameLength + delimLength);
        fail(ctx, Integer.toString(minFrameLength));
        return null;
      }
      int frameLength = stripDelimiter ? minFrameLength : minFrameLength + delimLength;
      ByteBuf frame = extractFrame(ctx, buffer, readerIndex, frameLength);
      buffer.skipBytes(minFrameLength + delimLength);
      return frame;
    }
    // No delimiter: the last (longest delimiter - 1) bytes may start one, the rest is frame.
    int readable = buffer.readableBytes();
    int known = Math.max(0, readable - (maxDelimiterLength - 1));
    searched = known;
    if (discarding) {
      discardedBytes += known;
      buffer.skipBytes(known);
      searched = 0;
    } else if (known > maxFrameLength) {
      discarding = true;
      discardedBytes = known;
      buffer.skipBytes(known);
      searched = 0;
      if (failFast) {
        fail(ctx, "over " + known);
      }
    }
    return null;
  }

  /**
   * Tells whether a delimiter that would win over the match at {@code start} (one starting earlier,
   * or at {@code start} but listed before the winner) matches as far as the bytes go and runs past
   * them.
   */
  private boolean mayStillBeBeaten(ByteBuf buffer, int start, int winner) {
    int writerIndex = buffer.writerIndex();
    for (int k = 0; k < delimiters.length; k++) {
      byte[] delim = delimiters[k];
      int last = k < winner ? start : start - 1;
      for (int q = Math.max(buffer.readerIndex(), writerIndex - delim.length + 1); q <= last; q++) {
        if (isPrefixToTheEnd(buffer, q, delim)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isPrefixToTheEnd(ByteBuf buffer, int index, byte[] delim) {
    int n = buffer.writerIndex() - index;
    for (int k = 0; k < n; k++) {
      if (buffer.getByte(index + k) != delim[k]) {
        return false;
      }
    }
    return true;
  }

  /** Returns where {@code delim} starts in {@code [from, end)} (it may end past {@code end}). */
  private static int indexOf(ByteBuf buffer, int from, int end, byte[] delim) {
    int limit = buffer.writerIndex() - delim.length;
    byte first = delim[0];
    int i = from;
    while (i < end && i <= limit) {
      i = buffer.indexOf(i, Math.min(end, limit + 1), first);
      if (i < 0) {
        return -1;
      }
      if (matchesRest(buffer, i, delim)) {
        return i;
      }
      i++;
    }
    return -1;
  }

  private static boolean matchesRest(ByteBuf buffer, int index, byte[] delim) {
    for (int k = 1; k < delim.length; k++) {
      if (buffer.getByte(index + k) != delim[k]) {
        return false;
      }
    }
    return true;
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

  private void fail(ChannelHandlerContext ctx, String length) {
    ctx.fireExceptionCaught(
        new TooLongFrameException(
            "frame length (" + length + ") exceeds the allowed maximum (" + maxFrameLength + ")"));
  }
}
