package io.tern.buffer;

import io.tern.buffer.internal.AllocatorSelection;

/**
 * Creates buffers.
 *
 * <h2>Threading</h2>
 *
 * <p>Implementations are thread-safe: any thread may allocate, and a buffer may be released on a
 * thread other than the one that allocated it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Every buffer returned has a reference count of 1 and belongs to the caller, who releases it.
 * When resource-leak detection samples a buffer, the allocator returns a leak-aware wrapper that
 * reports the buffer if it is garbage collected (or, in exact mode, still open) without being
 * released. The allocator itself holds no reference to the buffers it hands out.
 */
public interface ByteBufAllocator {
  /**
   * The allocator used where none is configured, chosen by {@code io.tern.buffer.allocator}: {@code
   * pooled} (the default, {@link PooledByteBufAllocator#DEFAULT}) or {@code unpooled} ({@link
   * UnpooledByteBufAllocator#DEFAULT}).
   */
  ByteBufAllocator DEFAULT = AllocatorSelection.defaultAllocator();

  /** Capacity of a buffer allocated without an explicit initial capacity. */
  int DEFAULT_INITIAL_CAPACITY = 256;

  /** Up to this capacity, growth doubles; above it, growth steps by this much (4 MiB). */
  int CAPACITY_THRESHOLD = 4 * 1024 * 1024;

  /**
   * Allocates a heap buffer.
   *
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity it may grow to
   * @return a new buffer with reference count 1
   * @throws IllegalArgumentException if the capacities are negative or inverted
   */
  ByteBuf heapBuffer(int initialCapacity, int maxCapacity);

  /**
   * Allocates a native (direct) buffer.
   *
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity it may grow to
   * @return a new buffer with reference count 1
   * @throws IllegalArgumentException if the capacities are negative or inverted
   */
  ByteBuf directBuffer(int initialCapacity, int maxCapacity);

  /**
   * Returns whether direct buffers are served from a pool.
   *
   * @return {@code true} if pooled
   */
  boolean isDirectBufferPooled();

  /**
   * Returns whether {@link #buffer(int, int)} prefers native memory.
   *
   * @return {@code true} for direct by default
   */
  boolean isPreferDirect();

  /**
   * Allocates a heap or direct buffer, depending on {@link #isPreferDirect()}.
   *
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity it may grow to
   * @return a new buffer with reference count 1
   */
  default ByteBuf buffer(int initialCapacity, int maxCapacity) {
    return isPreferDirect()
        ? directBuffer(initialCapacity, maxCapacity)
        : heapBuffer(initialCapacity, maxCapacity);
  }

  /**
   * Allocates a buffer of {@link #DEFAULT_INITIAL_CAPACITY} bytes, unbounded.
   *
   * @return a new buffer
   */
  default ByteBuf buffer() {
    return buffer(DEFAULT_INITIAL_CAPACITY, Integer.MAX_VALUE);
  }

  /**
   * Allocates a buffer, unbounded.
   *
   * @param initialCapacity the capacity
   * @return a new buffer
   */
  default ByteBuf buffer(int initialCapacity) {
    return buffer(initialCapacity, Integer.MAX_VALUE);
  }

  /**
   * Allocates a buffer suited to socket I/O: direct memory.
   *
   * @return a new buffer
   */
  default ByteBuf ioBuffer() {
    return directBuffer(DEFAULT_INITIAL_CAPACITY, Integer.MAX_VALUE);
  }

  /**
   * Allocates a buffer suited to socket I/O: direct memory.
   *
   * @param initialCapacity the capacity
   * @return a new buffer
   */
  default ByteBuf ioBuffer(int initialCapacity) {
    return directBuffer(initialCapacity, Integer.MAX_VALUE);
  }

  /**
   * Allocates a buffer suited to socket I/O: direct memory.
   *
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity it may grow to
   * @return a new buffer
   */
  default ByteBuf ioBuffer(int initialCapacity, int maxCapacity) {
    return directBuffer(initialCapacity, maxCapacity);
  }

  /**
   * Allocates a heap buffer of {@link #DEFAULT_INITIAL_CAPACITY} bytes, unbounded.
   *
   * @return a new buffer
   */
  default ByteBuf heapBuffer() {
    return heapBuffer(DEFAULT_INITIAL_CAPACITY, Integer.MAX_VALUE);
  }

