package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.channel.RecvByteBufAllocator;
import java.io.IOException;

/**
 * A byte-stream channel over a readiness-based transport (NIO, epoll): the read loop, the write
 * loop with gathering writes, and half-closure. A transport implements five primitives on top of
 * {@link AbstractDuplexChannel}'s:
 *
 * <ul>
 *   <li>{@link #doReadBytes(ByteBuf)}: one non-blocking read into a buffer;
 *   <li>{@link #doWriteBytes(ChannelOutboundBuffer)}: one non-blocking (gathering) write of the
 *       flushed buffers at the head of the outbound buffer;
 *   <li>{@link #doWriteFileRegion(FileRegion)}: one zero-copy transfer;
 *   <li>{@link #readInterest(boolean)}, {@link #writeInterest(boolean)}: tell the event loop which
 *       readiness events to report.
 * </ul>
 *
 * and calls {@link #readReady()}, {@link #writeReady()} and {@link #finishConnect()} when its
 * {@code IoHandler} reports readability, writability and connect completion. A completion-based
 * transport (io_uring) overrides {@link #doBeginRead()} and {@link #doWrite} instead and reuses the
 * rest.
 *
 * <p><b>Read loop.</b> Reads buffers sized by the {@link RecvByteBufAllocator} handle until a read
 * returns less than the buffer could hold, or the handle's message or byte limit is reached, or
 * auto-read is off (then exactly one buffer per {@code read()}); each buffer goes to {@code
 * channelRead}, then one {@code channelReadComplete}. With auto-read off, read interest is dropped
 * after the loop unless a {@code read()} came in meanwhile.
 *
 * <p><b>Write loop.</b> Up to {@link ChannelConfig#writeSpinCount()} write calls per flush. A write
 * that takes nothing means the socket buffer is full: the loop asks for write interest and resumes
 * on writability. Once the spin count is used up with the socket still taking data, the loop yields
 * to other channels by scheduling its continuation as a task. The number of bytes gathered per call
 * adapts to what the socket takes ({@link #maxBytesPerGatheringWrite()}).
 *
 * <p>Threading: everything here runs on the channel's event loop.
 */
public abstract class AbstractStreamChannel extends AbstractDuplexChannel {
  private static final int MIN_GATHERING_BYTES = 4096;

  private boolean readPending;
  private boolean readInterested;
  private boolean writeInterested;
  private long maxBytesPerGatheringWrite = Integer.MAX_VALUE;
  private Runnable flushTask;

  /**
   * Creates the channel.
   *
   * @param parent the server channel that accepted this one, or {@code null}
   * @param eventLoop the channel's event loop
   */
  protected AbstractStreamChannel(Channel parent, EventLoop eventLoop) {
    super(parent, eventLoop);
  }

  /**
   * Reads what is available into {@code buf}'s writable bytes, without blocking, advancing its
   * writer index.
   *
   * @param buf the buffer
   * @return bytes read, 0 if nothing was ready, -1 at the end of the peer's output
   * @throws IOException if the read fails (the channel then closes)
   */
  protected abstract int doReadBytes(ByteBuf buf) throws IOException;

  /**
   * Writes flushed {@link ByteBuf}s from the head of {@code in} in one non-blocking call, gathering
   * as many as fit in {@link #maxBytesPerGatheringWrite()} ({@link
   * ChannelOutboundBuffer#nioBuffers(int, long)} or {@link
   * ChannelOutboundBuffer#forEachFlushedMessage}). Does not remove anything: the loop calls {@link
   * ChannelOutboundBuffer#removeBytes(long)} with the result. Should call {@link
   * #adjustMaxBytesPerGatheringWrite(long, long)} with what it tried and what was written.
   *
   * @param in the outbound buffer; its current message is a readable {@link ByteBuf}
   * @return bytes written, 0 if the socket takes nothing now
   * @throws IOException if the write fails
   */
  protected abstract long doWriteBytes(ChannelOutboundBuffer in) throws IOException;

