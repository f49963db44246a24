package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.DecoderException;
import io.tern.codec.TooLongFrameException;
import io.tern.codec.redis.internal.MessageAssembler;
import io.tern.codec.redis.internal.RespNumbers;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Decodes RESP2 and RESP3 into {@link RedisMessage}s, for clients (replies, pushes) and servers
 * (commands, inline commands when {@linkplain RedisDecoderConfig#inlineCommands() enabled}).
 *
 * <h2>Aggregating and streaming</h2>
 *
 * With {@link RedisDecoderConfig#aggregate()} on (the default) every message passed on is whole: a
 * bulk string is a {@link FullBulkStringRedisMessage}, an aggregate an {@link ArrayRedisMessage} or
 * {@link MapRedisMessage} holding its children, built as the bytes arrive (nothing is parsed twice)
 * under {@link RedisDecoderConfig#maxMessageBytes()} and {@link
 * RedisDecoderConfig#maxNestingDepth()}. This does in one handler what Netty's {@code
 * RedisDecoder}, {@code RedisBulkStringAggregator} and {@code RedisArrayAggregator} do in three.
 *
 * <p>With it off, the decoder streams: a bulk string of {@code n > 0} bytes becomes a {@link
 * BulkStringHeaderRedisMessage} and {@link BulkStringRedisContent} pieces passed on as bytes
 * arrive, and an aggregate of {@code n > 0} elements an {@link AggregateHeaderRedisMessage}
 * followed by its elements. Null and empty bulk strings and aggregates, bulk errors and verbatim
 * strings always come whole. A streamed bulk string whose content is not followed by CR LF ends in
 * the error instead of a last piece, after all its content but the last byte was passed on: that
 * much is passed on however the bytes arrive, so the messages never depend on where the stream was
 * cut.
 *
 * <p>RESP3's streamed strings and aggregates ({@code $?}, {@code *?}), which Redis never sends, are
 * rejected as malformed.
 *
 * <h2>Errors</h2>
 *
 * Malformed input raises a {@link RedisCodecException}, a limit a {@link TooLongFrameException},
 * both checked before the bytes they concern are waited for. The decoder then releases what it held
 * and discards all further input: a RESP stream cannot be resynchronised, so close the connection.
 * Input that ends inside a message (part of a value, or an aggregate still waiting for elements
 * when aggregating) raises a {@link RedisCodecException} too, so a truncated reply is never
 * mistaken for one that was not sent. When streaming, the decoder does not count an aggregate's
 * elements, so only a value cut off part-way is detected.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; keeps per-connection state, so each channel needs its own instance.
 *
 * <h2>Ownership</h2>
 *
 * Each message passed on belongs to the next handler, which releases it. Bulk strings and verbatim
 * strings hold retained slices of the received bytes, not copies. The children of an unfinished
 * aggregate are released when the decoder fails, is removed, or its input ends.
 */
public final class RedisDecoder extends ByteToMessageDecoder {
  /** A length line: a sign and at most 19 digits. */
  private static final int MAX_LENGTH_LINE = 20;

  private static final short OK = ('O' << 8) | 'K';

  private final RedisDecoderConfig config;
  private final MessageAssembler assembler; // null when streaming
  private int bulkRemaining; // streaming: content bytes of the current bulk string still to come
  private int scanned; // bytes after the current value's first content byte known to hold no LF
  private boolean failed;

  /** Creates a decoder with {@link RedisDecoderConfig#DEFAULT}: aggregating, default limits. */
  public RedisDecoder() {
    this(RedisDecoderConfig.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param config the limits and whether to aggregate
   */
  public RedisDecoder(RedisDecoderConfig config) {
    this.config = config;
    this.assembler =
        config.aggregate()
            ? new MessageAssembler(config.maxNestingDepth(), config.maxMessageBytes())
            : null;
  }

  /**
   * Returns the configuration.
   *
   * @return the limits and switches
   */
  public RedisDecoderConfig config() {
    return config;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      while (in.isReadable()) {
        boolean progress = bulkRemaining > 0 ? streamContent(in, out) : decodeValue(in, out);
        if (!progress) {
          return;
        }
      }
    } catch (DecoderException e) {
      failed = true;
      clear();
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws Exception {
    try {
      super.decodeLast(ctx, in, out);
      if (!failed && (in.isReadable() || bulkRemaining > 0 || isAssembling())) {
        // A reply cut off by the peer's close must not look like a reply never sent: the
        // application would wait for it, or take the next connection's bytes as its rest.
        failed = true;
        in.skipBytes(in.readableBytes());
        throw new RedisCodecException("the input ended inside a message");
      }
    } finally {
      clear();
    }
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    clear();
  }

  private boolean isAssembling() {
    return assembler != null && assembler.isAssembling();
  }

  private void clear() {
    if (assembler != null) {
      assembler.reset();
    }
    bulkRemaining = 0;
    scanned = 0;
  }

  /** Decodes the value at the reader index; {@code false} if its bytes are not all here yet. */
  private boolean decodeValue(ByteBuf in, List<Object> out) {
    int r = in.readerIndex();
    byte prefix = in.getByte(r);
    return switch (prefix) {
      case '$', '!', '=' -> bulk(in, r, prefix, out);
      case '*' -> aggregate(in, r, RedisMessageType.ARRAY, out);
      case '%' -> aggregate(in, r, RedisMessageType.MAP, out);
      case '~' -> aggregate(in, r, RedisMessageType.SET, out);
      case '>' -> aggregate(in, r, RedisMessageType.PUSH, out);
      case '|' -> aggregate(in, r, RedisMessageType.ATTRIBUTE, out);
      case '+', '-', ':', '_', '#', ',', '(' -> line(in, r, prefix, out);
      default -> inline(in, r, prefix, out);
    };
  }

  private boolean line(ByteBuf in, int r, byte prefix, List<Object> out) {
    int start = r + 1;
    int cr = lineEnd(in, start, config.maxLineLength());
    if (cr < 0) {
      return false;
    }
    int length = cr - start;
    RedisMessage message =
        switch (prefix) {
          case '+' ->
              length == 2 && in.getShort(start) == OK
                  ? SimpleStringRedisMessage.OK
                  : new SimpleStringRedisMessage(
                      in.toString(start, length, StandardCharsets.UTF_8));
          case '-' -> new ErrorRedisMessage(in.toString(start, length, StandardCharsets.UTF_8));
          case ':' -> IntegerRedisMessage.of(RespNumbers.parseLong(in, start, cr));
          case '_' -> {
            if (length != 0) {
              throw new RedisCodecException("RESP3 null with content");
            }
            yield NullRedisMessage.INSTANCE;
          }
          case '#' -> {
            byte b = length == 1 ? in.getByte(start) : 0;
            if (b != 't' && b != 'f') {
              throw new RedisCodecException("RESP3 boolean is neither t nor f");
            }
            yield BooleanRedisMessage.of(b == 't');
          }
          case ',' -> new DoubleRedisMessage(RespNumbers.parseDouble(in, start, cr));
          default -> new BigNumberRedisMessage(RespNumbers.parseBigInteger(in, start, cr));
        };
    in.readerIndex(cr + 2);
    emit(message, cr + 2 - r, out);
    return true;
  }

  private boolean bulk(ByteBuf in, int r, byte prefix, List<Object> out) {
    int cr = lineEnd(in, r + 1, MAX_LENGTH_LINE);
    if (cr < 0) {
      return false;
    }
    long length = RespNumbers.parseLong(in, r + 1, cr);
    int contentStart = cr + 2;
    if (length == -1 && prefix == '$') {
      in.readerIndex(contentStart);
      emit(FullBulkStringRedisMessage.NULL_INSTANCE, contentStart - r, out);
      return true;
    }
    if (length < 0) {
      throw new RedisCodecException("negative length " + length + " of '" + (char) prefix + "'");
    }
    if (length > config.maxBulkLength()) {
      throw new TooLongFrameException(
          "RESP bulk value of "
              + length
              + " bytes exceeds "
              + config.maxBulkLength()
              + " (maxBulkLength)");
    }
    int size = (int) length;
    long wire = contentStart - r + length + 2;
    if (prefix == '$' && assembler == null && size > 0) {
      in.readerIndex(contentStart);
      bulkRemaining = size;
      out.add(new BulkStringHeaderRedisMessage(size));
      return true;
    }
    if (assembler != null) {
      assembler.checkRoom(wire);
    }
    if (in.writerIndex() - contentStart < length + 2) {
      return false;
    }
    int end = contentStart + size;
    if (in.getByte(end) != '\r' || in.getByte(end + 1) != '\n') {
      throw new RedisCodecException("bulk value of " + size + " bytes not followed by CR LF");
    }
    if (assembler != null) {
      assembler.account(wire);
    }
    RedisMessage message =
        switch (prefix) {
          case '$' ->
              size == 0
                  ? FullBulkStringRedisMessage.EMPTY_INSTANCE
                  : new FullBulkStringRedisMessage(in.retainedSlice(contentStart, size));
          case '!' ->
              new ErrorRedisMessage(in.toString(contentStart, size, StandardCharsets.UTF_8));
          default -> verbatim(in, contentStart, size);
        };
    in.readerIndex(end + 2);
    value(message, out);
    return true;
  }

  private static VerbatimStringRedisMessage verbatim(ByteBuf in, int start, int size) {
    if (size < 4 || in.getByte(start + 3) != ':') {
      throw new RedisCodecException("verbatim string without a 3-byte format and ':'");
    }
    for (int i = start; i < start + 3; i++) {
      byte b = in.getByte(i);
      if (b < 0x20 || b > 0x7e) {
        throw new RedisCodecException("verbatim string format is not printable ASCII");
      }
    }
    String format = in.toString(start, 3, StandardCharsets.US_ASCII);
    return new VerbatimStringRedisMessage(format, in.retainedSlice(start + 4, size - 4));
  }

  private boolean streamContent(ByteBuf in, List<Object> out) {
    int available = in.readableBytes();
    if (available >= bulkRemaining + 2) {
      int end = in.readerIndex() + bulkRemaining;
      if (in.getByte(end) != '\r' || in.getByte(end + 1) != '\n') {
        // Had the bytes come in smaller pieces, all the content but its last byte would have been
        // passed on before the terminator could be checked: pass on the same here, so that what
        // the next handler sees never depends on how the stream was cut.
        if (bulkRemaining > 1) {
          out.add(BulkStringRedisContent.of(in.readRetainedSlice(bulkRemaining - 1)));
          bulkRemaining = 1;
        }
        throw new RedisCodecException("bulk string not followed by CR LF");
      }
      ByteBuf piece = in.readRetainedSlice(bulkRemaining);
      in.skipBytes(2);
      bulkRemaining = 0;
      out.add(BulkStringRedisContent.last(piece));
      return true;
    }
    // Keep at least one byte back so that the last piece is never empty.
    int n = Math.min(available, bulkRemaining - 1);
    if (n <= 0) {
      return false;
    }
    bulkRemaining -= n;
    out.add(BulkStringRedisContent.of(in.readRetainedSlice(n)));
    return true;
  }

  private boolean aggregate(ByteBuf in, int r, RedisMessageType type, List<Object> out) {
    int cr = lineEnd(in, r + 1, MAX_LENGTH_LINE);
    if (cr < 0) {
      return false;
    }
    long length = RespNumbers.parseLong(in, r + 1, cr);
    if (length < -1 || (length == -1 && type != RedisMessageType.ARRAY)) {
      throw new RedisCodecException("invalid length " + length + " of " + type);
    }
    if (length > config.maxAggregateLength()) {
      throw new TooLongFrameException(
          "RESP "
              + type
              + " of "
              + length
              + " elements exceeds "
              + config.maxAggregateLength()
              + " (maxAggregateLength)");
    }
    in.readerIndex(cr + 2);
    int wire = cr + 2 - r;
    if (assembler == null) {
      out.add(
          length == -1
              ? ArrayRedisMessage.NULL_INSTANCE
              : length == 0
                  ? MessageAssembler.empty(type)
                  : new AggregateHeaderRedisMessage(type, length));
      return true;
    }
    assembler.account(wire);
    RedisMessage done =
        length == -1
            ? assembler.value(ArrayRedisMessage.NULL_INSTANCE)
            : assembler.begin(type, length);
    if (done != null) {
      out.add(done);
    }
    return true;
  }

  private boolean inline(ByteBuf in, int r, byte prefix, List<Object> out) {
    if (!config.inlineCommands() || (assembler != null && assembler.isAssembling())) {
      throw new RedisCodecException(
          "unknown RESP type byte 0x" + Integer.toHexString(prefix & 0xff));
    }
    int max = config.maxLineLength();
    int w = in.writerIndex();
    int limit = r + max + 2;
    int to = Math.min(w, limit);
    int from = r + scanned;
    int lf = from < to ? in.indexOf(from, to, (byte) '\n') : -1;
    if (lf < 0) {
      if (w >= limit || (w > r + max && in.getByte(r + max) != '\r')) {
        throw new TooLongFrameException(
            "inline command longer than " + max + " bytes (maxLineLength)");
      }
      scanned = to - r;
      return false;
    }
    scanned = 0;
    int end = lf > r && in.getByte(lf - 1) == '\r' ? lf - 1 : lf;
    if (end - r > max) {
      // A bare LF right after max + 1 bytes: cut before it, the line is already too long.
      throw new TooLongFrameException(
          "inline command longer than " + max + " bytes (maxLineLength)");
    }
    String line = in.toString(r, end - r, StandardCharsets.UTF_8);
    in.readerIndex(lf + 1);
    if (!line.isBlank()) {
      emit(new InlineCommandRedisMessage(line), lf + 1 - r, out);
    }
    return true;
  }

  /**
   * Finds the CR of the CR LF that ends the line whose content starts at {@code start}.
   *
   * @return the CR's index, or -1 if the line is not complete yet
   */
  private int lineEnd(ByteBuf in, int start, int maxLength) {
    int w = in.writerIndex();
    int limit = start + maxLength + 2;
    int to = Math.min(w, limit);
    int from = start + scanned;
    int lf = from < to ? in.indexOf(from, to, (byte) '\n') : -1;
    if (lf < 0) {
      // Too long for sure once max + 2 bytes hold no LF, or max + 1 bytes end in no CR.
      if (w >= limit || (w > start + maxLength && in.getByte(start + maxLength) != '\r')) {
        throw tooLongLine(maxLength);
      }
      scanned = Math.max(0, to - start);
      return -1;
    }
    scanned = 0;
    if (lf == start || in.getByte(lf - 1) != '\r') {
      if (lf > start + maxLength) {
        // max + 1 bytes without a CR at the end: too long, whether or not an LF follows (cut
        // before that LF, the input fails the same way).
        throw tooLongLine(maxLength);
      }
      throw new RedisCodecException("RESP line not ended by CR LF");
    }
    return lf - 1;
  }

  private static TooLongFrameException tooLongLine(int maxLength) {
    return new TooLongFrameException(
        "RESP line longer than "
            + maxLength
            + " bytes"
            + (maxLength == MAX_LENGTH_LINE ? " (a length)" : " (maxLineLength)"));
  }

  /** Passes on a value that is not reference-counted, counting its bytes when aggregating. */
  private void emit(RedisMessage message, int wire, List<Object> out) {
    if (assembler != null) {
      assembler.account(wire);
    }
    value(message, out);
  }

  private void value(RedisMessage message, List<Object> out) {
    if (assembler == null) {
      out.add(message);
      return;
    }
    RedisMessage done = assembler.value(message);
    if (done != null) {
      out.add(done);
    }
  }
}
