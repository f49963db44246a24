package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.channel.RecvByteBufAllocator;
import java.io.IOException;
import java.util.Objects;

/**
 * The read loop and the write loop of a byte-stream channel over a readiness-based transport (NIO,
 * epoll): a transport composes one into its {@link AbstractDuplexChannel}, supplies the few {@link
 * Primitives} (one non-blocking read, one gathering write, one file transfer, readiness interest),
 * and routes its channel's hooks and readiness events here:
 *
 * <table>
 *   <caption>what the channel routes to its loops</caption>
 *   <tr><td>{@code doBeginRead()}</td><td>{@link #beginRead()}</td></tr>
 *   <tr><td>{@code onAutoReadCleared()}</td><td>{@link #autoReadCleared()}</td></tr>
 *   <tr><td>{@code isFlushPending()}</td><td>{@link #waitsForWritability()}</td></tr>
 *   <tr><td>{@code doWrite(in)}</td><td>{@link #write(ChannelOutboundBuffer)}</td></tr>
 *   <tr><td>readable</td><td>{@link #readReady()}</td></tr>
 *   <tr><td>writable</td><td>the channel's {@code writeReady()}</td></tr>
 * </table>
 *
 * <p>A completion-based transport (io_uring) moves bytes with requests instead and does not use
 * this class.
 *
 * <p><b>Read loop.</b> Reads buffers sized by the {@link RecvByteBufAllocator} handle until a read
 * returns less than the buffer could hold, or the handle's message or byte limit is reached, or
 * auto-read is off (then exactly one buffer per {@code read()}); each buffer goes to {@code
 * channelRead}, then one {@code channelReadComplete}. At the end of input the channel's {@code
 * inputClosed()} decides between closing and half-closure. With auto-read off, read interest is
 * dropped after the loop unless a {@code read()} came in meanwhile. The handle is the thread's
 * shared one where the allocator has one ({@link RecvByteBufAllocator#newSharedHandle()}): read
 * loops run one at a time per thread, and the channel keeps only the predictor's {@code int} state,
 * so a connection holds no handle object, idle or not.
 *
 * <p><b>Write loop.</b> Up to {@link ChannelConfig#writeSpinCount()} write calls per flush. A write
 * that takes nothing means the socket buffer is full: the loop asks for write interest and resumes
 * on writability. Once the spin count is used up with the socket still taking data, the loop yields
 * to other channels by scheduling its continuation as a task. The number of bytes gathered per call
 * adapts to what the socket takes ({@link #maxBytesPerGatheringWrite()}).
 *
 * <h2>Threading</h2>
 *
 * <p>Event loop only: every method runs on the channel's loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>A buffer the read loop allocates is the loop's until it is passed to {@code channelRead} (then
 * the pipeline's) or released after an empty read. The write loop only borrows the flushed
 * messages, which stay in the {@link ChannelOutboundBuffer}.
 */
public final class StreamLoops {
  private static final int MIN_GATHERING_BYTES = 4096;

  /**
   * What a readiness-based socket does for the loops; called on the event loop only.
   *
   * <h2>Threading</h2>
   *
   * <p>Event loop only.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects: the buffers passed in stay their callers'.
   */
  public interface Primitives {
    /**
     * Reads what is available into {@code buf}'s writable bytes, without blocking, advancing its
     * writer index.
     *
     * @param buf the buffer, still owned by the caller
     * @return bytes read, 0 if nothing was ready, -1 at the end of the peer's output
     * @throws IOException if the read fails (the channel then closes)
     */
    int readBytes(ByteBuf buf) throws IOException;

