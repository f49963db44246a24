package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.http.websocket.BinaryWebSocketFrame;
import io.tern.codec.http.websocket.ContinuationWebSocketFrame;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrame;
import java.nio.ByteBuffer;
import java.util.zip.Deflater;

/**
 * Compresses the messages one endpoint sends (RFC 7692, section 7.2.1): each frame's payload is
 * deflated and flushed with {@link Deflater#SYNC_FLUSH}, the message's first frame gets RSV1, and
 * the last frame loses the {@code 00 00 ff ff} the flush ends with (or, when there was nothing to
 * flush, is the single byte {@code 00}, so that the tail the receiver appends completes an empty
 * stored block).
 *
 * <p>The JDK's {@link Deflater} has a 15-bit window. With a smaller agreed window a message is
 * compressed only if it is unfragmented and no longer than the window, by a compressor reset just
 * before it, so no back-reference can reach further than the message itself; any other message is
 * sent uncompressed (RSV1 clear), as RFC 7692 allows for every message. Frames the application sent
 * with RSV bits of its own, and control frames, pass untouched.
 */
public final class MessageDeflater {
  /** The empty stored block a sync flush ends with. */
  static final int TAIL = 0x0000FFFF;

  /** The window of the JDK's {@link Deflater}. */
  private static final int JDK_WINDOW_BITS = 15;

  private static final byte[] EMPTY = new byte[0];

  private final Deflater deflater;
  private final boolean noContextTakeover;
  private final int windowBits;

  /** Whether the message in progress is being compressed. */
  private boolean compressing;

  /**
   * Creates a deflater.
   *
   * @param params the agreed parameters
   */
  public MessageDeflater(DeflateParams params) {
    this.deflater = new Deflater(params.compressionLevel(), true);
    this.noContextTakeover = params.compressorNoContextTakeover();
    this.windowBits = params.compressorWindowBits();
  }

  /**
   * Returns the frame to send for {@code frame}: a compressed copy (and {@code frame} released), or
   * {@code frame} itself.
   *
   * @param alloc allocates the compressed payload
   * @param frame a frame to send, owned by this call
   * @return the frame to send, owned by the caller
   */
  public WebSocketFrame encode(ByteBufAllocator alloc, WebSocketFrame frame) {
    int opcode = frame.opcode();
    if (opcode >= 0x8) {
      return frame;
    }
    boolean first = opcode != 0x0;
    if (first) {
      compressing = frame.rsv() == 0 && fitsWindow(frame);
      if (compressing && windowBits < JDK_WINDOW_BITS) {
        deflater.reset();
      }
    }
    if (!compressing) {
      return frame;
    }
    boolean fin = frame.isFinalFragment();
    ByteBuf payload = compress(alloc, frame.content(), fin);
    WebSocketFrame out;
    try {
      out = Frames.withPayload(frame, fin, first ? 4 : 0, payload);
    } catch (RuntimeException e) {
      payload.release();
      throw e;
    }
    frame.release();
    if (fin) {
      compressing = false;
      if (noContextTakeover) {
        deflater.reset();
      }
    }
    return out;
  }

  private boolean fitsWindow(WebSocketFrame first) {
    return windowBits >= JDK_WINDOW_BITS
        || (first.isFinalFragment() && first.content().readableBytes() <= (1 << windowBits));
  }

  private ByteBuf compress(ByteBufAllocator alloc, ByteBuf in, boolean fin) {
    int length = in.readableBytes();
    ByteBuf out = alloc.buffer(length + (length >>> 3) + 16);
    try {
      if (in.nioBufferCount() == 1) {
        deflater.setInput(in.nioBuffer(in.readerIndex(), length));
        deflate(out, Deflater.SYNC_FLUSH);
      } else {
        // A payload in several pieces (gathered from reads, or inflated in chunks): each piece is
        // given to the compressor as it is rather than merged into one buffer first; the pieces
        // before the last are taken in without a flush, so the output is the same.
        ByteBuffer[] pieces = in.nioBuffers(in.readerIndex(), length);
        for (int i = 0; i < pieces.length; i++) {
          deflater.setInput(pieces[i]);
          deflate(out, i == pieces.length - 1 ? Deflater.SYNC_FLUSH : Deflater.NO_FLUSH);
        }
        if (pieces.length == 0) {
          deflater.setInput(EMPTY);
          deflate(out, Deflater.SYNC_FLUSH);
        }
      }
    } catch (RuntimeException e) {
      out.release();
      throw e;
    }
    if (fin) {
      int end = out.writerIndex();
      if (end - out.readerIndex() >= 4 && out.getInt(end - 4) == TAIL) {
        out.writerIndex(end - 4);
      } else if (end == out.readerIndex()) {
        // Nothing to flush (an empty frame right after a flush): zlib emits nothing, but the
        // receiver appends 00 00 ff ff, so the payload must start that empty stored block with
        // its header byte (RFC 7692, section 7.2.3.6).
        out.writeByte(0);
      }
    }
    return out;
  }

  /**
   * Runs the compressor over its input into {@code out}, growing {@code out} when it fills: with
   * {@code NO_FLUSH} until the input is taken in, with {@code SYNC_FLUSH} until all is flushed.
   */
  private void deflate(ByteBuf out, int flush) {
    while (true) {
      ByteBuffer dst = out.nioBuffer(out.writerIndex(), out.writableBytes());
      int space = dst.remaining();
      int n = deflater.deflate(dst, flush);
      out.writerIndex(out.writerIndex() + n);
      if (n < space) {
        // Room left: zlib stops short of a full output only once its input is all taken in and,
        // with a flush, all of it is out.
        return;
      }
      out.ensureWritable(Math.max(256, out.capacity() >>> 1));
    }
  }

  /** Frees the compressor's native memory; the deflater is unusable afterwards. */
  public void end() {
    deflater.end();
  }

  /** Builds frames of the same kind as another. */
  static final class Frames {
    private Frames() {}

    static WebSocketFrame withPayload(WebSocketFrame like, boolean fin, int rsv, ByteBuf payload) {
      if (like instanceof TextWebSocketFrame) {
        return new TextWebSocketFrame(fin, rsv, payload);
      }
      if (like instanceof BinaryWebSocketFrame) {
        return new BinaryWebSocketFrame(fin, rsv, payload);
      }
      return new ContinuationWebSocketFrame(fin, rsv, payload);
    }
  }
}
