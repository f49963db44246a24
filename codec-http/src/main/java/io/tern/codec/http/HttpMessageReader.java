package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.internal.AfterHead;
import io.tern.codec.http.internal.HttpChars;
import io.tern.codec.http.internal.HttpHeadScanner;
import java.util.List;

/**
 * The HTTP/1.1 message decoder itself (RFC 9112): bytes into a message head followed by its
 * content, the last piece a {@link LastHttpContent}. It is a plain object, not a handler: the
 * decoders and codecs hold one and give it their input, a {@link StartLine} (requests or responses)
 * and an {@link Exchange} that decides, for each head, what follows it.
 *
 * <h2>States</h2>
 *
 * <pre>
 *   READ_HEAD ──head──▶ (Exchange decides) ──▶ READ_FIXED_CONTENT | READ_CHUNK_SIZE
 *       ▲                                        | READ_VARIABLE_CONTENT | message ends
 *       │              READ_CHUNK_SIZE ⇄ READ_CHUNK_CONTENT → READ_CHUNK_DELIMITER
 *       │              READ_CHUNK_SIZE (0) → READ_TRAILERS
 *       └── message ends ── then, as decided: READ_HEAD | PAUSED (until resume/passRaw) | RAW
 *   any state ── invalid input ──▶ FAILED (discards everything from then on)
 * </pre>
 *
 * <p>Ownership: content is passed on as retained slices of the caller's cumulation; every object
 * added to {@code out} belongs to the caller. Nothing passed on stays referenced here.
 *
 * <p>Threading: the channel's event loop; one instance per decoder.
 */
final class HttpMessageReader {
  private static final int MAX_CHUNK_SIZE_DIGITS = 16;

  /** Decides, for each valid head, whether content follows and whether HTTP goes on after it. */
  @FunctionalInterface
  interface Exchange {
    /**
     * Called for each valid head before it is passed on.
     *
     * @param head the head
     * @return what follows it
     */
    AfterHead headDecoded(HttpMessage head);
  }

  private enum State {
    READ_HEAD,
    READ_FIXED_CONTENT,
    READ_VARIABLE_CONTENT,
    READ_CHUNK_SIZE,
    READ_CHUNK_CONTENT,
    READ_CHUNK_DELIMITER,
    READ_TRAILERS,
    PAUSED,
    RAW,
    FAILED
  }

  /** Where decoding goes once the current message has ended. */
  private enum Next {
    HEAD,
    PAUSE,
    RAW
  }

  private final HttpDecoderConfig config;
  private final StartLine startLine;
  private final Exchange exchange;
  private final HttpHeaders.Validation validation;
  private final HttpHeadScanner scanner;
  private final HttpFieldParser.Framing framing = new HttpFieldParser.Framing();

  private State state = State.READ_HEAD;
  private Next next = Next.HEAD;
  private HttpMessage message;
  private long remaining;

  HttpMessageReader(HttpDecoderConfig config, StartLine startLine, Exchange exchange) {
    this.config = config;
    this.startLine = startLine;
    this.exchange = exchange;
    this.validation =
        config.validateHeaders()
            ? HttpHeaders.Validation.NAMES_AND_VALUES
            : HttpHeaders.Validation.NONE;
    this.scanner = new HttpHeadScanner(config);
  }

  /** Whether decoding stopped after a message until {@link #resume} or {@link #passRaw}. */
  boolean paused() {
    return state == State.PAUSED;
  }

  /**
   * Decodes HTTP again after the current message (or now, when paused). Returns whether it was
   * paused: bytes may then be waiting to be decoded.
   */
  boolean resume() {
    next = Next.HEAD;
    if (state == State.PAUSED) {
      state = State.READ_HEAD;
      return true;
    }
    return false;
  }

  /**
   * Passes all input on as it is after the current message (or now, when paused or between
   * messages). Returns whether it changed now: bytes may then be waiting to be passed on.
   */
  boolean passRaw() {
    next = Next.RAW;
    if (state == State.PAUSED || (state == State.READ_HEAD && !scanner.started())) {
      state = State.RAW;
      return true;
    }
    return false;
  }

  /** Goes back to reading a new message, dropping a failure, a pause or pass-through. */
  void reset() {
    state = State.READ_HEAD;
    next = Next.HEAD;
    message = null;
    scanner.reset();
  }

  /**
   * Decodes what {@code in} holds into {@code out}.
   *
   * @return the object carrying a decoding failure (a head from {@link StartLine#invalidMessage()}
   *     if the head was invalid, a {@link LastHttpContent} if the content was), not added to {@code
   *     out} and owned by the caller; or {@code null}. After a failure all input is discarded.
   */
  HttpObject read(ByteBuf in, List<Object> out) {
    try {
      while (in.isReadable()) {
        if (!step(in, out)) {
          return null;
        }
      }
      return null;
    } catch (InvalidHttpMessageException
        | TooLongHttpLineException
        | TooLongHttpHeaderException e) {
      return fail(in, e);
    }
  }

