package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.CompositeByteBuf;
import io.tern.codec.http.websocket.CorruptedWebSocketFrameException;
import io.tern.codec.http.websocket.WebSocketCloseStatus;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates the compressed messages one endpoint receives (RFC 7692, section 7.2.2): the payloads of
 * a message's frames are one deflate stream, to which the receiver appends {@code 00 00 ff ff}
 * after the last frame. Each frame is inflated as it arrives, so a fragmented message never waits
 * whole in memory.
 *
 * <p><b>Decompression bombs.</b> The inflated size of the message is counted while inflating, a
 * step at a time into buffers of at most 64 KiB each (a frame that inflates beyond its first buffer
 * gets a composite of several, so nothing inflated is copied to make room): the moment it passes
 * the limit the message fails with close status {@code 1009}, having used at most the limit plus a
 * step. Deflate data that does not parse fails with {@code 1007}.
 *
 * <p>A message ending with a final block ({@code BFINAL}) ends the deflate stream: what follows it
 * in the message is ignored and the next message starts a new stream. Otherwise the stream (and its
 * window) carries over to the next message, unless the peer resets its compressor per message.
 */
public final class MessageInflater {
  private static final byte[] TAIL = {0, 0, (byte) 0xFF, (byte) 0xFF};
  private static final int MAX_STEP = 64 * 1024;

  /** Output chunks a frame's composite holds before it consolidates them (by copying). */
  private static final int MAX_CHUNKS = 16;

  /**
   * Unfragmented messages up to this many compressed bytes are inflated from a copy with the tail
   * behind them.
   */
  private static final int SMALL = 256;

  private final Inflater inflater = new Inflater(true);
  private final byte[] small = new byte[SMALL + TAIL.length];
  private final boolean peerNoContextTakeover;
  private final long maxMessageLength;
  private long messageLength;
  private long compressedLength;

  /**
   * Creates an inflater.
   *
   * @param params the agreed parameters
   * @param maxMessageLength the largest inflated message, in bytes
   */
  public MessageInflater(DeflateParams params, long maxMessageLength) {
    this.peerNoContextTakeover = params.peerNoContextTakeover();
    this.maxMessageLength = maxMessageLength;
  }

  /**
   * Inflates one frame's payload of a compressed message.
   *
   * @param alloc allocates the result
   * @param in the compressed payload (not released, its indexes unchanged)
   * @param fin whether this is the message's last frame
   * @return the inflated bytes, owned by the caller
   * @throws CorruptedWebSocketFrameException with 1009 if the message inflates beyond the limit,
   *     with 1007 if the data is not deflate
   */
  public ByteBuf inflate(ByteBufAllocator alloc, ByteBuf in, boolean fin) {
    int length = in.readableBytes();
    long room = maxMessageLength - messageLength + 1;
    int initial = (int) Math.max(64, Math.min(Math.min(room, MAX_STEP), 3L * length));
    Output out = new Output(alloc, initial);
    boolean done = false;
    try {
      boolean tailed = false;
      if (!inflater.finished() && length > 0) {
        if (fin && compressedLength == 0 && length <= SMALL) {
          // A small unfragmented message (most chat or RPC messages): its payload and the tail
          // in one input, one pass of the inflater instead of a second one for the tail alone.
          in.getBytes(in.readerIndex(), small, 0, length);
          System.arraycopy(TAIL, 0, small, length, TAIL.length);
          inflater.setInput(small, 0, length + TAIL.length);
          run(out);
          tailed = true;
        } else if (in.nioBufferCount() == 1) {
          inflater.setInput(in.nioBuffer(in.readerIndex(), length));
          run(out);
        } else {
          // A payload gathered from several reads: inflate each piece rather than merge them.
          for (ByteBuffer piece : in.nioBuffers(in.readerIndex(), length)) {
            if (inflater.finished()) {
              break;
            }
            inflater.setInput(piece);
            run(out);
          }
        }
      }
      compressedLength += length;
      // A message with no compressed byte at all is taken as empty: the tail alone would start a
      // stored block the next message's bytes would then be read into.
      if (fin && !tailed && !inflater.finished() && compressedLength > 0) {
        inflater.setInput(TAIL);
        run(out);
      }
      done = true;
    } catch (DataFormatException e) {
      CorruptedWebSocketFrameException bad =
          new CorruptedWebSocketFrameException(
              WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "invalid deflate data: " + e.getMessage());
      bad.initCause(e);
      throw bad;
    } finally {
      if (!done) {
        out.release();
        reset();
      }
    }
    if (fin) {
      messageLength = 0;
      compressedLength = 0;
      if (peerNoContextTakeover || inflater.finished()) {
        inflater.reset();
      }
    }
    return out.take();
  }

  /** Inflates the input set on the inflater into {@code out} until it needs more or finishes. */
  private void run(Output out) throws DataFormatException {
    while (!inflater.finished()) {
      ByteBuf chunk = out.chunk;
      if (!chunk.isWritable()) {
        long room = maxMessageLength - messageLength + 1;
        // Each new chunk as large as all before it (the output doubles), at most a step.
        chunk = out.next((int) Math.max(1, Math.min(room, Math.min(MAX_STEP, out.total))));
      }
      int writable = chunk.writableBytes();
      int n = inflater.inflate(chunk.nioBuffer(chunk.writerIndex(), writable));
      chunk.writerIndex(chunk.writerIndex() + n);
      out.total += n;
      messageLength += n;
      if (messageLength > maxMessageLength) {
        throw new CorruptedWebSocketFrameException(
            WebSocketCloseStatus.MESSAGE_TOO_BIG,
            "message inflates to more than " + maxMessageLength + " bytes");
      }
      if (n < writable) {
        if (inflater.needsInput() || inflater.finished()) {
          return;
        }
        if (inflater.needsDictionary()) {
          throw new DataFormatException("a preset dictionary is required");
        }
        if (n == 0) {
          throw new DataFormatException("the inflater made no progress");
        }
      }
    }
  }

  private void reset() {
    messageLength = 0;
    compressedLength = 0;
    inflater.reset();
  }

  /** Frees the inflater's native memory; unusable afterwards. */
  public void end() {
    inflater.end();
  }

  /**
   * The inflated bytes of one frame: a buffer, and once that is full the next one, gathered as a
   * composite. Growing one buffer instead would copy what was inflated so far at every step (a 64
   * KiB message whose first guess was 47 KiB was copied once more in full).
   */
  private static final class Output {
    private final ByteBufAllocator alloc;
    ByteBuf chunk;

    /** Bytes inflated into this output. */
    int total;

    private CompositeByteBuf whole;

    Output(ByteBufAllocator alloc, int initial) {
      this.alloc = alloc;
      this.chunk = alloc.buffer(initial);
    }

    /** Starts a new chunk of {@code capacity} bytes behind the full one, and returns it. */
    ByteBuf next(int capacity) {
      ByteBuf fresh = alloc.buffer(capacity);
      if (whole == null) {
        whole = alloc.compositeBuffer(MAX_CHUNKS);
      }
      whole.addComponent(true, chunk);
      chunk = fresh;
      return fresh;
    }

    /** Returns what was inflated, owned by the caller. */
    ByteBuf take() {
      if (whole == null) {
        return chunk;
      }
      if (chunk.isReadable()) {
        whole.addComponent(true, chunk);
      } else {
        chunk.release();
      }
      chunk = null;
      return whole;
    }

    void release() {
      if (chunk != null) {
        chunk.release();
      }
      if (whole != null) {
        whole.release();
      }
    }
  }
}
