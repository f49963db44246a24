package io.tern.transport.channel;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;

/**
 * Sizes the buffers a channel reads into and decides how long one read loop goes on. The read loop
 * of a transport uses one {@link Handle} per channel:
 *
 * <pre>{@code
 * handle.reset(config);
 * do {
 *   ByteBuf buf = handle.allocate(alloc);
 *   handle.attemptedBytesRead(buf.writableBytes());
 *   handle.lastBytesRead(read(buf));          // -1 at the end of input
 *   if (handle.lastBytesRead() <= 0) { buf.release(); break; }
 *   handle.incMessagesRead(1);
 *   pipeline.fireChannelRead(buf);
 * } while (handle.continueReading());
 * handle.readComplete();
 * pipeline.fireChannelReadComplete();
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * <p>The allocator is shared and thread-safe; a handle belongs to one channel and is used on its
 * event loop only.
 *
 * <h2>Ownership</h2>
 *
 * <p>A buffer a handle allocates belongs to the read loop that asked for it, which passes it to the
 * pipeline or releases it.
 */
public interface RecvByteBufAllocator {

  /**
   * Creates the per-channel state.
   *
   * @return a new handle
   */
  Handle newHandle();

  /**
   * Returns a handle that may serve the read loops of many channels, one loop at a time, or {@code
   * null} if this allocator's handles keep per-channel state that does not fit in an {@code int}
   * (the default). What a channel's next loop needs from its previous ones (an adaptive guess) is
   * {@link SharedHandle#state()}, which the channel keeps between loops and passes back to {@link
   * SharedHandle#reset(ChannelConfig, int)}. A transport whose read loops run one at a time per
   * thread (epoll, NIO) keeps one such handle per thread, so a channel holds no handle object, idle
   * or busy.
   *
   * @return a new shared handle, or {@code null} to have each channel use its own {@link
   *     #newHandle()}
   */
  default SharedHandle newSharedHandle() {
    return null;
  }

  /**
   * A {@link Handle} whose per-channel state between read loops is one {@code int}, so that one
   * handle can serve the read loops of many channels in turn.
   *
   * <pre>{@code
   * handle.reset(config, channelState);   // 0 for a channel's first loop
   * ... the loop of Handle ...
   * handle.readComplete();
   * channelState = handle.state();
   * }</pre>
   *
   * <p>{@link #reset(ChannelConfig)} starts a loop with the state the handle has, as a channel's
   * own handle does.
   *
   * <h2>Threading</h2>
   *
   * <p>One read loop at a time, on one thread.
   *
   * <h2>Ownership</h2>
   *
   * <p>A buffer it allocates belongs to the read loop that asked for it.
   */
  interface SharedHandle extends Handle {
    /**
     * Starts a read loop for a channel whose kept state is {@code state}.
     *
     * @param config the channel's configuration
     * @param state what {@link #state()} returned after the channel's previous loop, or 0 before
     *     its first
     */
    void reset(ChannelConfig config, int state);

    /**
     * Returns the state the channel keeps for its next loop; read after {@link #readComplete()}.
     *
     * @return the state, 0 when it is the initial one
     */
    int state();
  }

  /**
   * One channel's read-loop state.
   *
   * <h2>Threading</h2>
   *
   * <p>Used on the channel's event loop only.
   *
   * <h2>Ownership</h2>
   *
   * <p>A buffer it allocates belongs to the read loop that asked for it.
   */
  interface Handle {
    /**
     * Starts a read loop.
     *
     * @param config the channel's configuration (auto-read, max messages per read)
     */
    void reset(ChannelConfig config);

    /**
     * Allocates the next buffer to read into, sized by {@link #guess()} and the loop's limits.
     *
     * @param alloc the channel's allocator
     * @return a new buffer the caller owns
     */
    ByteBuf allocate(ByteBufAllocator alloc);

    /**
     * Returns the size the next buffer should have.
     *
     * @return bytes
     */
    int guess();

    /**
     * Records how many bytes the next read may place (the buffer's writable bytes).
     *
     * @param bytes the attempted size
     */
    void attemptedBytesRead(int bytes);

    /**
     * Returns what {@link #attemptedBytesRead(int)} recorded.
     *
     * @return bytes
     */
    int attemptedBytesRead();

    /**
     * Records the result of the last read.
     *
     * @param bytes bytes read, 0 if nothing was ready, -1 at the end of input
     */
    void lastBytesRead(int bytes);

    /**
     * Returns the result of the last read.
     *
     * @return what {@link #lastBytesRead(int)} recorded
     */
    int lastBytesRead();

    /**
     * Counts messages handed to the pipeline in this loop.
     *
     * @param messages how many
     */
    void incMessagesRead(int messages);

    /**
     * Tells whether the loop should read again: auto-read is on, the last read filled its buffer
     * (more data is likely ready), and neither the message nor the byte limit is reached.
     *
     * @return {@code true} to read again
     */
    boolean continueReading();

    /** Ends the read loop; adaptive handles adjust their guess here. */
    void readComplete();
  }
}
