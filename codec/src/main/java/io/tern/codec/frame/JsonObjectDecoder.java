package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Splits a stream of JSON texts into one buffer per top-level object or array, without parsing
 * them: it tracks nesting of braces and brackets, strings and escapes inside strings, and
 * whitespace between texts. With {@code streamArrayElements}, a top-level array is split into its
 * elements instead, so a huge array is passed on element by element.
 *
 * <pre>
 *   {"a":1} [2,3]  {"b":"}"}   --&gt;   {"a":1} | [2,3] | {"b":"}"}
 * </pre>
 *
 * <p>It is a framer, not a validator: the frames it emits are balanced but may still be invalid
 * JSON. Input that cannot start a JSON object or array (outside whitespace), or an empty array
 * element, throws a {@link CorruptedFrameException}, after which the decoder drops all further
 * input (where the next text would start cannot be known). An object longer than {@code
 * maxObjectLength} is reported as a {@link TooLongFrameException} through {@code exceptionCaught},
 * skipped as it arrives, and decoding resumes after it. Bytes are scanned once with a bulk visitor
 * ({@link ByteBuf#forEachByte(int, int, ByteProcessor)}), resuming where the previous read stopped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each frame is a retained slice of the cumulation, owned by the next handler.
 */
public class JsonObjectDecoder extends ByteToMessageDecoder {
  private static final int ST_INIT = 0;
  private static final int ST_DECODING_NORMAL = 1;
  private static final int ST_DECODING_ARRAY_STREAM = 2;
  private static final int ST_DISCARDING = 3;
  private static final int ST_CORRUPTED = 4;

  /** Stops at the first byte that is not JSON whitespace. */
  private static final ByteProcessor SKIP_WHITESPACE =
      c -> c == ' ' || c == '\t' || c == '\n' || c == '\r';

  private final int maxObjectLength;
  private final boolean streamArrayElements;
  private final Scanner scanner = new Scanner();

  private int state = ST_INIT;

  /** Bytes of the current text already scanned, counted from the reader index. */
  private int scanned;

  /** Creates a decoder for objects of up to 1 MiB that passes top-level arrays on whole. */
  public JsonObjectDecoder() {
    this(1024 * 1024, false);
  }

  /**
   * Creates a decoder.
   *
   * @param maxObjectLength the longest object (or array element, when streaming) accepted
   * @param streamArrayElements whether a top-level array is passed on element by element
   * @throws IllegalArgumentException if {@code maxObjectLength} is not positive
   */
  public JsonObjectDecoder(int maxObjectLength, boolean streamArrayElements) {
    if (maxObjectLength < 1) {
      throw new IllegalArgumentException(
          "maxObjectLength: " + maxObjectLength + " (expected: >= 1)");
    }
    this.maxObjectLength = maxObjectLength;
    this.streamArrayElements = streamArrayElements;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (state == ST_CORRUPTED) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (state == ST_DISCARDING) {
      discard(in);
      if (state == ST_DISCARDING) {
        return;
      }
    }
    if (state == ST_INIT) {
      // Skip whitespace between texts, then look at the first byte.
      int start = in.forEachByte(SKIP_WHITESPACE);
      if (start < 0) {
        in.skipBytes(in.readableBytes());
        return;
      }
      in.readerIndex(start);
      byte c = in.getByte(start);
      if (c == '{' || (c == '[' && !streamArrayElements)) {
        state = ST_DECODING_NORMAL;
      } else if (c == '[') {
        state = ST_DECODING_ARRAY_STREAM;
        in.skipBytes(1);
        scanner.resetForElements();
        scanned = 0;
        return;
      } else {
        throw corrupted(in, "0x" + Integer.toHexString(c & 0xFF) + " cannot start a text");
      }
      scanner.reset();
      scanned = 0;
    }
    if (state == ST_DECODING_ARRAY_STREAM && scanned == 0) {
      // An element's length is counted from its first non-whitespace byte.
      int start = in.forEachByte(SKIP_WHITESPACE);
      if (start < 0) {
        in.skipBytes(in.readableBytes());
        return;
      }
      in.readerIndex(start);
    }
    int readerIndex = in.readerIndex();
    int readable = in.readableBytes();
    int stop =
        scanned < readable
            ? in.forEachByte(readerIndex + scanned, readable - scanned, scanner)
            : -1;
    if (stop < 0) {
      scanned = readable;
      if (readable > maxObjectLength) {
        startDiscarding(ctx, in);
      }
      return;
    }
    int length = stop + 1 - readerIndex;
    scanned = 0;
    if (state == ST_DECODING_NORMAL) {
      state = ST_INIT;
      if (length > maxObjectLength) {
        in.skipBytes(length);
        fail(ctx, length);
        return;
      }
      out.add(in.retainedSlice(readerIndex, length));
      in.skipBytes(length);
      return;
    }
    // Array stream: stop is at the ',' or ']' that ends an element (which starts at readerIndex).
    byte end = in.getByte(stop);
    int rawLength = length - 1;
    if (rawLength > maxObjectLength) {
      fail(ctx, rawLength);
    } else if (rawLength > 0) {
      out.add(in.retainedSlice(readerIndex, trimmedLength(in, readerIndex, rawLength)));
    } else if (end == ',') {
      throw corrupted(in, "empty array element");
    }
    in.skipBytes(length);
    if (end == ']') {
      state = ST_INIT;
    } else {
      scanner.resetForElements();
    }
  }

  /** Drops everything, now and from now on: where the next text starts cannot be known. */
  private CorruptedFrameException corrupted(ByteBuf in, String what) {
    state = ST_CORRUPTED;
    in.skipBytes(in.readableBytes());
    return new CorruptedFrameException("invalid JSON received: " + what);
  }

  private void startDiscarding(ChannelHandlerContext ctx, ByteBuf in) {
    // The scanner keeps its nesting state, so the rest of the text is found while skipping.
    int length = in.readableBytes();
    in.skipBytes(length);
    scanned = 0;
    fail(ctx, "over " + maxObjectLength);
    state = ST_DISCARDING;
  }

  private void discard(ByteBuf in) {
    int stop = in.forEachByte(scanner);
    if (stop < 0) {
      in.skipBytes(in.readableBytes());
      return;
    }
    in.readerIndex(stop + 1);
    // As when an element ends normally: only ']' ends the array.
    if (scanner.elements && in.getByte(stop) != ']') {
      scanner.resetForElements();
      state = ST_DECODING_ARRAY_STREAM;
    } else {
      state = ST_INIT;
    }
  }

  /** Length of {@code [from, from + length)} without trailing whitespace; it starts non-blank. */
  private static int trimmedLength(ByteBuf in, int from, int length) {
    int last = in.forEachByteDesc(from, length, SKIP_WHITESPACE);
    return last - from + 1;
  }

  private void fail(ChannelHandlerContext ctx, long length) {
    fail(ctx, Long.toString(length));
  }

  private void fail(ChannelHandlerContext ctx, String length) {
    ctx.fireExceptionCaught(
        new TooLongFrameException(
            "object length ("
                + length
                + ") exceeds the allowed maximum ("
                + maxObjectLength
                + ")"));
  }

  /**
   * Tracks nesting, strings and escapes; stops at the byte that closes the top-level text, or, in
   * element mode, at the {@code ','} or {@code ']'} that ends an element of the top-level array.
   */
  private static final class Scanner implements ByteProcessor {
    int depth;
    boolean inString;
    boolean escaped;
    boolean elements;

    void reset() {
      depth = 0;
      inString = false;
      escaped = false;
      elements = false;
    }

    void resetForElements() {
      reset();
      elements = true;
    }

    @Override
    public boolean process(byte c) {
      if (inString) {
        if (escaped) {
          escaped = false;
        } else if (c == '\\') {
          escaped = true;
        } else if (c == '"') {
          inString = false;
        }
        return true;
      }
      switch (c) {
        case '"' -> inString = true;
        case '{', '[' -> depth++;
        case '}', ']' -> {
          if (depth == 0) {
            // Only reachable in element mode: the ']' closing the top-level array.
            return !elements;
          }
          depth--;
          return depth != 0 || elements;
        }
        case ',' -> {
          return !(elements && depth == 0);
        }
        default -> {}
      }
      return true;
    }
  }
}
