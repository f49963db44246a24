package io.tern.transport.channel;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.buffer.ByteBufAllocator;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;

/**
 * A connection (or other I/O endpoint) with a {@link ChannelPipeline} of handlers.
 *
 * <p>Threading: any thread may call these methods; operations run on {@link #executor()}, and the
 * returned futures complete there. Messages handed to {@link #write} belong to the channel: they
 * are released once written, or when the write fails (for example after close).
 */
public interface Channel {

  /**
   * Returns the id.
   *
   * @return an id unique in this JVM, for logs
   */
  String id();

  /**
   * Returns the pipeline.
   *
   * @return this channel's pipeline
   */
  ChannelPipeline pipeline();

  /**
   * Returns the executor.
   *
   * @return the executor (event loop) all of this channel's handlers run on
   */
  EventExecutor executor();

  /**
   * Returns the allocator.
   *
   * @return the allocator handlers should use for this channel's buffers
   */
  ByteBufAllocator alloc();

  /**
   * Tells whether the channel is open.
   *
   * @return {@code false} once closed
   */
  boolean isOpen();

  /**
   * Tells whether the channel is active.
   *
   * @return {@code true} while connected (or bound)
   */
  boolean isActive();

  /**
   * Returns the close future.
   *
   * @return a future completed when the channel has closed
   */
  @CanIgnoreReturnValue
  Future<Void> closeFuture();

  /**
   * Writes through the whole pipeline (from the tail).
   *
   * @param msg the message; the channel owns it from now on
   * @return the write's future
   */
  @CanIgnoreReturnValue
  default Future<Void> write(Object msg) {
    return pipeline().write(msg);
  }

  /**
   * Flushes through the whole pipeline.
   *
   * @return this channel
   */
  default Channel flush() {
    pipeline().flush();
    return this;
  }

  /**
   * Writes and flushes through the whole pipeline.
   *
   * @param msg the message; the channel owns it from now on
   * @return the write's future
   */
  @CanIgnoreReturnValue
  default Future<Void> writeAndFlush(Object msg) {
    return pipeline().writeAndFlush(msg);
  }

  /**
   * Closes through the whole pipeline.
   *
   * @return the close future
   */
  @CanIgnoreReturnValue
  default Future<Void> close() {
    return pipeline().close();
  }
}
