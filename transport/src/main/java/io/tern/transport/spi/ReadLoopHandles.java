package io.tern.transport.spi;

import io.tern.common.concurrent.FastThreadLocal;
import io.tern.transport.channel.RecvByteBufAllocator;

/**
 * One {@link RecvByteBufAllocator.SharedHandle} per thread, lent to the read loops that run on it
 * one at a time, so that a channel keeps only its predictor's {@code int} state between loops
 * instead of a handle object (72 bytes of an idle connection for the adaptive allocator).
 *
 * <p>The thread keeps the handle of the last allocator it served; a channel configured with another
 * allocator gets a handle of that one, which then becomes the thread's. A loop that starts while
 * the thread's handle is lent (a read loop run from inside another's pipeline event) gets a handle
 * of its own.
 *
 * <p>Thread-confined: each thread has its own slot.
 */
final class ReadLoopHandles {
  private static final FastThreadLocal<ReadLoopHandles> SLOT =
      new FastThreadLocal<>() {
        @Override
        protected ReadLoopHandles initialValue() {
          return new ReadLoopHandles();
        }
      };

  private RecvByteBufAllocator allocator;
  private RecvByteBufAllocator.SharedHandle handle;
  private boolean lent;

  private ReadLoopHandles() {}

  /**
   * Lends the calling thread's shared handle of {@code allocator}; give it back with {@link
   * #giveBack} when the loop ends.
   *
   * @param allocator the channel's allocator
   * @return a handle, or {@code null} if the allocator has no shared handles
   */
  static RecvByteBufAllocator.SharedHandle lend(RecvByteBufAllocator allocator) {
    ReadLoopHandles slot = SLOT.get();
    if (!slot.lent && slot.allocator == allocator) {
      slot.lent = true;
      return slot.handle;
    }
    RecvByteBufAllocator.SharedHandle h = allocator.newSharedHandle();
    if (h != null && !slot.lent) {
      slot.allocator = allocator;
      slot.handle = h;
      slot.lent = true;
    }
    return h;
  }

  /**
   * Gives back a handle {@link #lend} returned, on the same thread.
   *
   * @param handle the handle
   */
  static void giveBack(RecvByteBufAllocator.SharedHandle handle) {
    ReadLoopHandles slot = SLOT.get();
    if (slot.handle == handle) {
      slot.lent = false;
    }
  }
}
