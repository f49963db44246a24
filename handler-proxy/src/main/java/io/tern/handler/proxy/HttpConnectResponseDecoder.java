package io.tern.handler.proxy;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads the head of the proxy's answer to {@code CONNECT} (status line and header fields, up to the
 * empty line, at most {@link #MAX_HEAD_LENGTH} bytes) into a {@link Response}, then removes itself:
 * after a 2xx the bytes that follow belong to the tunnel. The header fields are not needed and not
 * parsed; a body after a refusal is never read, since the handler closes the channel.
 */
final class HttpConnectResponseDecoder extends ByteToMessageDecoder {
  static final int MAX_HEAD_LENGTH = 8192;

  /** The status code and the status line as text. */
  record Response(int status, String statusLine) {}

  private int scanned;

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    int r = in.readerIndex();
    int limit = Math.min(in.writerIndex(), r + MAX_HEAD_LENGTH);
    int from = Math.max(r, r + scanned - 3);
    int end = -1;
    for (int i = in.indexOf(from, limit, (byte) '\n'); i >= 0; ) {
      if (i - r >= 1 && in.getByte(i - 1) == '\n') {
        end = i;
        break;
      }
      if (i - r >= 3 && in.getByte(i - 1) == '\r' && in.getByte(i - 2) == '\n') {
        end = i;
        break;
      }
      i = in.indexOf(i + 1, limit, (byte) '\n');
    }
    if (end < 0) {
      scanned = limit - r;
      if (scanned >= MAX_HEAD_LENGTH) {
        // Nothing after this can be trusted; the handler fails the connect and closes.
        in.skipBytes(in.readableBytes());
        throw new TooLongFrameException(
            "proxy response head longer than " + MAX_HEAD_LENGTH + " bytes");
      }
      return;
    }
    int lineEnd = in.indexOf(r, end + 1, (byte) '\n');
    String line = in.toString(r, lineEnd - r, StandardCharsets.ISO_8859_1).strip();
    in.readerIndex(end + 1);
    out.add(new Response(status(line), line));
    ctx.pipeline().remove(this);
  }

  /** The code of {@code HTTP/1.x NNN reason}, or -1 if the line is not a status line. */
  private static int status(String line) {
    if (!line.startsWith("HTTP/1.") || line.length() < 12 || line.charAt(8) != ' ') {
      return -1;
    }
    int code = 0;
    for (int i = 9; i < 12; i++) {
      char c = line.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      code = code * 10 + (c - '0');
    }
    return line.length() == 12 || line.charAt(12) == ' ' ? code : -1;
  }
}
