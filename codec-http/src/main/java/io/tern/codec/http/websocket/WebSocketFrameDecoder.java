package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.http.websocket.internal.FrameWriter;
import io.tern.codec.http.websocket.internal.Masking;
import io.tern.codec.http.websocket.internal.PayloadAssembly;
import io.tern.codec.http.websocket.internal.Utf8Validator;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Decodes RFC 6455 frames (version 13) into {@link WebSocketFrame}s, enforcing the protocol and the
 * limits of its {@link WebSocketDecoderConfig}.
 *
 * <p>A frame's payload is unmasked in place, in the decoder's own input, as its bytes arrive, and a
 * text message is validated as UTF-8 over the same bytes right after unmasking: a bad byte fails
 * the message as soon as it has arrived, even if the frame is megabytes long and still arriving.
 * The frame passed on holds a retained slice of that input (no copy); a data frame of 8 KiB or more
 * that arrives over several reads holds a composite of retained slices of those reads, so its bytes
 * are not copied into the decoder's cumulation either (a frame trickling in through more than 32
 * reads is copied once into one buffer instead). Masking and validation work eight bytes at a time.
 *
 * <p>Every violation is answered as RFC 6455 says: the decoder writes a close frame with the status
 * the RFC names (1002 protocol error, 1007 bad UTF-8, 1009 too big), closes the connection once it
 * is written, discards all further input and throws a {@link CorruptedWebSocketFrameException}
 * (seen in {@code exceptionCaught}). The rules:
 *
 * <ul>
 *   <li>RSV bits without a negotiated extension; reserved opcodes (3–7, B–F) → 1002
 *   <li>an unmasked frame on a server, a masked one on a client → 1002
 *   <li>a control frame that is fragmented or longer than 125 bytes → 1002
 *   <li>a continuation with no message in progress; a new text or binary frame while one is → 1002
 *   <li>a length not in its shortest form, or with the 64-bit form's high bit set → 1002
 *   <li>a frame over {@code maxFramePayloadLength}, a message over {@code maxMessagePayloadLength}
 *       → 1009
 *   <li>a text message (or a close reason) that is not UTF-8 → 1007
 *   <li>a close payload of one byte, or with a code that may not be sent (see {@link
 *       WebSocketCloseStatus#isValidCode}) → 1002
 * </ul>
 *
 * <p>After a close frame, further input is discarded. The decoder writes its close frame itself
 * (masked on a client), so it needs no encoder to be placed anywhere in particular.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Each frame passed on is owned by the next handler. The decoder's input is owned by the decoder
 * until it is passed on (as payload slices) or released; nothing is held once the handler is
 * removed or the channel is closed.
 */
public class WebSocketFrameDecoder extends ByteToMessageDecoder {
  private static final int HEADER = 0;
  private static final int PAYLOAD = 1;
  private static final int DISCARD = 2;

  private static final int CONTINUATION = 0x0;
  private static final int TEXT = 0x1;
  private static final int BINARY = 0x2;
  private static final int CLOSE = 0x8;
  private static final int PING = 0x9;
  private static final int PONG = 0xA;

  /**
   * Data payloads at least this long that do not arrive in one read are gathered as slices of the
   * reads ({@link PayloadAssembly}) rather than in the cumulation: otherwise every read after the
   * first would be copied behind the bytes held so far.
   */
  private static final int ASSEMBLE_FROM = 8192;

  private final WebSocketDecoderConfig config;
  private final Utf8Validator textValidator = new Utf8Validator();

  private int state = HEADER;
  private boolean fin;
  private int rsv;
  private int opcode;
  private boolean masked;
  private int maskKey;
  private int payloadLength;
  private int payloadDone;

  /** Opcode of the message in progress ({@code TEXT} or {@code BINARY}), or -1 between messages. */
  private int messageOpcode = -1;

  private long messageLength;
  private boolean validatingText;
  private boolean failed;

  /** The payload of the frame in progress while it is gathered from slices, else {@code null}. */
  private PayloadAssembly assembly;

  /**
   * Creates a decoder.
   *
   * @param config the limits and rules (server or client)
   */
  public WebSocketFrameDecoder(WebSocketDecoderConfig config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /** Whether this decoder met a violation and answered it with its own close frame. */
  boolean hasFailed() {
    return failed;
  }

  /**
   * Returns the configuration.
   *
   * @return the config
   */
  public WebSocketDecoderConfig config() {
    return config;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    // Payloads are unmasked in place; a read-only input is copied once so that stays possible.
    if (msg instanceof ByteBuf buf && buf.isReadOnly()) {
      ByteBuf copy = ctx.alloc().buffer(buf.readableBytes());
      copy.writeBytes(buf, buf.readerIndex(), buf.readableBytes());
      buf.release();
      msg = copy;
    }
    super.channelRead(ctx, msg);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (true) {
      if (state == DISCARD) {
        in.skipBytes(in.readableBytes());
        return;
      }
      if (state == HEADER && !readHeader(ctx, in)) {
        return;
      }
      if (!readPayload(ctx, in, out)) {
        return;
      }
    }
  }

  private boolean readHeader(ChannelHandlerContext ctx, ByteBuf in) {
    int readable = in.readableBytes();
    if (readable < 2) {
      return false;
    }
    int r = in.readerIndex();
    int b0 = in.getUnsignedByte(r);
    int b1 = in.getUnsignedByte(r + 1);
    int len7 = b1 & 0x7F;
    boolean mask = (b1 & 0x80) != 0;
    int headerLength = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + (mask ? 4 : 0);
    if (readable < headerLength) {
      return false;
    }
    fin = (b0 & 0x80) != 0;
    rsv = (b0 >> 4) & 7;
    opcode = b0 & 0x0F;
    masked = mask;
    if (rsv != 0 && !config.allowExtensions()) {
      throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "RSV bits set: " + rsv);
    }
    if (masked != config.expectMaskedFrames()) {
      throw fail(
          ctx,
          in,
          WebSocketCloseStatus.PROTOCOL_ERROR,
          masked ? "a server's frame is masked" : "a client's frame is not masked");
    }
    long length;
    if (len7 == 126) {
      length = in.getUnsignedShort(r + 2);
      if (length < 126) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "length not minimally encoded");
      }
    } else if (len7 == 127) {
      length = in.getLong(r + 2);
      if (length < 0) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "64-bit length has its top bit");
      }
      if (length <= 0xFFFF) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "length not minimally encoded");
      }
    } else {
      length = len7;
    }
    if (opcode >= CLOSE) {
      if (opcode > PONG) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "reserved opcode " + opcode);
      }
      if (!fin) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "fragmented control frame");
      }
      if (length > 125) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "control frame over 125 bytes");
      }
    } else {
      if (opcode > BINARY) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "reserved opcode " + opcode);
      }
      if (opcode == CONTINUATION && messageOpcode < 0) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "continuation without message");
      }
      if (opcode != CONTINUATION && messageOpcode >= 0) {
        throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "new message inside a message");
      }
      if (length > config.maxFramePayloadLength()) {
        throw fail(ctx, in, WebSocketCloseStatus.MESSAGE_TOO_BIG, "frame of " + length + " bytes");
      }
      long total = (opcode == CONTINUATION ? messageLength : 0) + length;
      if (total > config.maxMessagePayloadLength()) {
        throw fail(ctx, in, WebSocketCloseStatus.MESSAGE_TOO_BIG, "message over " + total);
      }
      if (opcode != CONTINUATION) {
        messageOpcode = opcode;
        // A compressed message (RSV1) is validated by the extension after inflating.
        validatingText = opcode == TEXT && config.validateUtf8() && (rsv & 4) == 0;
        textValidator.reset();
      }
      messageLength = total;
    }
    maskKey = masked ? in.getInt(r + headerLength - 4) : 0;
    payloadLength = (int) length;
    payloadDone = 0;
    in.skipBytes(headerLength);
    state = PAYLOAD;
    return true;
  }

  private boolean readPayload(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (assembly != null) {
      return readAssembledPayload(ctx, in, out);
    }
    int available = Math.min(in.readableBytes(), payloadLength);
    if (available > payloadDone) {
      int from = in.readerIndex() + payloadDone;
      checkPayload(ctx, in, from, available - payloadDone);
      payloadDone = available;
    }
    if (payloadDone < payloadLength) {
      if (payloadLength >= ASSEMBLE_FROM && opcode <= BINARY) {
        // Everything in hand belongs to this payload (it is incomplete): take it as a slice.
        assembly = new PayloadAssembly(ctx.alloc(), payloadLength);
        assembly.add(in, payloadDone);
      }
      return false;
    }
    checkCompleteFrame(ctx, in);
    return emit(in.readRetainedSlice(payloadLength), out);
  }

  private boolean readAssembledPayload(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    int n = Math.min(in.readableBytes(), payloadLength - payloadDone);
    checkPayload(ctx, in, in.readerIndex(), n);
    assembly.add(in, n);
    payloadDone += n;
    if (payloadDone < payloadLength) {
      return false;
    }
    checkCompleteFrame(ctx, in);
    ByteBuf payload = assembly.take();
    assembly = null;
    return emit(payload, out);
  }

  /** Unmasks {@code n} payload bytes of {@code in} at {@code from}, then validates text. */
  private void checkPayload(ChannelHandlerContext ctx, ByteBuf in, int from, int n) {
    if (masked) {
      Masking.maskInPlace(in, from, n, Masking.rotate(maskKey, payloadDone));
    }
    if (validatingText && opcode <= BINARY && textValidator.feed(in, from, n) >= 0) {
      throw fail(ctx, in, WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "text is not UTF-8");
    }
  }

  /** Passes the completed frame on, with {@code payload} (owned by this call). */
  private boolean emit(ByteBuf payload, List<Object> out) {
    out.add(
        switch (opcode) {
          case TEXT -> new TextWebSocketFrame(fin, rsv, payload);
          case BINARY -> new BinaryWebSocketFrame(fin, rsv, payload);
          case CONTINUATION -> new ContinuationWebSocketFrame(fin, rsv, payload);
          case PING -> new PingWebSocketFrame(fin, rsv, payload);
          case PONG -> new PongWebSocketFrame(fin, rsv, payload);
          default -> new CloseWebSocketFrame(fin, rsv, payload);
        });
    if (opcode == CLOSE) {
      // Nothing may follow a close frame (RFC 6455, section 5.5.1).
      state = DISCARD;
    }
    return true;
  }

  /** The checks of a frame whose payload is all in (a close frame's still unread in {@code in}). */
  private void checkCompleteFrame(ChannelHandlerContext ctx, ByteBuf in) {
    state = HEADER;
    if (opcode == CLOSE) {
      checkClosePayload(ctx, in);
    }
    if (opcode <= BINARY && fin) {
      if (validatingText && !textValidator.isComplete()) {
        throw fail(ctx, in, WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "text ends inside a char");
      }
      messageOpcode = -1;
      messageLength = 0;
    }
  }

  private void checkClosePayload(ChannelHandlerContext ctx, ByteBuf in) {
    if (payloadLength == 0) {
      return;
    }
    int r = in.readerIndex();
    if (payloadLength == 1) {
      throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "close payload of one byte");
    }
    int code = in.getUnsignedShort(r);
    if (!WebSocketCloseStatus.isValidCode(code)) {
      throw fail(ctx, in, WebSocketCloseStatus.PROTOCOL_ERROR, "invalid close code " + code);
    }
    if (config.validateUtf8() && payloadLength > 2) {
      Utf8Validator reason = new Utf8Validator();
      if (reason.feed(in, r + 2, payloadLength - 2) >= 0 || !reason.isComplete()) {
        throw fail(ctx, in, WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "close reason not UTF-8");
      }
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    try {
      super.channelInactive(ctx);
    } finally {
      releaseAssembly();
    }
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) throws Exception {
    releaseAssembly();
  }

  private void releaseAssembly() {
    if (assembly != null) {
      assembly.release();
      assembly = null;
    }
  }

  /**
   * Enters the failed state: discards input, writes the close frame and closes after it, and
   * returns the exception to throw.
   */
  private CorruptedWebSocketFrameException fail(
      ChannelHandlerContext ctx, ByteBuf in, WebSocketCloseStatus status, String message) {
    state = DISCARD;
    failed = true;
    releaseAssembly();
    in.skipBytes(in.readableBytes());
    if (config.closeOnProtocolViolation() && ctx.channel().isActive()) {
      // The close frame goes out from here, behind the encoder: what the application wrote
      // before it (and the encoder may still hold, see WebSocketFrameEncoder) goes first.
      ctx.channel().flush();
      ByteBuf close =
          FrameWriter.closeFrame(
              ctx.alloc(), status.code(), status.reason(), !config.expectMaskedFrames());
      ctx.writeAndFlush(close).addListener(f -> ctx.close());
    }
    return new CorruptedWebSocketFrameException(status, message);
  }
}
