package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.http.internal.HttpChars;
import io.tern.common.AsciiString;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Decodes HTTP/1.1 messages (RFC 9112) from bytes into an {@link HttpMessage} followed by {@link
 * HttpContent}s, the last one a {@link LastHttpContent} ({@link LastHttpContent#EMPTY_LAST_CONTENT}
 * when there is no content). Subclasses parse the first line: {@link HttpRequestDecoder}, {@link
 * HttpResponseDecoder}.
 *
 * <h2>Parsing</h2>
 *
 * The head (first line and header fields) is scanned for line feeds eight bytes at a time over a
 * {@code byte[]}: the buffer's own array when it has one, otherwise a copy of the bytes seen so far
 * that grows as they arrive. The scan resumes where it stopped when the head is incomplete. Once
 * the empty line is found, the head is copied once into an array of its exact size, and header
 * values become {@link AsciiString} views of that array: no per-header copy. Names that are {@link
 * HttpHeaderNames} constants are stored as the constant; others as views. Content is passed on as
 * retained slices of the cumulation, at most {@link HttpDecoderConfig#maxChunkSize()} bytes each.
 *
 * <h2>Strictness</h2>
 *
 * Each of these makes the message invalid ({@link InvalidHttpMessageException}): a line not ending
 * in CRLF (bare LF) or holding a bare CR; NUL or another control character in the head; an obs-fold
 * (a header line starting with whitespace); whitespace between a field name and its colon; a field
 * name that is not a token; more than one {@code Content-Length} or {@code Transfer-Encoding}
 * field; a {@code Content-Length} that is not plain decimal digits; {@code Content-Length} together
 * with {@code Transfer-Encoding}; a transfer coding other than exactly {@code chunked}; {@code
 * Transfer-Encoding} in an HTTP/1.0 message; a malformed chunk-size line or chunk extension; chunk
 * data not followed by CRLF. Oversized lines and headers fail with {@link TooLongHttpLineException}
 * and {@link TooLongHttpHeaderException}.
 *
 * <h2>Failure</h2>
 *
 * An invalid message ends decoding for the connection: the decoder passes on one last object whose
 * {@link HttpObject#decoderResult()} is the failure (a bad head becomes a message from {@link
 * #invalidMessage}; bad content a {@link LastHttpContent}) and from then on discards every byte.
 * Nothing it passed on stays referenced by it.
 *
 * <p>Threading: the channel's event loop; one instance per channel.
 */
public abstract class HttpObjectDecoder extends ByteToMessageDecoder {
  private static final int MAX_CHUNK_SIZE_DIGITS = 16;

  private enum State {
    READ_HEAD,
    READ_FIXED_CONTENT,
    READ_VARIABLE_CONTENT,
    READ_CHUNK_SIZE,
    READ_CHUNK_CONTENT,
    READ_CHUNK_DELIMITER,
    READ_TRAILERS,
    PAUSED,
    BAD_MESSAGE,
    UPGRADED
  }

  /** The decoder's limits. */
  protected final HttpDecoderConfig config;

  private State state = State.READ_HEAD;
  private HttpMessage message;
  private long remaining;

  private final HttpHeadScanner scanner;
  private final HttpFieldParser.Framing framing = new HttpFieldParser.Framing();

  /**
   * Creates a decoder.
   *
   * @param config the limits
   */
  protected HttpObjectDecoder(HttpDecoderConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.scanner = new HttpHeadScanner(config);
  }

  /**
   * Parses the first line of a message.
   *
   * @param b the head's bytes
   * @param start the first byte of the line
   * @param end the end of the line (its CR)
   * @param headers the (empty) headers the message will carry
   * @return the message head
   * @throws InvalidHttpMessageException if the line is malformed
   */
  protected abstract HttpMessage parseInitialLine(
      byte[] b, int start, int end, HttpHeaders headers);

  /**
   * Returns the object passed on when a head is invalid; the decoder sets its failed result.
   *
   * @return a full message with empty content
   */
  protected abstract HttpMessage invalidMessage();

  /**
   * Returns whether a message has no content whatever its headers say (a response to {@code HEAD},
   * a {@code 1xx}, {@code 204} or {@code 304} response).
   *
   * @param msg the message head
   * @return {@code true} if no content follows
   */
  protected boolean isContentAlwaysEmpty(HttpMessage msg) {
    return false;
  }

  /**
   * Returns whether the connection stops carrying HTTP after this message (a {@code 101} response,
   * a successful response to {@code CONNECT}); the following bytes are then passed on as they are.
   *
   * @param msg the message head
   * @return {@code true} to pass the rest of the input through
   */
  protected boolean isSwitchingToNonHttp(HttpMessage msg) {
    return false;
  }

  /**
   * Returns whether decoding stops after this message (which has no content) until {@link
   * #resumeDecoding} is called: the following bytes wait in the cumulation. A server uses this
   * after {@code CONNECT}, whose response decides whether the rest is HTTP or a tunnel.
   *
   * @param msg the message head
   * @return {@code true} to pause
   */
  protected boolean pausesAfter(HttpMessage msg) {
    return false;
  }

  /**
   * Ends a pause begun by {@link #pausesAfter}: decodes the following bytes as HTTP again, or
   * passes them (and all later ones) on as they are. Bytes already waiting are decoded in a task on
   * the event loop (not from within this call, which may run inside a handler this decoder called).
   *
   * @param ctx this decoder's context
   * @param raw {@code true} to pass the rest of the input through (a tunnel)
   */
  protected final void resumeDecoding(ChannelHandlerContext ctx, boolean raw) {
    if (state != State.PAUSED) {
      return;
    }
    state = raw ? State.UPGRADED : State.READ_HEAD;
    if (internalBuffer().isReadable()) {
      ctx.executor()
          .execute(
              () -> {
                try {
                  channelRead(ctx, Unpooled.EMPTY_BUFFER);
                  channelReadComplete(ctx);
                } catch (Exception e) {
                  ctx.fireExceptionCaught(e);
                }
              });
    }
  }

  /**
   * Returns whether a message without {@code Content-Length} or {@code Transfer-Encoding} has
   * content up to the end of the connection (responses) or none (requests).
   *
   * @return {@code true} for responses
   */
  protected abstract boolean contentUntilClose();

  /**
   * Checks headers a subclass cares about (for requests: {@code Host}).
   *
   * @param msg the message head with its headers
   * @throws InvalidHttpMessageException if they are invalid
   */
  protected void validateHead(HttpMessage msg) {}

  /**
   * Called for each valid message head just before it is passed on.
   *
   * @param msg the head
   */
  protected void headDecoded(HttpMessage msg) {}

  /** Goes back to reading a new message, dropping a failure or upgrade state. */
  public void reset() {
    state = State.READ_HEAD;
    message = null;
    scanner.reset();
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    try {
      while (in.isReadable()) {
        if (!step(in, out)) {
          return;
        }
      }
      if (state == State.READ_FIXED_CONTENT && remaining == 0) {
        step(in, out);
      }
    } catch (InvalidHttpMessageException
        | TooLongHttpLineException
        | TooLongHttpHeaderException e) {
      fail(in, out, e);
    }
  }

  /** Performs one step of the state machine; returns whether it made progress. */
  private boolean step(ByteBuf in, List<Object> out) {
    return switch (state) {
      case READ_HEAD -> readHead(in, out);
      case READ_FIXED_CONTENT -> readFixed(in, out);
      case READ_VARIABLE_CONTENT -> {
        out.add(new DefaultHttpContent(in.readRetainedSlice(readableChunk(in))));
        yield true;
      }
      case READ_CHUNK_SIZE -> readChunkSize(in);
      case READ_CHUNK_CONTENT -> {
        int n = (int) Math.min(remaining, readableChunk(in));
        out.add(new DefaultHttpContent(in.readRetainedSlice(n)));
        remaining -= n;
        if (remaining == 0) {
          state = State.READ_CHUNK_DELIMITER;
        }
        yield true;
      }
      case READ_CHUNK_DELIMITER -> readChunkDelimiter(in);
      case READ_TRAILERS -> readTrailers(in, out);
      case UPGRADED -> {
        out.add(in.readRetainedSlice(in.readableBytes()));
        yield true;
      }
      case PAUSED -> false;
      case BAD_MESSAGE -> {
        in.skipBytes(in.readableBytes());
        yield false;
      }
    };
  }

  private boolean readChunkDelimiter(ByteBuf in) {
    if (in.readableBytes() < 2) {
      return false;
    }
    int ri = in.readerIndex();
    if (in.getByte(ri) != '\r' || in.getByte(ri + 1) != '\n') {
      throw new InvalidHttpMessageException("chunk data is not followed by CRLF");
    }
    in.skipBytes(2);
    state = State.READ_CHUNK_SIZE;
    return true;
  }

  private int readableChunk(ByteBuf in) {
    return Math.min(in.readableBytes(), config.maxChunkSize());
  }

  // -----------------------------------------------------------------------------------------
  // Head

  private boolean readHead(ByteBuf in, List<Object> out) {
    if (!scanner.started() && !skipLeadingEmptyLines(in)) {
      return false;
    }
    int end = scanner.scan(in, true);
    if (end < 0) {
      return false;
    }
    // The section is complete: copy it once; values are views of this array.
    byte[] b = new byte[end];
    in.getBytes(in.readerIndex(), b, 0, end);
    int lines = scanner.lineCount();
    int[] ends = scanner.lineEnds();
    scanner.reset();
    in.skipBytes(end);

    HttpHeaders headers = new HttpHeaders(config.validateHeaders(), config.validateHeaders());
    headers.reserve(lines - 2); // the field lines: no regrowth while parsing
    HttpMessage msg = parseInitialLine(b, 0, ends[0] - 1, headers);
    HttpFieldParser.Framing framing = this.framing.reset();
    HttpFieldParser.parse(
        b, ends, 1, lines - 1, ends[0] + 1, config.validateHeaders(), headers, framing);
    boolean http10 = msg.protocolVersion().equals(HttpVersion.HTTP_1_0);
    validateHead(msg);
    if (framing.transferEncoding != null) {
      if (framing.contentLength >= 0) {
        throw new InvalidHttpMessageException("Content-Length and Transfer-Encoding together");
      }
      if (http10) {
        throw new InvalidHttpMessageException("Transfer-Encoding in an HTTP/1.0 message");
      }
      if (!HttpFieldParser.isChunked(framing.transferEncoding)) {
        throw new InvalidHttpMessageException(
            "unsupported transfer coding: " + framing.transferEncoding);
      }
    }
    headDecoded(msg);
    out.add(msg);
    if (isSwitchingToNonHttp(msg)) {
      out.add(LastHttpContent.EMPTY_LAST_CONTENT);
      state = State.UPGRADED;
      return true;
    }
    if (isContentAlwaysEmpty(msg)) {
      out.add(LastHttpContent.EMPTY_LAST_CONTENT);
      return true;
    }
    if (framing.transferEncoding != null) {
      message = msg;
      state = State.READ_CHUNK_SIZE;
    } else if (framing.contentLength > 0) {
      message = msg;
      remaining = framing.contentLength;
      state = State.READ_FIXED_CONTENT;
    } else if (framing.contentLength < 0 && contentUntilClose()) {
      message = msg;
      state = State.READ_VARIABLE_CONTENT;
    } else {
      out.add(LastHttpContent.EMPTY_LAST_CONTENT);
      if (pausesAfter(msg)) {
        state = State.PAUSED;
        return false;
      }
    }
    return true;
  }

  /**
   * Consumes CRLFs before a message (RFC 9112, section 2.2: a server should ignore at least one).
   *
   * @return whether a message may start now ({@code false}: a CR waits for its LF)
   */
  private static boolean skipLeadingEmptyLines(ByteBuf in) {
    while (in.isReadable() && in.getByte(in.readerIndex()) == '\r') {
      if (in.readableBytes() < 2) {
        return false;
      }
      if (in.getByte(in.readerIndex() + 1) != '\n') {
        throw new InvalidHttpMessageException("a bare CR before the first line");
      }
      in.skipBytes(2);
    }
    return in.isReadable();
  }

  // -----------------------------------------------------------------------------------------
  // Content

  private boolean readFixed(ByteBuf in, List<Object> out) {
    int n = (int) Math.min(remaining, readableChunk(in));
    if (n == 0 && remaining > 0) {
      return false;
    }
    ByteBuf content = in.readRetainedSlice(n);
    remaining -= n;
    if (remaining == 0) {
      out.add(
          new DefaultLastHttpContent(content, HttpHeaders.newTrailers(config.validateHeaders())));
      message = null;
      state = State.READ_HEAD;
    } else {
      out.add(new DefaultHttpContent(content));
    }
    return true;
  }

  private boolean readChunkSize(ByteBuf in) {
    int ri = in.readerIndex();
    int window = Math.min(in.readableBytes(), config.maxInitialLineLength() + 2);
    int lf = in.indexOf(ri, ri + window, (byte) '\n');
    if (lf < 0) {
      if (window >= config.maxInitialLineLength() + 2) {
        throw new TooLongHttpLineException(
            "a chunk-size line is longer than " + config.maxInitialLineLength() + " bytes");
      }
      return false;
    }
    if (lf == ri || in.getByte(lf - 1) != '\r') {
      throw new InvalidHttpMessageException("a chunk-size line ends in a bare LF");
    }
    int end = lf - 1;
    long size = 0;
    int i = ri;
    while (i < end) {
      int digit = hexValue(in.getByte(i));
      if (digit < 0) {
        break;
      }
      if (i - ri == MAX_CHUNK_SIZE_DIGITS - 1 && size > 0x07FF_FFFF_FFFF_FFFFL) {
        throw new InvalidHttpMessageException("chunk size overflows");
      }
      size = size << 4 | digit;
      i++;
    }
    if (i == ri || i - ri > MAX_CHUNK_SIZE_DIGITS) {
      throw new InvalidHttpMessageException("invalid chunk size");
    }
    checkChunkExtension(in, i, end);
    in.readerIndex(lf + 1);
    if (size == 0) {
      state = State.READ_TRAILERS;
    } else {
      remaining = size;
      state = State.READ_CHUNK_CONTENT;
    }
    return true;
  }

  private static int hexValue(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    int c = b | 0x20;
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
  }

  /**
   * Checks {@code *( BWS ";" BWS name [ BWS "=" BWS value ] )}: whitespace, then each extension
   * starting with {@code ;}, and no control characters (a bare CR or a NUL would let two parsers
   * disagree on where the chunk starts).
   */
  private static void checkChunkExtension(ByteBuf in, int from, int to) {
    int i = from;
    while (i < to && (in.getByte(i) == ' ' || in.getByte(i) == '\t')) {
      i++;
    }
    if (i < to && in.getByte(i) != ';') {
      throw new InvalidHttpMessageException("invalid chunk-size line");
    }
    for (; i < to; i++) {
      if (!HttpChars.isFieldValueByte(in.getByte(i))) {
        throw new InvalidHttpMessageException("invalid byte in a chunk extension");
      }
    }
  }

  private boolean readTrailers(ByteBuf in, List<Object> out) {
    int end = scanner.scan(in, false);
    if (end < 0) {
      return false;
    }
    if (end == 2) {
      scanner.reset();
      in.skipBytes(2);
      out.add(LastHttpContent.EMPTY_LAST_CONTENT);
    } else {
      byte[] b = new byte[end];
      in.getBytes(in.readerIndex(), b, 0, end);
      int lines = scanner.lineCount();
      int[] ends = scanner.lineEnds();
      scanner.reset();
      in.skipBytes(end);
      HttpHeaders trailers = HttpHeaders.newTrailers(false);
      HttpFieldParser.parse(b, ends, 0, lines - 1, 0, config.validateHeaders(), trailers, null);
      // Fields that frame a message have no meaning in a trailer: drop them (RFC 9110, 6.5.1).
      trailers.remove(HttpHeaderNames.CONTENT_LENGTH);
      trailers.remove(HttpHeaderNames.TRANSFER_ENCODING);
      trailers.remove(HttpHeaderNames.TRAILER);
      out.add(new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, trailers));
    }
    message = null;
    state = State.READ_HEAD;
    return true;
  }

  // -----------------------------------------------------------------------------------------
  // End of input and failure

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    decode(ctx, in, out);
    switch (state) {
      case READ_VARIABLE_CONTENT -> {
        out.add(LastHttpContent.EMPTY_LAST_CONTENT);
        message = null;
        state = State.READ_HEAD;
      }
      case READ_FIXED_CONTENT,
          READ_CHUNK_SIZE,
          READ_CHUNK_CONTENT,
          READ_CHUNK_DELIMITER,
          READ_TRAILERS -> {
        LastHttpContent last = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
        last.setDecoderResult(
            DecoderResult.failure(
                new InvalidHttpMessageException("the connection closed before the message ended")));
        out.add(last);
        message = null;
        state = State.BAD_MESSAGE;
      }
      default -> {}
    }
  }

  private void fail(ByteBuf in, List<Object> out, RuntimeException cause) {
    scanner.reset();
    in.skipBytes(in.readableBytes());
    HttpObject failed;
    if (message == null) {
      failed = invalidMessage();
    } else {
      failed = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
    }
    failed.setDecoderResult(DecoderResult.failure(cause));
    message = null;
    state = State.BAD_MESSAGE;
    invalid(failed, out);
  }

  /**
   * Called once with the object that carries a decoding failure; the default passes it on. From now
   * on the decoder discards its input.
   *
   * @param failed a message head from {@link #invalidMessage()} (the head was invalid) or a {@link
   *     LastHttpContent} (the content was), with the failed {@link DecoderResult}; owned by this
   *     method
   * @param out where decoded objects go
   */
  protected void invalid(HttpObject failed, List<Object> out) {
    out.add(failed);
  }
}
