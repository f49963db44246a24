package io.tern.buffer.internal.pool;

/**
 * What an arena hands an allocation to: a pooled buffer (or, in tests, a plain record of it).
 *
 * @param <T> the memory type, {@code byte[]} or {@code MemorySegment}
 */
public interface PoolTarget<T> {
  /**
   * Binds the target to a region of a chunk.
   *
   * @param chunk the chunk holding the region; unpooled for huge allocations
   * @param handle the region's handle within the chunk (0 for an unpooled chunk)
   * @param memory the chunk's memory
   * @param offset where the region starts within {@code memory}
   * @param length the requested capacity
   * @param maxLength the region's size (the normalised capacity), at least {@code length}
   * @param cache the thread cache the region was allocated through, or null; the region goes back
   *     to it only if freed on that cache's thread
   */
  void bind(
      PoolChunk<T> chunk,
      long handle,
      T memory,
      int offset,
      int length,
      int maxLength,
      PoolThreadCache<T> cache);
}
