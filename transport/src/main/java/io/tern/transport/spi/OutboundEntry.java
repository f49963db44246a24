package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import java.nio.ByteBuffer;

/**
 * One write queued in a {@link ChannelOutboundBuffer}: the message, its promise, the bytes it
 * counts towards writability, and the NIO views of a buffer cached for gathering writes (so a
 * partly written buffer keeps its position between attempts). Entries are recycled through the
 * {@link Pool} of the loop thread that uses them. Event loop only.
 */
final class OutboundEntry {
  OutboundEntry next;
  Object msg;
  Promise<Void> promise;
  int pendingSize;
  boolean cancelled;
  private ByteBuffer view;
  private ByteBuffer[] views;
  private int viewCount = -1;

  /** Releases the message of a cancelled write; returns the pending size to give back. */
  int cancel() {
    if (cancelled) {
      return 0;
    }
    cancelled = true;
    int size = pendingSize;
    ReferenceCountUtil.safeRelease(msg);
    msg = Unpooled.EMPTY_BUFFER; // keeps gathering going past it; removeBytes drops it
    pendingSize = 0;
    view = null;
    views = null;
    return size;
  }

  /**
   * Returns how many NIO buffers {@code buf} (this entry's message) exposes, cached.
   *
   * @param buf the message
   * @return the count
   */
  int nioBufferCount(ByteBuf buf) {
    int n = viewCount;
    if (n == -1) {
      viewCount = n = buf.nioBufferCount();
    }
    return n;
  }

  /**
   * Appends the cached views of {@code buf}'s readable bytes to {@code array} at {@code index},
   * skipping empty ones; the caller checked with {@link #nioBufferCount} that they fit.
   *
   * @param buf the message
   * @param readable its readable bytes
   * @param array the gathering array
   * @param index where to start
   * @return the index after the last view added
   */
  int addNioViews(ByteBuf buf, int readable, ByteBuffer[] array, int index) {
    if (nioBufferCount(buf) == 1) {
      ByteBuffer v = view;
      if (v == null) {
        view = v = buf.nioBuffer(buf.readerIndex(), readable);
      }
      array[index++] = v;
      return index;
    }
    ByteBuffer[] vs = views;
    if (vs == null) {
      views = vs = buf.nioBuffers(buf.readerIndex(), readable);
    }
    for (ByteBuffer v : vs) {
      if (v.hasRemaining()) {
        array[index++] = v;
      }
    }
    return index;
  }

  void recycle(Pool pool) {
    next = null;
    msg = null;
    promise = null;
    view = null;
    views = null;
    pendingSize = 0;
    viewCount = -1;
    cancelled = false;
    if (pool != null) {
      pool.give(this);
    }
  }

  /**
   * Free entries of one thread (a LIFO stack of bounded size). Only the owning thread touches it:
   * an outbound buffer is used on its channel's loop only.
   */
  static final class Pool {
    private static final int CAPACITY = 256;
    private static final ThreadLocal<Pool> POOLS = ThreadLocal.withInitial(Pool::new);

    private final OutboundEntry[] free = new OutboundEntry[CAPACITY];
    private int size;

    static Pool current() {
      return POOLS.get();
    }

    OutboundEntry take() {
      if (size == 0) {
        return new OutboundEntry();
      }
      OutboundEntry e = free[--size];
      free[size] = null;
      return e;
    }

    void give(OutboundEntry e) {
      if (size < CAPACITY) {
        free[size++] = e;
      }
    }
  }
}
