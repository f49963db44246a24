package io.tern.codec.smtp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Writes {@link SmtpRequest}s as command lines and {@link SmtpContent} as the message body. Any
 * number of requests may be written before a flush (PIPELINING, RFC 2920): each becomes its own
 * line, and the replies come back in order.
 *
 * <h2>Dot-stuffing</h2>
 *
 * A body line that starts with {@code .} gets a second one, across piece boundaries; after the last
 * piece the body is ended with CR LF (unless it already ends so) and {@code .} CR LF. The body's
 * lines are expected to end with CR LF already; the encoder does not rewrite bare LFs.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; keeps per-connection state (where a body line starts), so each channel
 * needs its own instance.
 *
 * <h2>Ownership</h2>
 *
 * Each {@link SmtpContent} written is released once encoded; the buffers written belong to the next
 * outbound handler.
 */
public final class SmtpRequestEncoder extends MessageToByteEncoder<Object> {
  private static final short CRLF = ('\r' << 8) | '\n';

  private boolean inBody;
  private boolean lineStart = true; // the next body byte starts a line
  private int lastTwo; // the last two body bytes written, for the final CR LF check

  /** Creates an encoder. */
  public SmtpRequestEncoder() {
    super(Object.class);
  }

  @Override
  public boolean acceptOutboundMessage(Object msg) {
    return msg instanceof SmtpRequest || msg instanceof SmtpContent;
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, Object msg, boolean preferDirect) {
    int size;
    if (msg instanceof SmtpContent content) {
      int n = content.content().readableBytes();
      size = n + n / 32 + 8; // room for a few stuffed dots and the end
    } else {
      SmtpRequest request = (SmtpRequest) msg;
      size = request.command().name().length() + 2;
      for (String p : request.parameters()) {
        size += p.length() + 1;
      }
    }
    return ctx.alloc().ioBuffer(size);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Object msg, ByteBuf out) {
    if (msg instanceof SmtpRequest request) {
      writeRequest(request, out);
    } else {
      writeContent((SmtpContent) msg, out);
    }
  }

  private void writeRequest(SmtpRequest request, ByteBuf out) {
    if (inBody) {
      throw new EncoderException(
          "SMTP: " + request.command() + " written before the last SmtpContent of the body");
    }
    ByteBufUtil.writeAscii(out, request.command().name());
    List<String> parameters = request.parameters();
    for (int i = 0; i < parameters.size(); i++) {
      if (i > 0 || !request.command().name().isEmpty()) {
        out.writeByte(' ');
      }
      ByteBufUtil.writeUtf8(out, parameters.get(i));
    }
    out.writeShort(CRLF);
    if (request.command().equals(SmtpCommand.DATA)) {
      inBody = true;
      lineStart = true;
      lastTwo = CRLF; // an empty body needs no CR LF before the dot
    }
  }

  private void writeContent(SmtpContent piece, ByteBuf out) {
    if (!inBody) {
      throw new EncoderException("SMTP: SmtpContent written outside DATA");
    }
    ByteBuf in = piece.content();
    int i = in.readerIndex();
    int end = in.writerIndex();
    if (in.hasArray()) {
      lineStart = stuff(in, i, end, out, in.array(), in.arrayOffset(), null);
    } else if (in.hasMemorySegment()) {
      lineStart = stuff(in, i, end, out, null, 0, in.memorySegment());
    } else {
      while (i < end) {
        if (lineStart && in.getByte(i) == '.') {
          out.writeByte('.');
        }
        int lf = in.indexOf(i, end, (byte) '\n');
        int stop = lf < 0 ? end : lf + 1;
        out.writeBytes(in, i, stop - i);
        lineStart = lf >= 0;
        i = stop;
      }
    }
    int n = end - in.readerIndex();
    if (n >= 2) {
      lastTwo = in.getUnsignedShort(end - 2);
    } else if (n == 1) {
      lastTwo = ((lastTwo & 0xff) << 8) | in.getUnsignedByte(end - 1);
    }
    if (piece.isLast()) {
      if (lastTwo != CRLF) {
        out.writeShort(CRLF);
      }
      out.writeByte('.');
      out.writeShort(CRLF);
      inBody = false;
    }
  }

  // Dot-stuffing copies the body in spans between dot-led lines: one bulk copy per span, not one
  // per line (lines are short, and a copy's fixed cost outweighs its bytes). The scan for "a dot
  // right after LF" reads eight bytes at a time: in each word, the bytes equal to LF and the bytes
  // equal to '.' are found exactly (a high bit per matching byte), and the LF flags shifted up one
  // byte (plus the last byte of the word before) select the dots that start a line.

  private static final VarHandle ARRAY_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong SEGMENT_LONGS =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long LOW_7 = 0x7F7F7F7F7F7F7F7FL;
  private static final long LFS = 0x0A0A0A0A0A0A0A0AL;
  private static final long DOTS = 0x2E2E2E2E2E2E2E2EL;

  /** The high bit of every byte of {@code x} that is zero, exactly (no borrow between bytes). */
  private static long zeroBytes(long x) {
    return ~(((x & LOW_7) + LOW_7) | x | LOW_7);
  }

  /**
   * Copies {@code in[from, end)} stuffed into {@code out}; returns whether it ends a line. The
   * words are read from {@code array} at {@code base} when it is not null, else from {@code memory}
   * (both indexed like the buffer).
   */
  private boolean stuff(
      ByteBuf in, int from, int end, ByteBuf out, byte[] array, int base, MemorySegment memory) {
    int copied = from;
    long carry = lineStart ? 0x80L : 0; // the LF flag of the byte before the next word
    int i = from;
    for (; i + Long.BYTES <= end; i += Long.BYTES) {
      long w =
          array != null ? (long) ARRAY_LONGS.get(array, base + i) : memory.get(SEGMENT_LONGS, i);
      long lf = zeroBytes(w ^ LFS);
      long ledDots = zeroBytes(w ^ DOTS) & ((lf << 8) | carry);
      carry = lf >>> 56;
      while (ledDots != 0) {
        int p = i + (Long.numberOfTrailingZeros(ledDots) >>> 3);
        out.writeBytes(in, copied, p - copied);
        out.writeByte('.');
        copied = p; // the dot itself goes with the next span
        ledDots &= ledDots - 1;
      }
    }
    boolean atLineStart = carry != 0;
    for (; i < end; i++) {
      byte b = in.getByte(i);
      if (atLineStart && b == '.') {
        out.writeBytes(in, copied, i - copied);
        out.writeByte('.');
        copied = i;
      }
      atLineStart = b == '\n';
    }
    out.writeBytes(in, copied, end - copied);
    return atLineStart;
  }
}
