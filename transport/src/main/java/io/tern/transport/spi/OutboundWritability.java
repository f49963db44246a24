package io.tern.transport.spi;

import io.tern.transport.channel.WriteBufferWaterMark;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The writability half of {@link ChannelOutboundBuffer}: the pending bytes of the queued writes
 * against the channel's {@link WriteBufferWaterMark}, and the user-defined writability bits. Above
 * the high water mark the channel turns unwritable, below the low one writable again; a
 * user-defined bit that is off keeps it unwritable too. Each change between writable and unwritable
 * fires {@code channelWritabilityChanged}, on the loop.
 *
 * <p>A superclass rather than a field so an idle channel pays no second object for it.
 *
 * <p><b>Threading.</b> The pending bytes change on the event loop only (release stores) and are
 * read anywhere (acquire loads); the bits change by compare-and-set from any thread.
 */
abstract class OutboundWritability {
  private static final VarHandle PENDING;
  private static final VarHandle UNWRITABLE;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      PENDING = l.findVarHandle(OutboundWritability.class, "pendingBytes", long.class);
      UNWRITABLE = l.findVarHandle(OutboundWritability.class, "unwritable", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final AbstractChannel channel;
  private long pendingBytes;
  // Bit 0: over the water mark; bits 1..31: user-defined.
  private volatile int unwritable;

  OutboundWritability(AbstractChannel channel) {
    this.channel = channel;
  }

  private WriteBufferWaterMark waterMark() {
    return channel.config().writeBufferWaterMark();
  }

  /** Counts a queued write; turns unwritable above the high water mark. Event loop only. */
  final void incrementPendingBytes(long size) {
    if (size == 0) {
      return;
    }
    long pending = pendingBytes + size;
    PENDING.setRelease(this, pending);
    if (pending > waterMark().high() && (unwritable & 1) == 0) {
      changeUnwritable(1, true);
    }
  }

  /**
   * Uncounts a write that left the buffer; below the low water mark turns writable, unless {@code
   * notifyWritability} is off (the channel is closing). Event loop only.
   */
  final void decrementPendingBytes(long size, boolean notifyWritability) {
    if (size == 0) {
      return;
    }
    long pending = pendingBytes - size;
    PENDING.setRelease(this, pending);
    if (notifyWritability && (unwritable & 1) != 0 && pending < waterMark().low()) {
      changeUnwritable(1, false);
    }
  }

  private void changeUnwritable(int bit, boolean set) {
    for (; ; ) {
      int old = unwritable;
      int updated = set ? old | bit : old & ~bit;
      if (old == updated) {
        return;
      }
      if (UNWRITABLE.compareAndSet(this, old, updated)) {
        if ((old == 0) != (updated == 0)) {
          fireWritabilityChanged();
        }
        return;
      }
    }
  }

  private void fireWritabilityChanged() {
    if (channel.eventLoop().inEventLoop()) {
      channel.pipeline().fireChannelWritabilityChanged();
    } else {
      channel.eventLoop().execute(() -> channel.pipeline().fireChannelWritabilityChanged());
    }
  }

  /**
   * Returns the bytes of every message not yet written, flushed or not.
   *
   * @return bytes, as estimated when the messages were written
   */
  public long totalPendingWriteBytes() {
    return (long) PENDING.getAcquire(this);
  }

  /**
   * Tells whether the channel is writable.
   *
   * @return {@code true} if below the water mark and every user-defined bit is on
   */
  public boolean isWritable() {
    return unwritable == 0;
  }

  /**
   * Returns a user-defined writability bit.
   *
   * @param index 1 to 31
   * @return the bit's value
   */
  public boolean getUserDefinedWritability(int index) {
    return (unwritable & userBit(index)) == 0;
  }

  /**
   * Sets a user-defined writability bit; any thread.
   *
   * @param index 1 to 31
   * @param writable the new value
   */
  public void setUserDefinedWritability(int index, boolean writable) {
    changeUnwritable(userBit(index), !writable);
  }

  /**
   * Whether this buffer's writability state is the initial one: nothing pending and every bit
   * writable. Event loop only.
   */
  final boolean hasInitialWritability() {
    return pendingBytes == 0 && unwritable == 0;
  }

  /** Makes unwritable every user-defined bit that is unwritable in {@code other}. */
  final void addUserDefinedUnwritability(OutboundWritability other) {
    int bits = other.unwritable & ~1;
    if (bits != 0) {
      changeUnwritable(bits, true);
    }
  }

  /**
   * Checks a user-defined writability index.
   *
   * @param index the index
   * @throws IllegalArgumentException if not 1 to 31
   */
  static void checkUserDefinedIndex(int index) {
    userBit(index);
  }

  private static int userBit(int index) {
    if (index < 1 || index > 31) {
      throw new IllegalArgumentException("index: " + index + " (expected: 1 to 31)");
    }
    return 1 << index;
  }

  /**
   * Returns how many bytes may still be queued before the channel turns unwritable.
   *
   * @return bytes, 0 if unwritable
   */
  public long bytesBeforeUnwritable() {
    long bytes = waterMark().high() - totalPendingWriteBytes();
    return bytes > 0 && isWritable() ? bytes : 0;
  }

  /**
   * Returns how many queued bytes must be written before the channel turns writable.
   *
   * @return bytes, 0 if writable
   */
  public long bytesBeforeWritable() {
    long bytes = totalPendingWriteBytes() - waterMark().low();
    return bytes > 0 && !isWritable() ? bytes : 0;
  }
}
