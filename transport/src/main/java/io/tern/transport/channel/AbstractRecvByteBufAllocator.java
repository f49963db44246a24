package io.tern.transport.channel;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;

/**
 * The limits shared by the receive-buffer allocators: at most {@link
 * ChannelConfig#maxMessagesPerRead()} buffers, at most {@link #maxBytesPerRead()} bytes per read
 * loop, and at most {@link #maxBytesPerIndividualRead()} bytes per buffer. Subclasses only choose
 * the buffer size.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable and thread-safe: share one instance between channels; each channel's {@link
 * RecvByteBufAllocator.Handle} is used on its event loop only.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a buffer its handle allocates belongs to the read loop
 * that asked for it.
 */
public abstract class AbstractRecvByteBufAllocator implements RecvByteBufAllocator {
  private final int maxBytesPerRead;
  private final int maxBytesPerIndividualRead;

  /**
   * Creates an allocator with byte limits.
   *
   * @param maxBytesPerRead bytes one read loop may read, positive ({@link Integer#MAX_VALUE}: no
   *     limit)
   * @param maxBytesPerIndividualRead bytes one buffer may hold, positive ({@link
   *     Integer#MAX_VALUE}: no limit)
   */
  protected AbstractRecvByteBufAllocator(int maxBytesPerRead, int maxBytesPerIndividualRead) {
    if (maxBytesPerRead <= 0 || maxBytesPerIndividualRead <= 0) {
      throw new IllegalArgumentException(
          "maxBytesPerRead "
              + maxBytesPerRead
              + ", maxBytesPerIndividualRead "
              + maxBytesPerIndividualRead);
    }
    this.maxBytesPerRead = maxBytesPerRead;
    this.maxBytesPerIndividualRead = maxBytesPerIndividualRead;
  }

  /**
   * Returns the byte limit of one read loop.
   *
   * @return bytes; {@link Integer#MAX_VALUE} for none
   */
  public final int maxBytesPerRead() {
    return maxBytesPerRead;
  }

  /**
   * Returns the size limit of one buffer (one read call).
   *
   * @return bytes; {@link Integer#MAX_VALUE} for none
   */
  public final int maxBytesPerIndividualRead() {
    return maxBytesPerIndividualRead;
  }

  /**
   * A handle enforcing the limits; subclasses provide {@link #guess()}. It has no state between
   * loops unless a subclass adds some (and overrides {@link #reset(ChannelConfig, int)} and {@link
   * #state()}), so it can serve as a {@link SharedHandle}.
   */
  protected abstract class LimitedHandle implements SharedHandle {
    private ChannelConfig config;
    private int maxMessages;
    private int messages;
    private long maxBytes;
    private int maxIndividual;
    private long totalBytes;
    private int attempted;
    private int last;

    /** Creates the handle. */
    protected LimitedHandle() {}

    @Override
    public void reset(ChannelConfig config) {
      this.config = config;
      maxMessages = config.maxMessagesPerRead();
      maxBytes = maxBytesPerRead;
      maxIndividual = maxBytesPerIndividualRead;
      messages = 0;
      totalBytes = 0;
    }

    @Override
    public void reset(ChannelConfig config, int state) {
      reset(config);
    }

    @Override
    public int state() {
      return 0;
    }

    @Override
    public ByteBuf allocate(ByteBufAllocator alloc) {
      long left = maxBytes - totalBytes;
      int size = (int) Math.max(1, Math.min(Math.min(guess(), maxIndividual), left));
      return alloc.ioBuffer(size);
    }

    @Override
    public void attemptedBytesRead(int bytes) {
      attempted = bytes;
    }

    @Override
    public int attemptedBytesRead() {
      return attempted;
    }

    @Override
    public void lastBytesRead(int bytes) {
      last = bytes;
      if (bytes > 0) {
        totalBytes += bytes;
      }
    }

    @Override
    public int lastBytesRead() {
      return last;
    }

    @Override
    public void incMessagesRead(int n) {
      messages += n;
    }

    /**
     * Returns the bytes read since {@link #reset}.
     *
     * @return bytes
     */
    protected final long totalBytesRead() {
      return totalBytes;
    }

    @Override
    public boolean continueReading() {
      return config.autoRead()
          && messages < maxMessages
          && last > 0
          && last == attempted
          && totalBytes < maxBytes;
    }

    @Override
    public void readComplete() {}
  }
}
