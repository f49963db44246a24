package io.tern.transport.spi;

import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeUnit;

/**
 * One connect the transport has started but not finished ({@link AbstractChannel#doConnect}
 * returned {@code false}): its promise, the peer it was asked for, and its timeout. It exists only
 * while the connect is pending, so a channel that never connects (an accepted child) pays one null
 * reference for it in its {@link ChannelHead}, which owns it. Event loop only.
 *
 * <p>Exactly one of three things ends it: the transport reports the outcome ({@link #finish()}),
 * the timeout fires ({@code CONNECT_TIMEOUT_MILLIS}: the promise fails with {@link
 * ConnectTimeoutException} and the channel closes), or the channel closes ({@link
 * #failOnClose(ClosedChannelException)}).
 */
final class PendingConnect {
  private final AbstractChannel channel;
  private final ChannelHead head;
  private final Promise<Void> promise;
  private final SocketAddress remote;
  private ScheduledFuture<?> timeout;

  PendingConnect(
      AbstractChannel channel, ChannelHead head, Promise<Void> promise, SocketAddress remote) {
    this.channel = channel;
    this.head = head;
    this.promise = promise;
    this.remote = remote;
  }

  /** Arms the timeout; none if {@code timeoutMillis} is 0 or less. */
  void scheduleTimeout(int timeoutMillis) {
    if (timeoutMillis > 0) {
      timeout =
          channel
              .eventLoop()
              .schedule(() -> timedOut(timeoutMillis), timeoutMillis, TimeUnit.MILLISECONDS);
    }
  }

  private void timedOut(int timeoutMillis) {
    if (head.connectEnded(this)
        && promise.tryFailure(
            new ConnectTimeoutException(
                "connection timed out after " + timeoutMillis + " ms: " + remote))) {
      head.closeNow(null);
    }
  }

  /**
   * The transport reported the outcome: {@link AbstractChannel#doFinishConnect()} tells which; on
   * success {@code channelActive} fires and the promise succeeds, on failure the promise fails and
   * the channel closes.
   */
  void finish() {
    boolean wasActive = channel.isActive();
    try {
      channel.doFinishConnect();
      head.connected(promise, wasActive);
    } catch (Throwable t) {
      promise.tryFailure(annotate(t, remote));
      head.closeNow(t);
    } finally {
      cancelTimeout();
      head.connectEnded(this);
    }
  }

  /** The channel closes before the connect finished. */
  void failOnClose(ClosedChannelException cause) {
    cancelTimeout();
    promise.tryFailure(cause);
  }

  private void cancelTimeout() {
    ScheduledFuture<?> t = timeout;
    if (t != null) {
      timeout = null;
      t.cancel(false);
    }
  }

  /**
   * Adds the peer's address to the message of a connect failure, keeping its type, so a log line
   * says where the connect went.
   *
   * @param t the failure
   * @param remote the peer, or {@code null}
   * @return {@code t}, or a copy of it with the address in its message and {@code t} as its cause
   */
  static Throwable annotate(Throwable t, SocketAddress remote) {
    if (remote == null || t instanceof ConnectTimeoutException) {
      return t;
    }
    String message = t.getMessage() + ": " + remote;
    Throwable annotated;
    if (t instanceof ConnectException) {
      annotated = new ConnectException(message);
    } else if (t instanceof NoRouteToHostException) {
      annotated = new NoRouteToHostException(message);
    } else if (t instanceof SocketException) {
      annotated = new SocketException(message);
    } else {
      return t;
    }
    annotated.initCause(t);
    annotated.setStackTrace(t.getStackTrace());
    return annotated;
  }
}
