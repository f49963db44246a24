package io.tern.codec.stomp.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.EncoderException;
import io.tern.codec.stomp.StompCommand;
import io.tern.codec.stomp.StompFrame;
import io.tern.codec.stomp.StompHeaders;
import io.tern.codec.stomp.StompVersion;
import java.nio.charset.StandardCharsets;

/**
 * Writes a frame into one buffer: command, headers escaped as the version requires (or checked,
 * where nothing may be escaped), a {@code content-length} when the frame has a body and none was
 * set, the body and its NUL.
 *
 * <p>Stateless: any thread.
 */
public final class StompFrameWriter {
  private static final byte[] CONTENT_LENGTH =
      "content-length:".getBytes(StandardCharsets.US_ASCII);

  private StompFrameWriter() {}

  /**
   * Returns the size a frame most likely takes: exact for ASCII headers without escapes.
   *
   * @param frame the frame
   * @return the estimate in bytes
   */
  public static int estimate(StompFrame frame) {
    StompHeaders headers = frame.headers();
    int size = Commands.ascii(frame.command()).length + 2; // EOL after it and the blank line
    for (int i = 0; i < headers.size(); i++) {
      size += headers.name(i).length() + headers.value(i).length() + 2;
    }
    int body = frame.content().readableBytes();
    return size + CONTENT_LENGTH.length + 11 + body + 1;
  }

  /**
   * Writes a frame.
   *
   * @param frame the frame, not released here
   * @param version the version whose escaping applies
   * @param out the destination
   * @throws EncoderException for a header the version cannot express, or a {@code content-length}
   *     that differs from the body's length
   */
  public static void write(StompFrame frame, StompVersion version, ByteBuf out) {
    StompCommand command = frame.command();
    ByteBuf content = frame.content();
    int bodyLength = content.readableBytes();
    out.writeBytes(Commands.ascii(command));
    out.writeByte('\n');
    boolean escape = version.escapes() && !command.isConnectionFrame();
    boolean cr = version.allowsCrLf();
    boolean lengthWritten = false;
    StompHeaders headers = frame.headers();
    for (int i = 0; i < headers.size(); i++) {
      String name = headers.name(i);
      String value = headers.value(i);
      if (!lengthWritten && name.equals(StompHeaders.CONTENT_LENGTH)) {
        if (!value.equals(Integer.toString(bodyLength))) {
          throw new EncoderException(
              command + ": content-length " + value + " but the body has " + bodyLength + " bytes");
        }
        lengthWritten = true;
      }
      text(out, name, command, escape, cr, true);
      out.writeByte(':');
      text(out, value, command, escape, cr, false);
      out.writeByte('\n');
    }
    if (!lengthWritten && bodyLength > 0) {
      out.writeBytes(CONTENT_LENGTH);
      ByteBufUtil.writeAscii(out, Integer.toString(bodyLength));
      out.writeByte('\n');
    }
    out.writeByte('\n');
    if (bodyLength > 0) {
      out.writeBytes(content, content.readerIndex(), bodyLength);
    }
    out.writeByte(0);
  }

  private static void text(
      ByteBuf out, String text, StompCommand command, boolean escape, boolean cr, boolean name) {
    int special = firstSpecial(text, escape, name);
    if (special < 0) {
      ByteBufUtil.writeUtf8(out, text);
      return;
    }
    if (!escape) {
      throw new EncoderException(
          command
              + (name ? ": header name '" : ": header value of '")
              + text
              + "' holds a character that this frame cannot carry without escaping (LF, CR"
              + (name ? ", colon" : "")
              + " or NUL)");
    }
    StringBuilder escaped = new StringBuilder(text.length() + 8).append(text, 0, special);
    for (int i = special; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> escaped.append("\\\\");
        case '\n' -> escaped.append("\\n");
        case ':' -> escaped.append("\\c");
        case '\r' -> {
          if (cr) {
            escaped.append("\\r");
          } else {
            escaped.append(c); // 1.1 defines no escape for CR: it is plain data there
          }
        }
        case '\0' -> throw new EncoderException(command + ": a header holds NUL");
        default -> escaped.append(c);
      }
    }
    ByteBufUtil.writeUtf8(out, escaped);
  }

  /**
   * The first character that needs escaping or cannot be sent plainly: LF, CR and NUL always; a
   * backslash where escaping applies (it is plain data otherwise); a colon in a name, and in a
   * value where escaping applies.
   */
  private static int firstSpecial(String text, boolean escape, boolean name) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c <= '\\'
          && (c == '\n'
              || c == '\r'
              || c == '\0'
              || (c == '\\' && escape)
              || (c == ':' && (escape || name)))) {
        return i;
      }
    }
    return -1;
  }
}
