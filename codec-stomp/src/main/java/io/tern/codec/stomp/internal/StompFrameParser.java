package io.tern.codec.stomp.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.TooLongFrameException;
import io.tern.codec.stomp.StompCodecException;
import io.tern.codec.stomp.StompCommand;
import io.tern.codec.stomp.StompDecoderConfig;
import io.tern.codec.stomp.StompFrame;
import io.tern.codec.stomp.StompHeaders;
import io.tern.codec.stomp.StompVersion;

/**
 * Parses whole frames out of a cumulation, in place and incrementally: each line is parsed once,
 * when its LF has arrived, and the search for a body's NUL resumes where it stopped. Positions are
 * kept relative to the reader index, which stays at the frame's first byte until the frame is
 * complete.
 *
 * <pre>
 *   [EOL...] COMMAND EOL (name:value EOL)* EOL body NUL
 *   EOL = LF, or CR LF in 1.2; the body is content-length bytes, or everything up to the first NUL
 * </pre>
 *
 * <p>Event-loop confined: one parser per channel.
 */
public final class StompFrameParser {
  private static final byte LF = '\n';
  private static final byte CR = '\r';
  private static final byte NUL = 0;

  private final StompDecoderConfig config;
  private StompVersion version = StompVersion.STOMP_1_2;

  private StompCommand command; // null until the command line is parsed
  private StompHeaders headers;
  private int pos; // the next unparsed byte, from the reader index
  private int bodyStart = -1; // the body's first byte once the headers ended
  private int contentLength = -1; // -1: the body ends at the first NUL
  private int scanned; // bytes from the reader index known to hold no NUL of the body

  /**
   * Creates a parser.
   *
   * @param config the limits
   */
  public StompFrameParser(StompDecoderConfig config) {
    this.config = config;
  }

  /**
   * Sets the version whose escaping and line ends apply from the next line on.
   *
   * @param version the negotiated version
   */
  public void version(StompVersion version) {
    this.version = version;
  }

  /**
   * Returns the version in use.
   *
   * @return the version
   */
  public StompVersion version() {
    return version;
  }

  /** Forgets a frame in progress. */
  public void reset() {
    command = null;
    headers = null;
    pos = 0;
    bodyStart = -1;
    contentLength = -1;
    scanned = 0;
  }

  /**
   * Parses the next frame.
   *
   * @param in the cumulation; its reader index moves past the frame (and EOLs before it)
   * @return the frame, or {@code null} if more bytes are needed
   * @throws StompCodecException on malformed input
   * @throws TooLongFrameException when a limit is exceeded
   */
  public StompFrame parse(ByteBuf in) {
    if (command == null && !skipEols(in)) {
      return null;
    }
    int r = in.readerIndex();
    if (bodyStart < 0 && !parseHead(in, r)) {
      return null;
    }
    int end;
    if (contentLength >= 0) {
      end = bodyStart + contentLength;
      if (in.writerIndex() - r <= end) {
        return null;
      }
      if (in.getByte(r + end) != NUL) {
        throw new StompCodecException(
            "the body of " + command + " is not ended by NUL after content-length bytes");
      }
    } else {
      int limit = Math.min(in.writerIndex(), r + config.maxFrameLength());
      int nul = in.indexOf(r + Math.max(scanned, bodyStart), limit, NUL);
      if (nul < 0) {
        scanned = limit - r;
        if (scanned >= config.maxFrameLength()) {
          throw tooLong("a frame longer than " + config.maxFrameLength() + " bytes");
        }
        return null;
      }
      end = nul - r;
    }
    int length = end - bodyStart;
    StompFrame frame =
        new StompFrame(
            command,
            headers,
            length == 0 ? Unpooled.EMPTY_BUFFER : in.retainedSlice(r + bodyStart, length));
    in.readerIndex(r + end + 1);
    reset();
    return frame;
  }