    /**
     * Writes flushed {@link ByteBuf}s from the head of {@code in} in one non-blocking call,
     * gathering as many as fit in {@code maxBytes} ({@link ChannelOutboundBuffer#nioBuffers(int,
     * long)} or {@link ChannelOutboundBuffer#forEachFlushedMessage}). Does not remove anything: the
     * loop calls {@link ChannelOutboundBuffer#removeBytes(long)} with the result. Should call
     * {@link StreamLoops#adjustMaxBytesPerGatheringWrite(long, long)} with what it tried and what
     * was written.
     *
     * @param in the outbound buffer; its current message is a readable {@link ByteBuf}
     * @param maxBytes how many bytes to gather at most
     * @return bytes written, 0 if the socket takes nothing now
     * @throws IOException if the write fails
     */
    long writeBytes(ChannelOutboundBuffer in, long maxBytes) throws IOException;

    /**
     * Transfers part of a file region without blocking, e.g. {@code region.transferTo(socket,
     * region.transferred())}.
     *
     * @param region the region; not yet completely transferred
     * @return bytes transferred, 0 if the socket takes nothing now
     * @throws IOException if the transfer fails
     */
    long writeFileRegion(FileRegion region) throws IOException;

    /**
     * Asks the event loop to report (or stop reporting) readability; called only on change.
     *
     * @param interested whether to report
     */
    void readInterest(boolean interested);

    /**
     * Asks the event loop to report (or stop reporting) writability; called only on change.
     *
     * @param interested whether to report
     */
    void writeInterest(boolean interested);
  }

  private final AbstractDuplexChannel channel;
  private final Primitives socket;
  private boolean readPending;

  /** The receive-size predictor's state between read loops ({@link ReadLoopHandles}). */
  private int recvState;

  private boolean readInterested;
  private boolean writeInterested;
  private long maxBytesPerGatheringWrite = Integer.MAX_VALUE;
  private Runnable flushTask;

  /**
   * Creates the loops of a channel.
   *
   * @param channel the channel whose pipeline the loops fire into
   * @param socket the transport's primitives
   */
  public StreamLoops(AbstractDuplexChannel channel, Primitives socket) {
    this.channel = Objects.requireNonNull(channel, "channel");
    this.socket = Objects.requireNonNull(socket, "socket");
  }

  // ---- reading ----

  /** A {@code read()} reached the channel: report readability (unless the input is shut down). */
  public void beginRead() {
    if (channel.hasShutDownInput()) {
      return;
    }
    readPending = true;
    setReadInterest(true);
  }

  /** Auto-read turned off: stop reporting readability. */
  public void autoReadCleared() {
    readPending = false;
    setReadInterest(false);
  }

  private void setReadInterest(boolean on) {
    if (readInterested != on && channel.isOpen()) {
      readInterested = on;
      socket.readInterest(on);
    }
  }

  /**
   * Runs the read loop; the transport calls it when the socket is readable. Fires {@code
   * channelRead} per buffer, then {@code channelReadComplete}; at the end of input calls the
   * channel's {@code inputClosed()}; on a read error fires {@code exceptionCaught} and closes.
   */
  public void readReady() {
    if (channel.hasShutDownInput()) {
      setReadInterest(false); // a late readiness event after the end of input
      return;
    }
    ChannelConfig config = channel.config();
    ChannelPipeline pipeline = channel.pipeline();
    ByteBufAllocator alloc = config.allocator();
    // The thread's shared handle where the allocator has one: the channel keeps its int state.
    RecvByteBufAllocator.SharedHandle shared = ReadLoopHandles.lend(config.recvByteBufAllocator());
    RecvByteBufAllocator.Handle handle;
    if (shared != null) {
      shared.reset(config, recvState);
      handle = shared;
    } else {
      handle = channel.recvHandle();
      handle.reset(config);
    }
    ByteBuf buf = null;
    boolean endOfInput = false;
    try {
      do {
        buf = handle.allocate(alloc);
        handle.attemptedBytesRead(buf.writableBytes());
        handle.lastBytesRead(socket.readBytes(buf));
        if (handle.lastBytesRead() <= 0) {
          buf.release();
          buf = null;
          endOfInput = handle.lastBytesRead() < 0;
          if (endOfInput) {
            readPending = false;
          }
          break;
        }
        handle.incMessagesRead(1);
        readPending = false;
        ByteBuf read = buf;
        buf = null;
        pipeline.fireChannelRead(read);
      } while (handle.continueReading() && channel.isOpen());
      handle.readComplete();
      channel.readComplete();
      if (endOfInput) {
        setReadInterest(false);
        channel.inputClosed();
      }
    } catch (Throwable t) {
      readFailed(buf, t, handle);
    } finally {
      if (shared != null) {
        recvState = shared.state();
        ReadLoopHandles.giveBack(shared);
      }
      if (!readPending && !config.autoRead()) {
        setReadInterest(false);
      }
    }
  }

