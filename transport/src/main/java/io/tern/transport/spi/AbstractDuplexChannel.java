package io.tern.transport.spi;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInputShutdownEvent;
import io.tern.transport.channel.ChannelInputShutdownReadComplete;
import io.tern.transport.channel.ChannelOutputShutdownEvent;
import io.tern.transport.channel.ChannelOutputShutdownException;
import io.tern.transport.channel.DuplexChannel;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;

/**
 * Half-closure for channels with two independent directions. A transport implements {@link
 * #doShutdownInput()} and {@link #doShutdownOutput()}, and calls {@link #inputClosed()} when it
 * reads the end of the peer's output:
 *
 * <ul>
 *   <li>with {@link io.tern.transport.channel.ChannelOption#ALLOW_HALF_CLOSURE} off (the default),
 *       the channel closes;
 *   <li>with it on, the input is shut down and {@link ChannelInputShutdownEvent} then {@link
 *       ChannelInputShutdownReadComplete} are fired; the channel keeps writing until the
 *       application closes it (or shuts its output down too, which then closes it).
 * </ul>
 *
 * <p>{@link #shutdownOutput()} fails the writes still queued with {@link
 * ChannelOutputShutdownException}, shuts the output down and fires {@link
 * ChannelOutputShutdownEvent}. When a write fails and auto-close is off, the output is shut down
 * instead of closing the channel.
 *
 * <h2>Threading</h2>
 *
 * <p>The public methods may be called from any thread; the rest runs on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Writes still queued when the output shuts down fail with {@link
 * ChannelOutputShutdownException} and are released.
 */
public abstract class AbstractDuplexChannel extends AbstractChannel implements DuplexChannel {
  private volatile boolean inputShutdown;
  private volatile boolean outputShutdown;

  /**
   * Creates the channel.
   *
   * @param parent the server channel that accepted this one, or {@code null}
   * @param eventLoop the channel's event loop
   */
  protected AbstractDuplexChannel(Channel parent, EventLoop eventLoop) {
    super(parent, eventLoop);
  }

  /**
   * Shuts the input of the underlying resource down.
   *
   * @throws Exception fails {@link #shutdownInput()}
   */
  protected abstract void doShutdownInput() throws Exception;

  /**
   * Shuts the output of the underlying resource down (the peer reads the end of the stream).
   *
   * @throws Exception fails {@link #shutdownOutput()}
   */
  protected abstract void doShutdownOutput() throws Exception;

  @Override
  public boolean isInputShutdown() {
    return inputShutdown || !isActive();
  }

  @Override
  public boolean isOutputShutdown() {
    return outputShutdown || !isActive();
  }

  @Override
  public boolean isShutdown() {
    return (inputShutdown && outputShutdown) || !isActive();
  }

  @Override
  public Future<Void> shutdownInput() {
    return onLoop(this::shutdownInputOnLoop);
  }

  @Override
  public Future<Void> shutdownOutput() {
    return onLoop(p -> shutdownOutputOnLoop(p, null));
  }

  @Override
  public Future<Void> shutdown() {
    return onLoop(
        p -> {
          Promise<Void> output = newPromise();
          shutdownOutputOnLoop(output, null);
          if (!output.isSuccess()) {
            p.tryFailure(output.cause());
            return;
          }
          shutdownInputOnLoop(p);
        });
  }

  private Future<Void> onLoop(java.util.function.Consumer<Promise<Void>> op) {
    Promise<Void> promise = newPromise();
    if (eventLoop().inEventLoop()) {
      op.accept(promise);
    } else {
      eventLoop().execute(() -> op.accept(promise));
    }
    return promise;
  }

  private void shutdownInputOnLoop(Promise<Void> promise) {
    if (!isActive()) {
      promise.tryFailure(new ClosedChannelException());
      return;
    }
    if (!inputShutdown) {
      try {
        doShutdownInput();
      } catch (Throwable t) {
        promise.tryFailure(t);
        return;
      }
      inputShutdown = true;
    }
    promise.trySuccess(null);
    closeIfShutdown();
  }

  private void shutdownOutputOnLoop(Promise<Void> promise, Throwable cause) {
    if (!isActive()) {
      promise.tryFailure(new ClosedChannelException());
      return;
    }
    if (outputShutdown) {
      promise.trySuccess(null);
      return;
    }
    outputShutdown = true;
    closeOutbound(
        cause == null
            ? new ChannelOutputShutdownException("output shut down")
            : new ChannelOutputShutdownException("output shut down after a failed write", cause));
    Throwable error = null;
    try {
      doShutdownOutput();
    } catch (Throwable t) {
      error = t;
    }
    pipeline().fireUserEventTriggered(ChannelOutputShutdownEvent.INSTANCE);
    if (error != null) {
      promise.tryFailure(error);
    } else {
      promise.trySuccess(null);
    }
    closeIfShutdown();
  }

  /**
   * The transport read the end of the peer's output: closes the channel, or with half-closure
   * allowed shuts the input down and fires {@link ChannelInputShutdownEvent} and {@link
   * ChannelInputShutdownReadComplete}. Call it after the read loop's {@link #readComplete()}.
   */
  protected final void inputClosed() {
    if (!isOpen()) {
      return;
    }
    if (!config().allowHalfClosure()) {
      closeNow(null);
      return;
    }
    if (inputShutdown) {
      return;
    }
    try {
      doShutdownInput();
    } catch (Throwable t) {
      // The peer is gone for reading anyway; mark the input shut down regardless.
    }
    inputShutdown = true;
    pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
    pipeline().fireUserEventTriggered(ChannelInputShutdownReadComplete.INSTANCE);
    closeIfShutdown();
  }

  /**
   * Whether this channel shut its input down (on request, or at the peer's end of output with
   * half-closure allowed), whether or not it is still active; {@link #isInputShutdown()} also
   * answers {@code true} for an inactive channel.
   */
  final boolean hasShutDownInput() {
    return inputShutdown;
  }

  private void closeIfShutdown() {
    if (inputShutdown && outputShutdown && isOpen()) {
      closeNow(null);
    }
  }

  /** Shuts the output down: the channel stays open for reading. */
  @Override
  void writeFailedWithoutAutoClose(IOException cause) {
    shutdownOutputOnLoop(newPromise(), cause);
  }
}
