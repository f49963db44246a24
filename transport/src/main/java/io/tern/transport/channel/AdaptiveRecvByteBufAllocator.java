package io.tern.transport.channel;

import java.util.Arrays;

/**
 * Sizes read buffers from what recent reads returned: the size grows quickly (four steps at once)
 * when a buffer is filled, and shrinks slowly (one step, after two small loops in a row) when reads
 * are small, so a busy connection reads in large buffers and an idle one holds little memory.
 *
 * <p>Sizes step by 16 bytes up to 512, then double. The default range is 64 bytes to 64 KiB,
 * starting at 2 KiB.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable and thread-safe; each channel has its own {@link Handle}, used on its event loop
 * only, or keeps the {@link SharedHandle#state() state} of a handle its event loop shares (epoll,
 * NIO: an idle channel then holds no handle).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a buffer its handle allocates belongs to the read loop
 * that asked for it.
 */
public final class AdaptiveRecvByteBufAllocator extends AbstractRecvByteBufAllocator {
  /** The default smallest buffer. */
  public static final int DEFAULT_MINIMUM = 64;

  /** The default first buffer. */
  public static final int DEFAULT_INITIAL = 2048;

  /** The default largest buffer. */
  public static final int DEFAULT_MAXIMUM = 65536;

  private static final int GROW_STEPS = 4;
  private static final int SHRINK_STEPS = 1;
  private static final int[] SIZES = sizes(); // before DEFAULT: its constructor reads it

  /** The default range, with no byte limits: the default of every channel. */
  public static final AdaptiveRecvByteBufAllocator DEFAULT = new AdaptiveRecvByteBufAllocator();

  private final int minIndex;
  private final int initialIndex;
  private final int maxIndex;

  /** Creates an allocator with the default range. */
  public AdaptiveRecvByteBufAllocator() {
    this(DEFAULT_MINIMUM, DEFAULT_INITIAL, DEFAULT_MAXIMUM);
  }

  /**
   * Creates an allocator.
   *
   * @param minimum the smallest buffer size
   * @param initial the first buffer size
   * @param maximum the largest buffer size
   * @throws IllegalArgumentException unless {@code 0 < minimum <= initial <= maximum}
   */
  public AdaptiveRecvByteBufAllocator(int minimum, int initial, int maximum) {
    this(minimum, initial, maximum, Integer.MAX_VALUE, Integer.MAX_VALUE);
  }

  /**
   * Creates an allocator with byte limits.
   *
   * @param minimum the smallest buffer size
   * @param initial the first buffer size
   * @param maximum the largest buffer size
   * @param maxBytesPerRead bytes one read loop may read ({@link Integer#MAX_VALUE}: no limit)
   * @param maxBytesPerIndividualRead bytes one buffer may hold ({@link Integer#MAX_VALUE}: no
   *     limit)
   * @throws IllegalArgumentException unless {@code 0 < minimum <= initial <= maximum} and the
   *     limits are positive
   */
  public AdaptiveRecvByteBufAllocator(
      int minimum, int initial, int maximum, int maxBytesPerRead, int maxBytesPerIndividualRead) {
    super(maxBytesPerRead, maxBytesPerIndividualRead);
    if (minimum <= 0 || initial < minimum || maximum < initial) {
      throw new IllegalArgumentException(
          "sizes: minimum " + minimum + ", initial " + initial + ", maximum " + maximum);
    }
    minIndex = indexAtLeast(minimum);
    initialIndex = indexAtLeast(initial);
    int max = indexAtLeast(maximum);
    maxIndex = SIZES[max] > maximum ? max - 1 : max;
  }

  private static int[] sizes() {
    int[] sizes = new int[64];
    int n = 0;
    for (int size = 16; size < 512; size += 16) {
      sizes[n++] = size;
    }
    for (int size = 512; size > 0; size <<= 1) {
      sizes[n++] = size;
    }
    return Arrays.copyOf(sizes, n);
  }

  /** The index of the smallest size not below {@code size}. */
  private static int indexAtLeast(int size) {
    int i = Arrays.binarySearch(SIZES, size);
    return i >= 0 ? i : Math.min(-(i + 1), SIZES.length - 1);
  }

  @Override
  public Handle newHandle() {
    return new AdaptiveHandle();
  }

  /**
   * {@inheritDoc}
   *
   * <p>The state kept between loops is the size index and whether the next small loop shrinks.
   */
  @Override
  public SharedHandle newSharedHandle() {
    return new AdaptiveHandle();
  }

  private final class AdaptiveHandle extends LimitedHandle {
    private int index = initialIndex;
    private int nextSize = SIZES[initialIndex];
    private boolean shrinkNext;

    @Override
    public void reset(ChannelConfig config, int state) {
      reset(config);
      if (state == 0) {
        index = initialIndex;
        shrinkNext = false;
      } else {
        // Clamped: the state may come from another range if the channel's allocator was replaced.
        index = Math.clamp((state >>> 1) - 1, minIndex, maxIndex);
        shrinkNext = (state & 1) != 0;
      }
      nextSize = SIZES[index];
    }

    @Override
    public int state() {
      return index == initialIndex && !shrinkNext ? 0 : ((index + 1) << 1) | (shrinkNext ? 1 : 0);
    }

    @Override
    public int guess() {
      return nextSize;
    }

    @Override
    public void lastBytesRead(int bytes) {
      super.lastBytesRead(bytes);
      if (bytes > 0 && bytes == attemptedBytesRead()) {
        record(bytes); // the buffer filled up: grow before the next read of this loop
      }
    }

    @Override
    public void readComplete() {
      record((int) Math.min(Integer.MAX_VALUE, totalBytesRead()));
    }

    private void record(int actual) {
      if (actual <= SIZES[Math.max(0, index - SHRINK_STEPS)]) {
        if (shrinkNext) {
          index = Math.max(index - SHRINK_STEPS, minIndex);
          nextSize = SIZES[index];
          shrinkNext = false;
        } else {
          shrinkNext = true;
        }
      } else if (actual >= nextSize) {
        index = Math.min(index + GROW_STEPS, maxIndex);
        nextSize = SIZES[index];
        shrinkNext = false;
      }
    }
  }
}
