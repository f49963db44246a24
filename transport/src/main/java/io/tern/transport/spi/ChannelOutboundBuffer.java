package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.WriteBufferWaterMark;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The writes of one channel that wait to reach the transport: a linked list of entries, each a
 * message and its promise.
 *
 * <pre>
 *   flushedEntry ──► … ──► unflushedEntry ──► … ──► tailEntry
 *   └─ flushed: the transport writes these ─┘└─ written, not yet flushed ─┘
 * </pre>
 *
 * <p>The channel's pipeline head adds written messages at the tail and moves them into the flushed
 * part on flush; the transport's {@code doWrite} consumes the flushed part from the head ({@link
 * #current()}, {@link #remove()}, {@link #removeBytes(long)}) and may gather many buffers into one
 * system call through {@link #nioBuffers(int, long)} or {@link #forEachFlushedMessage}. Entries are
 * recycled per thread, and the gathering array is shared by every channel of a thread, so an idle
 * channel's buffer is a handful of fields.
 *
 * <p><b>Writability.</b> Every message counts towards the pending bytes (a {@link ByteBuf} its
 * readable bytes, a {@link io.tern.transport.channel.FileRegion} nothing, anything else 8). Above
 * the high {@link WriteBufferWaterMark water mark} the channel turns unwritable, below the low one
 * writable again, each change firing {@code channelWritabilityChanged}. User-defined bits (1 to 31)
 * can make it unwritable too.
 *
 * <h2>Threading</h2>
 *
 * <p>Everything runs on the channel's event loop except the writability getters and {@link
 * #setUserDefinedWritability}, which any thread may call.
 *
 * <h2>Ownership</h2>
 *
 * <p>The buffer owns its messages: {@link #remove()} releases the message and succeeds its promise;
 * a failed or cancelled write is released too.
 */
public final class ChannelOutboundBuffer extends OutboundWritability {
  /** Most buffers gathered into one write (Linux's {@code IOV_MAX}). */
  public static final int MAX_GATHERED_BUFFERS = 1024;

  private static final ThreadLocal<ByteBuffer[]> NIO_BUFFERS =
      ThreadLocal.withInitial(() -> new ByteBuffer[MAX_GATHERED_BUFFERS]);

  private OutboundEntry flushedEntry;
  private OutboundEntry unflushedEntry;
  private OutboundEntry tailEntry;
  private int flushed;
  private int nioBufferCount;
  private long nioBufferSize;
  private boolean inFail;
  private OutboundEntry.Pool pool;

  ChannelOutboundBuffer(AbstractChannel channel) {
    super(channel);
  }

  // ---- adding (AbstractChannel) ----

  void addMessage(Object msg, int size, Promise<Void> promise) {
    OutboundEntry.Pool p = pool;
    if (p == null) {
      pool = p = OutboundEntry.Pool.current();
    }
    OutboundEntry e = p.take();
    e.msg = msg;
    e.pendingSize = size;
    e.promise = promise;
    if (tailEntry == null) {
      flushedEntry = null;
    } else {
      tailEntry.next = e;
    }
    tailEntry = e;
    if (unflushedEntry == null) {
      unflushedEntry = e;
    }
    incrementPendingBytes(size);
  }

  void addFlush() {
    OutboundEntry e = unflushedEntry;
    if (e == null) {
      return;
    }
    if (flushedEntry == null) {
      flushedEntry = e;
    }
    do {
      flushed++;
      if (!e.promise.setUncancellable()) {
        // Cancelled before it was flushed: drop the message but keep the entry in the list.
        decrementPendingBytes(e.cancel(), true);
      }
      e = e.next;
    } while (e != null);
    unflushedEntry = null;
  }

  // ---- consuming (transports) ----

  /**
   * Returns the first flushed message, the next one the transport should write. Writes cancelled
   * before their flush are dropped on the way.
   *
   * @return the message (still owned by this buffer), or {@code null} if nothing is flushed
   */
  public Object current() {
    OutboundEntry e = flushedEntry;
    while (e != null && e.cancelled) {
      removeEntry(e);
      e.recycle(pool);
      e = flushedEntry;
    }
    return e == null ? null : e.msg;
  }

  /**
   * Tells whether the buffer holds nothing and is in its initial writability state, so that the
   * channel may drop it and make a new one on its next write. Event loop only.
   */
  boolean isUnused() {
    return tailEntry == null && !inFail && hasInitialWritability();
  }

  /**
   * Returns the number of flushed messages not yet removed.
   *
   * @return the count
   */
  public int size() {
    return flushed;
  }

  /**
   * Tells whether nothing flushed is left to write.
   *
   * @return {@code true} if {@link #current()} is {@code null}
   */
  public boolean isEmpty() {
    return flushed == 0;
  }

  /**
   * Removes the current message after it was written: releases it and succeeds its promise.
   *
   * @return {@code false} if there was nothing to remove
   */
  public boolean remove() {
    return remove(null, true);
  }

  /**
   * Removes the current message because writing it failed: releases it and fails its promise.
   *
   * @param cause the failure
   * @return {@code false} if there was nothing to remove
   */
  public boolean remove(Throwable cause) {
    return remove(cause, true);
  }

  /**
   * Removes the current message to hand it on, with its promise, to another channel that carries
   * this one (an HTTP/2 stream's frames go to its connection): the message is neither released nor
   * its promise completed; both belong to the caller from now on, which completes the promise when
   * the carrier has written (or failed to write) the message.
   *
   * @return the removed message's promise, or {@code null} if nothing was flushed
   */
  public Promise<Void> removeForwarded() {
    current(); // drops writes cancelled before their flush
    OutboundEntry e = flushedEntry;
    if (e == null) {
      return null;
    }
    Promise<Void> promise = e.promise;
    int size = e.pendingSize;
    removeEntry(e);
    e.recycle(pool);
    decrementPendingBytes(size, true);
    return promise;
  }

  /** Removes the current entry: succeeds its promise if {@code cause} is null, else fails it. */
  private boolean remove(Throwable cause, boolean notifyWritability) {
    OutboundEntry e = flushedEntry;
    if (e == null) {
      clearNioBuffers();
      return false;
    }
    Object msg = e.msg;
    Promise<Void> promise = e.promise;
    int size = e.pendingSize;
    boolean cancelled = e.cancelled;
    removeEntry(e);
    e.recycle(pool);
    if (!cancelled) {
      ReferenceCountUtil.safeRelease(msg);
      if (cause == null) {
        promise.trySuccess(null);
      } else {
        promise.tryFailure(cause);
      }
      decrementPendingBytes(size, notifyWritability);
    }
    return true;
  }

  private void removeEntry(OutboundEntry e) {
    if (--flushed == 0) {
      flushedEntry = null;
      if (e == tailEntry) {
        tailEntry = null;
        unflushedEntry = null;
      }
    } else {
      flushedEntry = e.next;
    }
  }

  /**
   * Accounts for {@code writtenBytes} written from the flushed {@link ByteBuf}s at the head:
   * removes the buffers written completely (see {@link #remove()}) and advances the reader index of
   * a partly written one. Call it after a (gathering) write of buffers.
   *
   * @param writtenBytes the bytes the transport wrote
   */
  public void removeBytes(long writtenBytes) {
    for (; ; ) {
      if (!(current() instanceof ByteBuf buf)) {
        break;
      }
      int readerIndex = buf.readerIndex();
      int readable = buf.writerIndex() - readerIndex;
      if (readable <= writtenBytes) {
        writtenBytes -= readable;
        remove();
      } else {
        if (writtenBytes != 0) {
          buf.readerIndex(readerIndex + (int) writtenBytes);
        }
        break;
      }
    }
    clearNioBuffers();
  }

  /**
   * Fills the calling thread's shared array with NIO views of the flushed {@link ByteBuf}s at the
   * head (stopping at the first other message), for one gathering write. At least one buffer is
   * taken even if it exceeds {@code maxBytes}. The views are cached per entry, so a partly written
   * buffer keeps its position. {@link #nioBufferCount()} and {@link #nioBufferSize()} describe the
   * result; {@link #removeBytes(long)} clears the array afterwards.
   *
   * @param maxCount the most buffers to gather, at most {@link #MAX_GATHERED_BUFFERS}
   * @param maxBytes the most bytes to gather
   * @return the shared array; only the first {@link #nioBufferCount()} elements are valid
   */
  public ByteBuffer[] nioBuffers(int maxCount, long maxBytes) {
    maxCount = Math.min(maxCount, MAX_GATHERED_BUFFERS);
    ByteBuffer[] array = NIO_BUFFERS.get();
    long size = 0;
    int count = 0;
    for (OutboundEntry e = flushedEntry; e != null && e != unflushedEntry; e = e.next) {
      if (!(e.msg instanceof ByteBuf buf)) {
        break;
      }
      if (e.cancelled) {
        continue;
      }
      int readable = buf.readableBytes();
      if (readable == 0) {
        continue;
      }
      if (maxBytes - readable < size && count != 0) {
        break;
      }
      if (count + e.nioBufferCount(buf) > maxCount) {
        break;
      }
      count = e.addNioViews(buf, readable, array, count);
      size += readable;
    }
    nioBufferCount = count;
    nioBufferSize = size;
    return array;
  }

  /**
   * Returns how many buffers the last {@link #nioBuffers} gathered.
   *
   * @return the count
   */
  public int nioBufferCount() {
    return nioBufferCount;
  }

  /**
   * Returns how many bytes the last {@link #nioBuffers} gathered.
   *
   * @return bytes
   */
  public long nioBufferSize() {
    return nioBufferSize;
  }

  private void clearNioBuffers() {
    int count = nioBufferCount;
    if (count > 0) {
      nioBufferCount = 0;
      Arrays.fill(NIO_BUFFERS.get(), 0, count, null);
    }
  }

  /**
   * Visits flushed messages; see {@link #forEachFlushedMessage}.
   *
   * <h2>Threading</h2>
   *
   * <p>Called on the channel's event loop.
   *
   * <h2>Ownership</h2>
   *
   * <p>The visited messages stay the outbound buffer's; a processor that keeps one past the call
   * retains it.
   */
  @FunctionalInterface
  public interface MessageProcessor {
    /**
     * Looks at one flushed message (still owned by the buffer).
     *
     * @param msg the message
     * @return {@code true} to visit the next one
     * @throws Exception stops the visit and propagates
     */
    boolean processMessage(Object msg) throws Exception;
  }

  /**
   * Visits the flushed messages from the head, skipping cancelled ones: how a native transport
   * builds its own gathering vector (for example {@code iovec}s of the buffers' {@link
   * ByteBuf#memorySegment() memory segments}).
   *
   * @param processor the visitor
   * @throws Exception what the processor threw
   */
  public void forEachFlushedMessage(MessageProcessor processor) throws Exception {
    for (OutboundEntry e = flushedEntry; e != null && e != unflushedEntry; e = e.next) {
      if (!e.cancelled && !processor.processMessage(e.msg)) {
        return;
      }
    }
  }

  // ---- failing (AbstractChannel) ----

  /** Fails every flushed write (a failed flush, or close). */
  void failFlushed(Throwable cause, boolean notifyWritability) {
    if (inFail) {
      return; // a promise listener of a failed write re-entered
    }
    inFail = true;
    try {
      while (remove(cause, notifyWritability)) {
        // keep failing
      }
    } finally {
      inFail = false;
    }
  }

  /** Fails and releases every write, flushed or not; the channel is closing. */
  void close(Throwable cause) {
    if (inFail) {
      channel.eventLoop().execute(() -> close(cause));
      return;
    }
    failFlushed(cause, false);
    inFail = true;
    try {
      OutboundEntry e = unflushedEntry;
      unflushedEntry = null;
      tailEntry = null;
      while (e != null) {
        OutboundEntry next = e.next;
        decrementPendingBytes(e.pendingSize, false);
        Object msg = e.msg;
        Promise<Void> promise = e.promise;
        boolean cancelled = e.cancelled;
        e.recycle(pool);
        if (!cancelled) {
          ReferenceCountUtil.safeRelease(msg);
          promise.tryFailure(cause);
        }
        e = next;
      }
    } finally {
      inFail = false;
    }
    clearNioBuffers();
  }

  @Override
  public String toString() {
    return "ChannelOutboundBuffer(flushed "
        + flushed
        + ", pending "
        + totalPendingWriteBytes()
        + " bytes, "
        + (isWritable() ? "writable" : "unwritable")
        + ')';
  }
}
