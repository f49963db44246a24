package io.tern.codec.smtp;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes SMTP replies (RFC 5321 section 4.2): {@code DDD-text} lines continue a reply, a {@code
 * DDD text} or {@code DDD} line ends it, and the whole reply is passed on as one {@link
 * SmtpResponse}. Pipelined replies arriving together are passed on one by one. Lines end with CR
 * LF; a bare LF is accepted too.
 *
 * <h2>Limits and errors</h2>
 *
 * A line longer than {@code maxLineLength} without its end, or a reply of more than {@code
 * maxLines} lines, raises a {@link TooLongFrameException} as soon as it is seen; a line without a
 * three-digit code from 200 to 599, or a continuation with another code, a {@link
 * SmtpCodecException}. The decoder then discards all further input: close the connection.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; keeps a reply in progress, so each channel needs its own instance.
 *
 * <h2>Ownership</h2>
 *
 * Consumes the bytes it reads; the replies hold no reference-counted objects.
 */
public final class SmtpResponseDecoder extends ByteToMessageDecoder {
  /** The default longest line: RFC 5321 allows 512 bytes for a reply line; servers exceed it. */
  public static final int DEFAULT_MAX_LINE_LENGTH = 8192;

  /** The default most lines per reply. */
  public static final int DEFAULT_MAX_LINES = 256;

  private final int maxLineLength;
  private final int maxLines;
  private final List<String> details = new ArrayList<>();
  private int code = -1;
  private int scanned; // bytes from the reader index known to hold no LF
  private boolean failed;

  /** Creates a decoder with the default limits. */
  public SmtpResponseDecoder() {
    this(DEFAULT_MAX_LINE_LENGTH, DEFAULT_MAX_LINES);
  }

  /**
   * Creates a decoder.
   *
   * @param maxLineLength the longest line, CR LF excluded
   * @param maxLines the most lines in one reply
   */
  public SmtpResponseDecoder(int maxLineLength, int maxLines) {
    if (maxLineLength < 3 || maxLines < 1) {
      throw new IllegalArgumentException(
          "maxLineLength " + maxLineLength + " (>= 3), maxLines " + maxLines + " (>= 1)");
    }
    this.maxLineLength = maxLineLength;
    this.maxLines = maxLines;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      while (in.isReadable()) {
        SmtpResponse response = line(in);
        if (response == null) {
          return;
        }
        out.add(response);
      }
    } catch (SmtpCodecException | TooLongFrameException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      details.clear();
      throw e;
    }
  }

  /** Parses one line; returns a reply when the line ended it, {@code null} otherwise. */
  private SmtpResponse line(ByteBuf in) {
    int start = in.readerIndex();
    int searchEnd = (int) Math.min(in.writerIndex(), (long) start + maxLineLength + 2);
    int lf = in.indexOf(start + scanned, searchEnd, (byte) '\n');
    if (lf < 0) {
      if (searchEnd - start >= maxLineLength + 2) {
        throw new TooLongFrameException("SMTP reply line longer than " + maxLineLength + " bytes");
      }
      scanned = searchEnd - start;
      return null;
    }
    scanned = 0;
    int end = lf > start && in.getByte(lf - 1) == '\r' ? lf - 1 : lf;
    in.readerIndex(lf + 1);
    if (end - start > maxLineLength) {
      throw new TooLongFrameException("SMTP reply line longer than " + maxLineLength + " bytes");
    }
    if (end - start < 3) {
      throw new SmtpCodecException("SMTP reply line without a three-digit code");
    }
    int lineCode = 0;
    for (int i = 0; i < 3; i++) {
      byte b = in.getByte(start + i);
      if (b < '0' || b > '9') {
        throw new SmtpCodecException("SMTP reply line without a three-digit code");
      }
      lineCode = lineCode * 10 + (b - '0');
    }
    if (lineCode < 200 || lineCode > 599) {
      throw new SmtpCodecException("SMTP reply code " + lineCode + " is not 2xx to 5xx");
    }
    if (code >= 0 && lineCode != code) {
      throw new SmtpCodecException(
          "SMTP multi-line reply changes its code from " + code + " to " + lineCode);
    }
    boolean more;
    String text;
    if (end - start == 3) {
      more = false;
      text = "";
    } else {
      byte separator = in.getByte(start + 3);
      if (separator != ' ' && separator != '-') {
        throw new SmtpCodecException("SMTP reply code not followed by space or hyphen");
      }
      more = separator == '-';
      text = in.toString(start + 4, end - start - 4, StandardCharsets.UTF_8);
    }
    if (details.size() == maxLines) {
      throw new TooLongFrameException("SMTP reply of more than " + maxLines + " lines");
    }
    code = lineCode;
    details.add(text);
    if (more) {
      return null;
    }
    SmtpResponse response = new SmtpResponse(code, details);
    details.clear();
    code = -1;
    return response;
  }
}
