package io.tern.transport.linux.internal.channel;

import io.tern.buffer.ByteBuf;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.uring.ZeroCopyLoans;
import io.tern.transport.spi.ChannelOutboundBuffer;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Gathers the flushed buffers at the head of an outbound buffer into an {@code iovec} array, for
 * one {@code writev}/{@code send} (epoll) or one {@code WRITEV}/{@code SEND} request (io_uring): up
 * to a byte budget (the first buffer always goes whole) and the array's capacity. A buffer of
 * several native pieces takes one entry per piece.
 *
 * <p>In retaining mode (io_uring, where the kernel reads the memory after the call returned) every
 * gathered buffer is retained until {@link #releaseRetained()} or {@link #lendRetained}. Reused per
 * channel or per loop; loop thread only.
 */
public final class FlushedIovecs implements ChannelOutboundBuffer.MessageProcessor {
  private final boolean retain;
  private IovArray iov;
  private long budget;
  private long firstAddress;
  private ByteBuf[] retained;
  private int retainedCount;

  private FlushedIovecs(boolean retain) {
    this.retain = retain;
    this.retained = retain ? new ByteBuf[4] : null;
  }

  /**
   * Returns a gatherer for a write made within the call (epoll's {@code writev}): the buffers stay
   * the outbound buffer's only.
   *
   * @return the gatherer
   */
  public static FlushedIovecs borrowing() {
    return new FlushedIovecs(false);
  }

  /**
   * Returns a gatherer for a write the kernel makes later (an io_uring request): every gathered
   * buffer is retained until {@link #releaseRetained()} or {@link #lendRetained}.
   *
   * @return the gatherer
   */
  public static FlushedIovecs retaining() {
    return new FlushedIovecs(true);
  }

  /**
   * Clears {@code iov} and fills it from the flushed buffers of {@code in}.
   *
   * @param in the outbound buffer; not changed
   * @param iov the array to fill
   * @param budget bytes to gather at most (the first buffer goes whole regardless)
   * @return the number of entries
   */
  public int gather(ChannelOutboundBuffer in, IovArray iov, long budget) {
    iov.clear();
    this.iov = iov;
    this.budget = budget;
    this.firstAddress = 0;
    try {
      in.forEachFlushedMessage(this);
    } catch (Exception e) {
      throw new IllegalStateException("gathering iovecs does not throw", e);
    }
    return iov.count();
  }

  /**
   * Returns the address of the first entry, for a plain {@code send} of a single buffer.
   *
   * @return the address, 0 if nothing was gathered
   */
  public long firstAddress() {
    return firstAddress;
  }

  @Override
  public boolean processMessage(Object msg) {
    if (!(msg instanceof ByteBuf buf)) {
      return false;
    }
    int readable = buf.readableBytes();
    if (readable == 0) {
      return true;
    }
    int before = iov.count();
    boolean whole = true;
    if (buf.hasMemorySegment()) {
      whole = add(buf.memorySegment().address() + buf.readerIndex(), readable);
    } else {
      for (ByteBuffer b : buf.nioBuffers(buf.readerIndex(), readable)) {
        if (b.hasRemaining() && !add(MemorySegment.ofBuffer(b).address(), b.remaining())) {
          whole = false;
          break;
        }
      }
    }
    if (iov.count() > before && retain) {
      if (retainedCount == retained.length) {
        retained = Arrays.copyOf(retained, retainedCount * 2);
      }
      retained[retainedCount++] = buf.retain();
    }
    return whole && iov.bytes() < budget;
  }

  private boolean add(long address, int length) {
    if (iov.count() > 0 && iov.bytes() + length > budget) {
      return false;
    }
    if (!iov.add(address, length)) {
      return false;
    }
    if (iov.count() == 1) {
      firstAddress = address;
    }
    return true;
  }

  /** Releases the buffers the last gathering retained (the kernel is done with them). */
  public void releaseRetained() {
    for (int i = 0; i < retainedCount; i++) {
      retained[i].release();
      retained[i] = null;
    }
    retainedCount = 0;
  }

  /**
   * Hands the retained buffers over to a zero-copy loan, released when the kernel's notification
   * returns it.
   *
   * @param loans the channel's loans
   * @return the loan's tag
   */
  public int lendRetained(ZeroCopyLoans loans) {
    int tag = loans.lend(retained, retainedCount);
    Arrays.fill(retained, 0, retainedCount, null);
    retainedCount = 0;
    return tag;
  }
}
