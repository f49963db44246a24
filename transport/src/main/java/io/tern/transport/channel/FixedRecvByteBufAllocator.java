package io.tern.transport.channel;

/** Reads into buffers of one fixed size. Immutable and thread-safe. */
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
    return new LimitedHandle() {
      @Override
      public int guess() {
        return size;
      }
    };
  }
}
