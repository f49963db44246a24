package io.tern.transport.channel;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.common.concurrent.Future;

/**
 * A channel whose two directions can be shut down separately (TCP, Unix domain stream sockets, the
 * local transport). With {@link ChannelOption#ALLOW_HALF_CLOSURE} on, the peer's end of output
 * shuts this channel's input down and fires {@link ChannelInputShutdownEvent} instead of closing;
 * the channel may keep writing and closes when the application decides.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link Channel}: any thread may call these methods; the shutdowns run on the channel's
 * event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link Channel}: writes still queued when the output shuts down fail and are released.
 */
public interface DuplexChannel extends Channel {

  /**
   * Tells whether the input is shut down.
   *
   * @return {@code true} once no more reads can follow
   */
  boolean isInputShutdown();

  /**
   * Tells whether the output is shut down.
   *
   * @return {@code true} once no more writes can be made
   */
  boolean isOutputShutdown();

  /**
   * Tells whether both directions are shut down.
   *
   * @return {@code true} if input and output are shut down (or the channel is closed)
   */
  boolean isShutdown();

  /**
   * Shuts the input down: no more reads; the peer's further data is discarded by the OS.
   *
   * @return completed once done
   */
  @CanIgnoreReturnValue
  Future<Void> shutdownInput();

  /**
   * Shuts the output down: the peer reads the end of the stream. Writes still queued fail with
   * {@link ChannelOutputShutdownException}; flush them first (for example in the listener of the
   * last {@code writeAndFlush}). Fires {@link ChannelOutputShutdownEvent}.
   *
   * @return completed once done
   */
  @CanIgnoreReturnValue
  Future<Void> shutdownOutput();

  /**
   * Shuts both directions down (output first).
   *
   * @return completed once done
   */
  @CanIgnoreReturnValue
  Future<Void> shutdown();
}
