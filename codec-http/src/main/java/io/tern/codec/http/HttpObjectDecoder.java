package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.http.internal.HttpChars;
import io.tern.common.AsciiString;
import io.tern.transport.channel.ChannelHandlerContext;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
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
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final int MAX_CHUNK_SIZE_DIGITS = 16;

  private enum State {
    READ_HEAD,
    READ_FIXED_CONTENT,
    READ_VARIABLE_CONTENT,
    READ_CHUNK_SIZE,
    READ_CHUNK_CONTENT,
    READ_CHUNK_DELIMITER,
    READ_TRAILERS,
    BAD_MESSAGE,
    UPGRADED
  }

  /** The decoder's limits. */
  protected final HttpDecoderConfig config;

  private State state = State.READ_HEAD;
  private HttpMessage message;
  private long remaining;

  // The head being scanned: src[base + i] is byte (readerIndex + i) of the cumulation; lineEnds
  // holds the offsets of the line feeds found so far, scanned the offset where the scan resumes.
  private byte[] mirror = new byte[512];
  private int mirrorLength;
  private int scanned;
  private int[] lineEnds = new int[32];
  private int lineCount;

  /**
   * Creates a decoder.
   *
   * @param config the limits
   */
  protected HttpObjectDecoder(HttpDecoderConfig config) {
    this.config = Objects.requireNonNull(config, "config");
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
    resetScan();
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
    if (lineCount == 0 && scanned == 0 && !skipLeadingEmptyLines(in)) {
      return false;
    }
    int end = scanSection(in, true);
    if (end < 0) {
      return false;
    }
    // The section is complete: copy it once; values are views of this array.
    byte[] b = new byte[end];
    in.getBytes(in.readerIndex(), b, 0, end);
    int lines = lineCount;
    int[] ends = lineEnds;
    resetScan();
    in.skipBytes(end);

    HttpHeaders headers = new HttpHeaders(config.validateHeaders(), config.validateHeaders());
    HttpMessage msg = parseInitialLine(b, 0, ends[0] - 1, headers);
    Framing framing = new Framing();
    parseFields(b, ends, 1, lines - 1, ends[0] + 1, headers, framing);
    boolean http10 = msg.protocolVersion().equals(HttpVersion.HTTP_1_0);
    validateHead(msg);
    if (framing.transferEncoding != null) {
      if (framing.contentLength >= 0) {
        throw new InvalidHttpMessageException("Content-Length and Transfer-Encoding together");
      }
      if (http10) {
        throw new InvalidHttpMessageException("Transfer-Encoding in an HTTP/1.0 message");
      }
      if (!isChunked(framing.transferEncoding)) {
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

  private static boolean isChunked(AsciiString te) {
    int s = 0;
    int e = te.length();
    while (s < e && HttpChars.isOws(te.charAt(s))) {
      s++;
    }
    while (e > s && HttpChars.isOws(te.charAt(e - 1))) {
      e--;
    }
    return e - s == 7 && te.regionMatches(true, s, HttpHeaderValues.CHUNKED, 0, 7);
  }

  /** The framing headers seen while parsing a head. */
  private static final class Framing {
    long contentLength = -1;
    AsciiString transferEncoding;
  }

  /**
   * Finds the end of a head (or trailer) section: the line feed of its empty line. Records the line
   * feeds in {@link #lineEnds}; resumes where the previous call stopped.
   *
   * @return the section length including its empty line, or -1 if more bytes are needed
   */
  private int scanSection(ByteBuf in, boolean head) {
    int limit = (head ? config.maxInitialLineLength() + 2 : 0) + config.maxHeaderSize() + 2;
    int readable = Math.min(in.readableBytes(), limit + 1);
    byte[] src;
    int base;
    if (in.hasArray()) {
      src = in.array();
      base = in.arrayOffset() + in.readerIndex();
    } else {
      if (readable > mirrorLength) {
        if (readable > mirror.length) {
          mirror =
              Arrays.copyOf(mirror, Math.min(Math.max(readable, mirror.length * 2), limit + 1));
        }
        in.getBytes(in.readerIndex() + mirrorLength, mirror, mirrorLength, readable - mirrorLength);
        mirrorLength = readable;
      }
      src = mirror;
      base = 0;
    }
    int from = scanned;
    while (true) {
      int lineStart = lineCount == 0 ? 0 : lineEnds[lineCount - 1] + 1;
      int lf = indexOfLf(src, base + from, base + readable);
      if (lf < 0) {
        checkPartialSection(readable, head);
        scanned = readable;
        return -1;
      }
      lf -= base;
      if (lf == lineStart || src[base + lf - 1] != '\r') {
        throw new InvalidHttpMessageException("a line ends in a bare LF");
      }
      addLineEnd(lf);
      boolean empty = lf == lineStart + 1;
      if (head && lineCount == 1) {
        if (lf - 1 > config.maxInitialLineLength()) {
          throw new TooLongHttpLineException(
              "the first line is longer than " + config.maxInitialLineLength() + " bytes");
        }
      } else if (empty) {
        return lf + 1; // the empty line ending the section
      } else {
        int fieldStart = head ? lineEnds[0] + 1 : 0;
        if (lf + 1 - fieldStart > config.maxHeaderSize()) {
          throw headerTooLarge();
        }
        if ((head ? lineCount - 1 : lineCount) > config.maxHeaderCount()) {
          throw new TooLongHttpHeaderException(
              "more than " + config.maxHeaderCount() + " header fields");
        }
      }
      from = lf + 1;
    }
  }

  private void checkPartialSection(int readable, boolean head) {
    if (head && lineCount == 0) {
      if (readable > config.maxInitialLineLength() + 1) {
        throw new TooLongHttpLineException(
            "the first line is longer than " + config.maxInitialLineLength() + " bytes");
      }
    } else if (readable - (head ? lineEnds[0] + 1 : 0) > config.maxHeaderSize() + 1) {
      throw headerTooLarge();
    }
  }

  private TooLongHttpHeaderException headerTooLarge() {
    return new TooLongHttpHeaderException(
        "the header section is larger than " + config.maxHeaderSize() + " bytes");
  }

  private void addLineEnd(int lf) {
    if (lineCount == lineEnds.length) {
      lineEnds = Arrays.copyOf(lineEnds, lineCount * 2);
    }
    lineEnds[lineCount++] = lf;
  }

  private void resetScan() {
    mirrorLength = 0;
    scanned = 0;
    lineCount = 0;
    if (lineEnds.length > 256) {
      lineEnds = new int[32];
    }
  }

  /** Word-at-a-time search for LF in {@code a[from, to)}; -1 if absent. */
  private static int indexOfLf(byte[] a, int from, int to) {
    int i = from;
    for (; i <= to - Long.BYTES; i += Long.BYTES) {
      long v = (long) LONGS.get(a, i) ^ 0x0A0A0A0A0A0A0A0AL;
      long found = (v - 0x0101010101010101L) & ~v & 0x8080808080808080L;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (a[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /**
   * Parses the field lines {@code ends[firstLine..lastLine)} of a section (the last line is the
   * empty one) into {@code headers}.
   */
  private void parseFields(
      byte[] b,
      int[] ends,
      int firstLine,
      int emptyLine,
      int start,
      HttpHeaders headers,
      Framing framing) {
    boolean validate = config.validateHeaders();
    int lineStart = start;
    for (int l = firstLine; l < emptyLine; l++) {
      int lineEnd = ends[l] - 1; // the CR
      byte first = b[lineStart];
      if (first == ' ' || first == '\t') {
        throw new InvalidHttpMessageException("obs-fold (a header line starting with whitespace)");
      }
      int colon = lineStart;
      while (colon < lineEnd && b[colon] != ':') {
        if (!HttpChars.isTokenByte(b[colon])) {
          throw new InvalidHttpMessageException(
              "invalid byte 0x" + Integer.toHexString(b[colon] & 0xFF) + " in a header name");
        }
        colon++;
      }
      if (colon == lineEnd || colon == lineStart) {
        throw new InvalidHttpMessageException("a header line without name or colon");
      }
      int vs = colon + 1;
      while (vs < lineEnd && (b[vs] == ' ' || b[vs] == '\t')) {
        vs++;
      }
      int ve = lineEnd;
      while (ve > vs && (b[ve - 1] == ' ' || b[ve - 1] == '\t')) {
        ve--;
      }
      for (int i = vs; i < ve; i++) {
        if (!HttpChars.isFieldValueByte(b[i]) && (validate || isSmugglingByte(b[i]))) {
          throw new InvalidHttpMessageException(
              "invalid byte 0x" + Integer.toHexString(b[i] & 0xFF) + " in a header value");
        }
      }
      int nameLength = colon - lineStart;
      AsciiString name = KnownHeaderNames.lookup(b, lineStart, nameLength);
      if (name == null) {
        name = new AsciiString(b, lineStart, nameLength, false);
      }
      AsciiString value =
          ve == vs ? AsciiString.EMPTY_STRING : new AsciiString(b, vs, ve - vs, false);
      if (framing != null) {
        if (name == HttpHeaderNames.CONTENT_LENGTH) {
          if (framing.contentLength >= 0) {
            throw new InvalidHttpMessageException("more than one Content-Length");
          }
          framing.contentLength = parseContentLength(b, vs, ve);
        } else if (name == HttpHeaderNames.TRANSFER_ENCODING) {
          if (framing.transferEncoding != null) {
            throw new InvalidHttpMessageException("more than one Transfer-Encoding");
          }
          framing.transferEncoding = value;
        }
      }
      headers.addTrusted(name, value);
      lineStart = ends[l] + 1;
    }
  }

  // Even without validation, these bytes never pass: they split or confuse framing.
  private static boolean isSmugglingByte(byte b) {
    return b == '\r' || b == '\n' || b == 0;
  }

  private static long parseContentLength(byte[] b, int from, int to) {
    if (from == to || to - from > 18) {
      throw new InvalidHttpMessageException("invalid Content-Length");
    }
    long n = 0;
    for (int i = from; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw new InvalidHttpMessageException("invalid Content-Length");
      }
      n = n * 10 + d;
    }
    return n;
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
    int end = scanSection(in, false);
    if (end < 0) {
      return false;
    }
    if (end == 2) {
      resetScan();
      in.skipBytes(2);
      out.add(LastHttpContent.EMPTY_LAST_CONTENT);
    } else {
      byte[] b = new byte[end];
      in.getBytes(in.readerIndex(), b, 0, end);
      int lines = lineCount;
      int[] ends = lineEnds;
      resetScan();
      in.skipBytes(end);
      HttpHeaders trailers = HttpHeaders.newTrailers(false);
      parseFields(b, ends, 0, lines - 1, 0, trailers, null);
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
    resetScan();
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
