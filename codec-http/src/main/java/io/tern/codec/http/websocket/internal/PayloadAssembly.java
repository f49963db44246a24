package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.CompositeByteBuf;

/**
 * The payload of one large frame arriving over several reads, gathered without copying: each read's
 * share is kept as a retained slice of that read's own buffer, the slices making up a composite.
 * The decoder then holds no unread bytes between reads, so the next read is taken as it is instead
 * of being copied behind them into a cumulation buffer.
 *
 * <p>A frame trickling in through many small reads would make a composite of many tiny slices (and
 * pin many read buffers); past {@value #MAX_SLICES} slices the bytes gathered so far are copied
 * once into one buffer sized for the whole payload, and later shares are copied into it, so no byte
 * is copied more than once.
 */
public final class PayloadAssembly {
  /** The most slices kept before the payload is gathered by copying. */
  static final int MAX_SLICES = 32;

  private final ByteBufAllocator alloc;
  private final int length;
  private ByteBuf payload;
  private boolean copying;

  /**
   * Starts a payload.
   *
   * @param alloc allocates the composite (and the copy, if it comes to that)
   * @param length the payload's full length
   */
  public PayloadAssembly(ByteBufAllocator alloc, int length) {
    this.alloc = alloc;
    this.length = length;
    // One more than the slices kept, so the composite never consolidates on its own.
    this.payload = alloc.compositeBuffer(MAX_SLICES + 1);
  }

  /**
   * Reads {@code n} bytes of {@code in} (from its reader index) into the payload.
   *
   * @param in the buffer holding them; its reader index advances by {@code n}
   * @param n how many bytes
   */
  public void add(ByteBuf in, int n) {
    if (n == 0) {
      return;
    }
    if (!copying) {
      CompositeByteBuf composite = (CompositeByteBuf) payload;
      if (composite.numComponents() < MAX_SLICES) {
        composite.addComponent(true, in.readRetainedSlice(n));
        return;
      }
      ByteBuf whole = alloc.buffer(length);
      try {
        whole.writeBytes(composite, composite.readerIndex(), composite.readableBytes());
      } catch (RuntimeException e) {
        whole.release();
        throw e;
      }
      composite.release();
      payload = whole;
      copying = true;
    }
    payload.writeBytes(in, in.readerIndex(), n);
    in.skipBytes(n);
  }

  /**
   * Returns the gathered payload and gives up this assembly's hold on it.
   *
   * @return the payload, owned by the caller
   */
  public ByteBuf take() {
    ByteBuf p = payload;
    payload = null;
    return p;
  }

  /** Releases what was gathered (a frame that will not be completed). */
  public void release() {
    if (payload != null) {
      payload.release();
      payload = null;
    }
  }
}
