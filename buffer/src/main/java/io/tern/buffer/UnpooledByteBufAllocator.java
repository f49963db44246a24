package io.tern.buffer;

import io.tern.buffer.internal.LeakAware;
import io.tern.buffer.internal.UnpooledDirectByteBuf;
import io.tern.buffer.internal.UnpooledHeapByteBuf;
import io.tern.common.SystemProperties;

/**
 * Allocates every buffer fresh: heap buffers on a new {@code byte[]}, direct buffers on native
 * memory from {@code malloc} (not zeroed), freed with {@code free} on the last release (no GC
 * involvement).
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe and stateless.
 *
 * <h2>Ownership</h2>
 *
 * <p>The caller owns every buffer returned and releases it, on any thread. Buffers are wrapped for
 * leak detection when the resource-leak detector samples them.
 */
public final class UnpooledByteBufAllocator implements ByteBufAllocator {
  /**
   * The shared instance; {@link #isPreferDirect()} comes from {@code io.tern.buffer.preferDirect}
   * (default {@code true}).
   */
  public static final UnpooledByteBufAllocator DEFAULT =
      new UnpooledByteBufAllocator(
          SystemProperties.getBoolean("io.tern.buffer.preferDirect", true));

  private final boolean preferDirect;

  /**
   * Creates an allocator.
   *
   * @param preferDirect whether {@link #buffer()} and friends allocate direct buffers
   */
  public UnpooledByteBufAllocator(boolean preferDirect) {
    this.preferDirect = preferDirect;
  }

  @Override
  public ByteBuf heapBuffer(int initialCapacity, int maxCapacity) {
    checkCapacities(initialCapacity, maxCapacity);
    return LeakAware.track(new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity));
  }

  @Override
  public ByteBuf directBuffer(int initialCapacity, int maxCapacity) {
    checkCapacities(initialCapacity, maxCapacity);
    return LeakAware.track(new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity));
  }

  @Override
  public boolean isDirectBufferPooled() {
    return false;
  }

  @Override
  public boolean isPreferDirect() {
    return preferDirect;
  }

  static void checkCapacities(int initialCapacity, int maxCapacity) {
    if (initialCapacity < 0 || initialCapacity > maxCapacity) {
      throw new IllegalArgumentException(
          "initialCapacity: "
              + initialCapacity
              + " (expected: 0 <= initialCapacity <= maxCapacity "
              + maxCapacity
              + ")");
    }
  }

  @Override
  public String toString() {
    return "UnpooledByteBufAllocator(preferDirect: " + preferDirect + ")";
  }
}