  /** Skips the EOLs (heart-beats) before a frame; {@code false} if nothing else is here yet. */
  private static boolean skipEols(ByteBuf in) {
    int i = in.readerIndex();
    int end = in.writerIndex();
    while (i < end) {
      byte b = in.getByte(i);
      if (b == LF) {
        i++;
      } else if (b == CR && i + 1 < end && in.getByte(i + 1) == LF) {
        i += 2;
      } else if (b == CR && i + 1 == end) {
        break; // perhaps CR LF: wait for the LF
      } else {
        in.readerIndex(i);
        return true;
      }
    }
    in.readerIndex(i);
    return false;
  }

  /** Parses the command and header lines; {@code true} once the blank line ending them is read. */
  private boolean parseHead(ByteBuf in, int r) {
    int max = config.maxLineLength();
    int end = in.writerIndex();
    while (true) {
      int lineStart = r + pos;
      // A line of max bytes, a CR and the LF: no need to search further than that.
      int searchEnd = (int) Math.min(end, (long) lineStart + max + 2);
      int lf = in.indexOf(lineStart, searchEnd, LF);
      if (lf < 0) {
        if (searchEnd - lineStart >= max + 2) {
          throw tooLong("a line longer than " + max + " bytes");
        }
        if (end - r > config.maxFrameLength()) {
          throw tooLong("a frame longer than " + config.maxFrameLength() + " bytes");
        }
        return false;
      }
      int lineEnd = lf;
      if (lineEnd > lineStart && in.getByte(lineEnd - 1) == CR && version.allowsCrLf()) {
        lineEnd--;
      }
      if (lineEnd - lineStart > max) {
        throw tooLong("a line longer than " + max + " bytes");
      }
      pos = lf + 1 - r;
      if (pos >= config.maxFrameLength()) {
        throw tooLong("a frame longer than " + config.maxFrameLength() + " bytes");
      }
      if (command == null) {
        command = Commands.parse(in, lineStart, lineEnd);
        headers = new StompHeaders();
      } else if (lineEnd == lineStart) {
        bodyStart = pos;
        scanned = pos;
        contentLength = contentLength(headers.get(StompHeaders.CONTENT_LENGTH));
        if (contentLength >= 0 && (long) bodyStart + contentLength >= config.maxFrameLength()) {
          throw tooLong(
              "content-length "
                  + contentLength
                  + " makes a frame longer than "
                  + config.maxFrameLength()
                  + " bytes");
        }
        return true;
      } else {
        if (headers.size() == config.maxHeaders()) {
          throw tooLong("more than " + config.maxHeaders() + " headers");
        }
        header(in, lineStart, lineEnd);
      }
    }
  }

  private void header(ByteBuf in, int start, int end) {
    int colon = in.indexOf(start, end, (byte) ':');
    if (colon < 0) {
      throw new StompCodecException("a header line of " + command + " has no colon");
    }
    if (colon == start) {
      throw new StompCodecException("a header of " + command + " has an empty name");
    }
    boolean escaped =
        version.escapes()
            && !command.isConnectionFrame()
            && in.indexOf(start, end, (byte) '\\') >= 0;
    String name;
    String value;
    if (escaped) {
      boolean cr = version.allowsCrLf();
      name = HeaderText.unescape(in, start, colon - start, cr);
      value = HeaderText.unescape(in, colon + 1, end - colon - 1, cr);
    } else {
      name = HeaderText.decode(in, start, colon - start, true);
      value = HeaderText.decode(in, colon + 1, end - colon - 1, false);
    }
    headers.add(name, value);
  }

  /** Parses a content-length: decimal digits only; -1 when absent. */
  private static int contentLength(String text) {
    if (text == null) {
      return -1;
    }
    int length = text.length();
    if (length == 0 || length > 10) {
      throw new StompCodecException("content-length is not a length: '" + text + "'");
    }
    long value = 0;
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        throw new StompCodecException("content-length is not a length: '" + text + "'");
      }
      value = value * 10 + (c - '0');
    }
    if (value > Integer.MAX_VALUE) {
      throw new TooLongFrameException("content-length " + text + " is too large");
    }
    return (int) value;
  }

  private static TooLongFrameException tooLong(String what) {
    return new TooLongFrameException("STOMP: " + what);
  }
}
