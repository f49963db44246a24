package io.tern.transport.channel;

/**
 * Reads into buffers of one fixed size.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable and thread-safe; each channel's handle is used on its event loop only.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a buffer its handle allocates belongs to the read loop
 * that asked for it.
 */
public final class FixedRecvByteBufAllocator extends AbstractRecvByteBufAllocator {
  private final int size;

  /**
   * Creates the allocator.
   *
   * @param size the buffer size in bytes, positive
   */
  public FixedRecvByteBufAllocator(int size) {
    this(size, Integer.MAX_VALUE);
  }

  /**
   * Creates the allocator with a byte limit per read loop.
   *
   * @param size the buffer size in bytes, positive
   * @param maxBytesPerRead bytes one read loop may read, positive
   */
  public FixedRecvByteBufAllocator(int size, int maxBytesPerRead) {
    super(maxBytesPerRead, Integer.MAX_VALUE);
    if (size <= 0) {
      throw new IllegalArgumentException("size: " + size);
    }
    this.size = size;
  }

  @Override
  public Handle newHandle() {
    return newSharedHandle();
  }

  @Override
  public SharedHandle newSharedHandle() {
    return new LimitedHandle() {
      @Override
      public int guess() {
        return size;
      }
    };
  }
}