  /** Performs one step; returns whether it made progress. */
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
      case RAW -> {
        out.add(in.readRetainedSlice(in.readableBytes()));
        yield true;
      }
      case PAUSED -> false;
      case FAILED -> {
        in.skipBytes(in.readableBytes());
        yield false;
      }
    };
  }

  /** The current message has ended: goes where {@link #next} says; returns whether to go on. */
  private boolean messageEnded() {
    message = null;
    state =
        switch (next) {
          case HEAD -> State.READ_HEAD;
          case PAUSE -> State.PAUSED;
          case RAW -> State.RAW;
        };
    next = Next.HEAD;
    return state != State.PAUSED;
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

    int fieldsStart = ends[0] + 1;
    int fieldCount = lines - 2;
    HttpMessage msg = startLine.parse(b, 0, ends[0] - 1, validation, fieldCount);
    HttpFieldParser.Framing framing = this.framing.reset();
    if (msg instanceof DecodedHttpRequest request) {
      // Checked now, built when a handler asks: the codec needs only what the parser records.
      HttpFieldParser.parse(
          b, ends, 1, lines - 1, fieldsStart, config.validateHeaders(), null, framing);
      request.fieldsChecked(fieldsStart, fieldCount, framing.facts);
    } else {
      HttpFieldParser.parse(
          b, ends, 1, lines - 1, fieldsStart, config.validateHeaders(), msg.headers(), framing);
    }
    startLine.validate(msg, framing);
    if (framing.transferEncoding != null) {
      if (framing.contentLength >= 0) {
        throw new InvalidHttpMessageException("Content-Length and Transfer-Encoding together");
      }
      if (msg.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
        throw new InvalidHttpMessageException("Transfer-Encoding in an HTTP/1.0 message");
      }
      if (!HttpFieldParser.isChunked(framing.transferEncoding)) {
        throw new InvalidHttpMessageException(
            "unsupported transfer coding: " + framing.transferEncoding);
      }
    }
    AfterHead after = exchange.headDecoded(msg);
    out.add(msg);
    message = msg;
    switch (after) {
      case NO_CONTENT_THEN_RAW -> {
        out.add(LastHttpContent.EMPTY_LAST_CONTENT);
        next = Next.RAW;
        return messageEnded();
      }
      case NO_CONTENT -> {
        out.add(LastHttpContent.EMPTY_LAST_CONTENT);
        return messageEnded();
      }
      case CONTENT_THEN_PAUSE -> next = Next.PAUSE;
      case CONTENT -> next = Next.HEAD;
    }
    if (framing.transferEncoding != null) {
      state = State.READ_CHUNK_SIZE;
    } else if (framing.contentLength > 0) {
      remaining = framing.contentLength;
      state = State.READ_FIXED_CONTENT;
    } else if (framing.contentLength < 0 && startLine.contentUntilClose()) {
      state = State.READ_VARIABLE_CONTENT;
    } else {
      out.add(LastHttpContent.EMPTY_LAST_CONTENT);
      return messageEnded();
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
      out.add(new DefaultLastHttpContent(content, HttpHeaders.newTrailers(validation)));
      return messageEnded();
    }
    out.add(new DefaultHttpContent(content));
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
      HttpHeaders trailers = HttpHeaders.newTrailers(HttpHeaders.Validation.NONE);
      HttpFieldParser.parse(b, ends, 0, lines - 1, 0, config.validateHeaders(), trailers, null);
      // Fields that frame a message have no meaning in a trailer: drop them (RFC 9110, 6.5.1).
      trailers.remove(HttpHeaderNames.CONTENT_LENGTH);
      trailers.remove(HttpHeaderNames.TRANSFER_ENCODING);
      trailers.remove(HttpHeaderNames.TRAILER);
      out.add(new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, trailers));
    }
    return messageEnded();
  }

  // -----------------------------------------------------------------------------------------
  // End of input and failure

  /**
   * Decodes what is left when the input ends: content up to the close ends its message; a message
   * cut short ends with a failed {@link LastHttpContent} (added to {@code out}).
   *
   * @return as {@link #read}
   */
  HttpObject readLast(ByteBuf in, List<Object> out) {
    HttpObject failed = read(in, out);
    if (failed != null) {
      return failed;
    }
    switch (state) {
      case READ_VARIABLE_CONTENT -> {
        out.add(LastHttpContent.EMPTY_LAST_CONTENT);
        messageEnded();
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
        state = State.FAILED;
      }
      default -> {}
    }
    return null;
  }

  private HttpObject fail(ByteBuf in, RuntimeException cause) {
    scanner.reset();
    in.skipBytes(in.readableBytes());
    HttpObject failed =
        message == null
            ? startLine.invalidMessage()
            : new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
    failed.setDecoderResult(DecoderResult.failure(cause));
    message = null;
    state = State.FAILED;
    return failed;
  }
}
