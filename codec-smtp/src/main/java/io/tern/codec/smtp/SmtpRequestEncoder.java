package io.tern.codec.smtp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
      lineStart = stuffArray(in, i, end, out);
    } else if (in.hasMemorySegment()) {
      lineStart = stuffSegment(in, i, end, out);
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
  // per line (lines are short, and a copy's fixed cost outweighs its bytes), with the scan for
  // "line start followed by a dot" a plain loop over the body's memory.

  /** Copies {@code in[from, end)} stuffed into {@code out}; returns whether it ends a line. */
  private boolean stuffArray(ByteBuf in, int from, int end, ByteBuf out) {
    byte[] a = in.array();
    int base = in.arrayOffset();
    boolean atLineStart = lineStart;
    int copied = from;
    for (int p = from; p < end; p++) {
      byte b = a[base + p];
      if (atLineStart && b == '.') {
        out.writeBytes(in, copied, p - copied);
        out.writeByte('.');
        copied = p; // the dot itself goes with the next span
      }
      atLineStart = b == '\n';
    }
    out.writeBytes(in, copied, end - copied);
    return atLineStart;
  }

  /** As {@link #stuffArray}, for a buffer over a memory segment. */
  private boolean stuffSegment(ByteBuf in, int from, int end, ByteBuf out) {
    MemorySegment m = in.memorySegment().asSlice(from, end - from);
    boolean atLineStart = lineStart;
    int copied = from;
    for (int p = from; p < end; p++) {
      byte b = m.get(ValueLayout.JAVA_BYTE, p - from);
      if (atLineStart && b == '.') {
        out.writeBytes(in, copied, p - copied);
        out.writeByte('.');
        copied = p;
      }
      atLineStart = b == '\n';
    }
    out.writeBytes(in, copied, end - copied);
    return atLineStart;
  }
}