  /**
   * Transfers part of a file region without blocking, e.g. {@code region.transferTo(socket,
   * region.transferred())}.
   *
   * @param region the region; not yet completely transferred
   * @return bytes transferred, 0 if the socket takes nothing now
   * @throws IOException if the transfer fails
   */
  protected abstract long doWriteFileRegion(FileRegion region) throws IOException;

  /**
   * Asks the event loop to report (or stop reporting) readability; called only on change.
   *
   * @param interested whether to report
   */
  protected abstract void readInterest(boolean interested);

  /**
   * Asks the event loop to report (or stop reporting) writability; called only on change.
   *
   * @param interested whether to report
   */
  protected abstract void writeInterest(boolean interested);

  // ---- reading ----

  @Override
  protected void doBeginRead() {
    if (inputShutdown0()) {
      return;
    }
    readPending = true;
    setReadInterest(true);
  }

  @Override
  protected void onAutoReadCleared() {
    readPending = false;
    setReadInterest(false);
  }

  private void setReadInterest(boolean on) {
    if (readInterested != on && isOpen()) {
      readInterested = on;
      readInterest(on);
    }
  }

  /**
   * Runs the read loop; the transport calls it when the socket is readable. Fires {@code
   * channelRead} per buffer, then {@code channelReadComplete}; at the end of input calls {@link
   * #inputClosed()}; on a read error fires {@code exceptionCaught} and closes.
   */
  protected final void readReady() {
    if (inputShutdown0()) {
      setReadInterest(false); // a late readiness event after the end of input
      return;
    }
    ChannelConfig config = config();
    ChannelPipeline pipeline = pipeline();
    ByteBufAllocator alloc = config.allocator();
    RecvByteBufAllocator.Handle handle = recvHandle();
    handle.reset(config);
    ByteBuf buf = null;
    boolean endOfInput = false;
    try {
      do {
        buf = handle.allocate(alloc);
        handle.attemptedBytesRead(buf.writableBytes());
        handle.lastBytesRead(doReadBytes(buf));
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
      } while (handle.continueReading() && isOpen());
      handle.readComplete();
      readComplete();
      if (endOfInput) {
        setReadInterest(false);
        inputClosed();
      }
    } catch (Throwable t) {
      readFailed(buf, t, handle);
    } finally {
      if (!readPending && !config.autoRead()) {
        setReadInterest(false);
      }
    }
  }

  private void readFailed(ByteBuf buf, Throwable cause, RecvByteBufAllocator.Handle handle) {
    if (buf != null) {
      if (buf.isReadable()) {
        readPending = false;
        pipeline().fireChannelRead(buf);
      } else {
        buf.release();
      }
    }
    handle.readComplete();
    pipeline().fireChannelReadComplete();
    pipeline().fireExceptionCaught(cause);
    if (cause instanceof IOException || cause instanceof OutOfMemoryError) {
      closeNow(cause);
    }
  }

  // ---- writing ----

  @Override
  protected boolean isFlushPending() {
    return writeInterested;
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws Exception {
    int spins = config().writeSpinCount();
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
        written = doWriteBytes(in);
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
        written = doWriteFileRegion(region);
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
      flushTask = task = this::writeReady;
    }
    eventLoop().execute(task);
  }

  private void setWriteInterest(boolean on) {
    if (writeInterested != on && isOpen()) {
      writeInterested = on;
      writeInterest(on);
    }
  }

  /**
   * Returns how many bytes one gathering write should gather at most; adapts to what the socket
   * takes.
   *
   * @return bytes
   */
  protected final long maxBytesPerGatheringWrite() {
    return maxBytesPerGatheringWrite;
  }

  /**
   * Adapts {@link #maxBytesPerGatheringWrite()}: doubles it after a write that took everything,
   * halves it (down to 4 KiB) after one that took less than half.
   *
   * @param attempted bytes offered to the write
   * @param written bytes the write took
   */
  protected final void adjustMaxBytesPerGatheringWrite(long attempted, long written) {
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