  private void readFailed(ByteBuf buf, Throwable cause, RecvByteBufAllocator.Handle handle) {
    ChannelPipeline pipeline = channel.pipeline();
    if (buf != null) {
      if (buf.isReadable()) {
        readPending = false;
        pipeline.fireChannelRead(buf);
      } else {
        buf.release();
      }
    }
    handle.readComplete();
    pipeline.fireChannelReadComplete();
    pipeline.fireExceptionCaught(cause);
    if (cause instanceof IOException || cause instanceof OutOfMemoryError) {
      channel.closeNow(cause);
    }
  }

  // ---- writing ----

  /**
   * Returns whether the loop waits for writability (a flush then has nothing to do).
   *
   * @return {@code true} while write interest is on
   */
  public boolean waitsForWritability() {
    return writeInterested;
  }

  /**
   * Writes the flushed messages of {@code in} (see the class comment).
   *
   * @param in the outbound buffer
   * @throws Exception fails the flushed writes, as the channel's {@code doWrite} would
   */
  public void write(ChannelOutboundBuffer in) throws Exception {
    int spins = channel.config().writeSpinCount();
    do {
      Object msg = in.current();
      if (msg == null) {
        setWriteInterest(false);
        return;
      }
      long written;
      if (msg instanceof ByteBuf buf) {
        if (!buf.isReadable()) {
          in.remove();
          continue;
        }
        written = socket.writeBytes(in, maxBytesPerGatheringWrite);
        if (written <= 0) {
          setWriteInterest(true);
          return;
        }
        in.removeBytes(written);
      } else if (msg instanceof FileRegion region) {
        if (region.transferred() >= region.count()) {
          in.remove();
          continue;
        }
        written = socket.writeFileRegion(region);
        if (written <= 0) {
          setWriteInterest(true);
          return;
        }
        if (region.transferred() >= region.count()) {
          in.remove();
        }
      } else {
        in.remove(new UnsupportedOperationException(msg.getClass().getName()));
        continue;
      }
      spins--;
    } while (spins > 0);
    // The socket still takes data but this channel had its share: continue after other work.
    setWriteInterest(false);
    Runnable task = flushTask;
    if (task == null) {
      flushTask = task = channel::writeReady;
    }
    channel.eventLoop().execute(task);
  }

  private void setWriteInterest(boolean on) {
    if (writeInterested != on && channel.isOpen()) {
      writeInterested = on;
      socket.writeInterest(on);
    }
  }

  /**
   * Returns how many bytes one gathering write should gather at most; adapts to what the socket
   * takes.
   *
   * @return bytes
   */
  public long maxBytesPerGatheringWrite() {
    return maxBytesPerGatheringWrite;
  }

  /**
   * Adapts {@link #maxBytesPerGatheringWrite()}: doubles it after a write that took everything,
   * halves it (down to 4 KiB) after one that took less than half.
   *
   * @param attempted bytes offered to the write
   * @param written bytes the write took
   */
  public void adjustMaxBytesPerGatheringWrite(long attempted, long written) {
    if (attempted == written) {
      long doubled = attempted << 1;
      if (doubled > maxBytesPerGatheringWrite) {
        maxBytesPerGatheringWrite = Math.min(doubled, Integer.MAX_VALUE);
      }
    } else if (attempted > MIN_GATHERING_BYTES && written < attempted >>> 1) {
      maxBytesPerGatheringWrite = Math.max(MIN_GATHERING_BYTES, attempted >>> 1);
    }
  }
}
