package io.tern.codec.xml;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Splits a stream of XML documents into one {@link ByteBuf} per document (Netty's {@code
 * XmlFrameDecoder}), without parsing them: it follows tags, quoted attribute values, comments,
 * CDATA sections and processing instructions only far enough to count element nesting, and a
 * document ends with its root element's end tag. Whitespace between documents is skipped; what
 * comes before a root element (an XML declaration, comments, processing instructions) belongs to
 * its document. Put {@link XmlDocumentDecoder} after it to turn each document into events, or parse
 * frames with any other XML library.
 *
 * <p>The frames are the same however the stream is split: the scan resumes where it stopped. A
 * document longer than {@code maxFrameLength} raises a {@link TooLongFrameException}; text other
 * than whitespace outside a root element, an end tag without a start, and any {@code <!DOCTYPE>} or
 * other declaration (no DTDs, ever) raise a {@link CorruptedFrameException}; input that ends inside
 * a document too. The boundaries are then lost, so everything after is dropped (close the channel).
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed (see {@link ByteToMessageDecoder}); each frame is a retained slice
 * of the cumulation and belongs to the next handler.
 */
public class XmlFrameDecoder extends ByteToMessageDecoder {
  private enum State {
    TEXT,
    MARKUP,
    START_TAG,
    END_TAG,
    PROCESSING_INSTRUCTION,
    COMMENT,
    CDATA
  }

  private static final byte[] CDATA_OPEN = {'[', 'C', 'D', 'A', 'T', 'A', '['};

  private final int maxFrameLength;
  private State state = State.TEXT;
  private int scanned;
  private int depth;
  private byte quote;
  private int match;
  private boolean slash;
  private boolean failed;

  /**
   * Creates a frame decoder.
   *
   * @param maxFrameLength the longest document, in bytes
   * @throws IllegalArgumentException if {@code maxFrameLength} is not positive
   */
  public XmlFrameDecoder(int maxFrameLength) {
    if (maxFrameLength <= 0) {
      throw new IllegalArgumentException("maxFrameLength: " + maxFrameLength + " (expected: > 0)");
    }
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      while (true) {
        if (state == State.TEXT && depth == 0 && scanned == 0) {
          while (in.isReadable() && isWhitespace(in.getByte(in.readerIndex()))) {
            in.skipBytes(1);
          }
        }
        int length = scan(in);
        if (length < 0) {
          if (scanned > maxFrameLength) {
            throw new TooLongFrameException(
                "XML document exceeds the limit of " + maxFrameLength + " bytes");
          }
          return;
        }
        if (length > maxFrameLength) {
          throw new TooLongFrameException(
              "XML document of " + length + " bytes exceeds the limit of " + maxFrameLength);
        }
        out.add(in.readRetainedSlice(length));
        scanned = 0;
        state = State.TEXT;
        if (!in.isReadable()) {
          return;
        }
      }
    } catch (RuntimeException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.isReadable()) {
      decode(ctx, in, out);
    }
    if (!failed && in.isReadable()) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw new CorruptedFrameException("the input ended inside an XML document");
    }
  }

  /**
   * Scans from where the last call stopped; returns the length of the document that ends in the
   * bytes received, or -1 when it goes on (remembering where it stopped).
   */
  private int scan(ByteBuf in) {
    int base = in.readerIndex();
    int limit = in.readableBytes();
    int i = scanned;
    while (i < limit) {
      byte b = in.getByte(base + i);
      switch (state) {
        case TEXT -> {
          if (b == '<') {
            state = State.MARKUP;
          } else if (depth == 0 && !isWhitespace(b)) {
            throw new CorruptedFrameException("text outside the root element of an XML document");
          }
        }
        case MARKUP -> {
          // i is the byte after '<'.
          if (b == '/') {
            state = State.END_TAG;
          } else if (b == '?') {
            state = State.PROCESSING_INSTRUCTION;
            match = 0;
          } else if (b == '!') {
            int known = limit - i - 1;
            if (known >= 2 && in.getByte(base + i + 1) == '-' && in.getByte(base + i + 2) == '-') {
              state = State.COMMENT;
              match = 0;
              i += 2;
            } else if (startsWith(in, base + i + 1, known, CDATA_OPEN)) {
              state = State.CDATA;
              match = 0;
              i += CDATA_OPEN.length;
            } else if (known < CDATA_OPEN.length && couldStillBe(in, base + i + 1, known)) {
              // Not enough bytes yet to tell a comment or CDATA from a declaration.
              scanned = i;
              return -1;
            } else {
              throw new CorruptedFrameException(
                  "XML declarations such as <!DOCTYPE> are refused (no DTDs)");
            }
          } else if (b == '>' || isWhitespace(b)) {
            throw new CorruptedFrameException("a tag without a name");
          } else {
            state = State.START_TAG;
            quote = 0;
            slash = false;
          }
        }
        case START_TAG -> {
          if (quote != 0) {
            if (b == quote) {
              quote = 0;
            }
          } else if (b == '"' || b == '\'') {
            quote = b;
            slash = false;
          } else if (b == '>') {
            state = State.TEXT;
            if (!slash) {
              depth++;
            } else if (depth == 0) {
              return i + 1;
            }
          } else if (b == '/') {
            slash = true;
          } else if (!isWhitespace(b)) {
            slash = false;
          }
        }
        case END_TAG -> {
          if (b == '>') {
            state = State.TEXT;
            if (--depth == 0) {
              return i + 1;
            }
            if (depth < 0) {
              throw new CorruptedFrameException("an end tag without a start tag");
            }
          }
        }
        case PROCESSING_INSTRUCTION -> {
          if (b == '>' && match == 1) {
            state = State.TEXT;
          }
          match = b == '?' ? 1 : 0;
        }
        case COMMENT -> {
          if (b == '>' && match >= 2) {
            state = State.TEXT;
          }
          match = b == '-' ? Math.min(match + 1, 2) : 0;
        }
        case CDATA -> {
          if (b == '>' && match >= 2) {
            state = State.TEXT;
          }
          match = b == ']' ? Math.min(match + 1, 2) : 0;
        }
      }
      i++;
    }
    scanned = i;
    return -1;
  }

  private static boolean startsWith(ByteBuf in, int at, int known, byte[] prefix) {
    if (known < prefix.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if (in.getByte(at + k) != prefix[k]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the {@code known} bytes after {@code <!} may still become {@code --} or CDATA. */
  private static boolean couldStillBe(ByteBuf in, int at, int known) {
    if (known == 0) {
      return true;
    }
    if (in.getByte(at) == '-') {
      return known < 2;
    }
    for (int k = 0; k < known; k++) {
      if (in.getByte(at + k) != CDATA_OPEN[k]) {
        return false;
      }
    }
    return true;
  }

  private static boolean isWhitespace(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }
}