  /**
   * Allocates a heap buffer, unbounded.
   *
   * @param initialCapacity the capacity
   * @return a new buffer
   */
  default ByteBuf heapBuffer(int initialCapacity) {
    return heapBuffer(initialCapacity, Integer.MAX_VALUE);
  }

  /**
   * Allocates a direct buffer of {@link #DEFAULT_INITIAL_CAPACITY} bytes, unbounded.
   *
   * @return a new buffer
   */
  default ByteBuf directBuffer() {
    return directBuffer(DEFAULT_INITIAL_CAPACITY, Integer.MAX_VALUE);
  }

  /**
   * Allocates a direct buffer, unbounded.
   *
   * @param initialCapacity the capacity
   * @return a new buffer
   */
  default ByteBuf directBuffer(int initialCapacity) {
    return directBuffer(initialCapacity, Integer.MAX_VALUE);
  }

  /**
   * Creates an empty composite buffer with up to 16 components before it consolidates.
   *
   * @return a new composite
   */
  default CompositeByteBuf compositeBuffer() {
    return compositeBuffer(CompositeByteBuf.DEFAULT_MAX_COMPONENTS);
  }

  /**
   * Creates an empty composite buffer.
   *
   * @param maxNumComponents how many components it holds before consolidating them into one
   * @return a new composite
   */
  default CompositeByteBuf compositeBuffer(int maxNumComponents) {
    return isPreferDirect()
        ? compositeDirectBuffer(maxNumComponents)
        : compositeHeapBuffer(maxNumComponents);
  }

  /**
   * Creates an empty composite buffer that grows with heap components.
   *
   * @return a new composite
   */
  default CompositeByteBuf compositeHeapBuffer() {
    return compositeHeapBuffer(CompositeByteBuf.DEFAULT_MAX_COMPONENTS);
  }

  /**
   * Creates an empty composite buffer that grows with heap components.
   *
   * @param maxNumComponents how many components it holds before consolidating them into one
   * @return a new composite
   */
  default CompositeByteBuf compositeHeapBuffer(int maxNumComponents) {
    return new CompositeByteBuf(this, false, maxNumComponents);
  }

  /**
   * Creates an empty composite buffer that grows with direct components.
   *
   * @return a new composite
   */
  default CompositeByteBuf compositeDirectBuffer() {
    return compositeDirectBuffer(CompositeByteBuf.DEFAULT_MAX_COMPONENTS);
  }

  /**
   * Creates an empty composite buffer that grows with direct components.
   *
   * @param maxNumComponents how many components it holds before consolidating them into one
   * @return a new composite
   */
  default CompositeByteBuf compositeDirectBuffer(int maxNumComponents) {
    return new CompositeByteBuf(this, true, maxNumComponents);
  }

  /**
   * Chooses the capacity a buffer grows to when it needs {@code minNewCapacity} bytes: the next
   * power of two (at least 64) up to {@link #CAPACITY_THRESHOLD}, then the next multiple of it,
   * never above {@code maxCapacity}.
   *
   * @param minNewCapacity the capacity needed
   * @param maxCapacity the buffer's limit
   * @return the new capacity
   * @throws IllegalArgumentException if {@code minNewCapacity} exceeds {@code maxCapacity}
   */
  default int calculateNewCapacity(int minNewCapacity, int maxCapacity) {
    if (minNewCapacity < 0 || minNewCapacity > maxCapacity) {
      throw new IllegalArgumentException(
          "minNewCapacity: " + minNewCapacity + " (expected: 0-" + maxCapacity + ")");
    }
    int threshold = CAPACITY_THRESHOLD;
    if (minNewCapacity == threshold) {
      return threshold;
    }
    if (minNewCapacity > threshold) {
      int newCapacity = minNewCapacity / threshold * threshold;
      return newCapacity > maxCapacity - threshold ? maxCapacity : newCapacity + threshold;
    }
    int newCapacity = Math.max(64, Integer.highestOneBit(Math.max(minNewCapacity - 1, 1)) << 1);
    return Math.min(newCapacity, maxCapacity);
  }
}
