package io.tern.handler.proxy;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.handler.proxy.ProxyConnectException.Reason;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Opens a connection through a proxy: put it first in a client pipeline and connect to the
 * destination as usual (with {@code Bootstrap.resolver(AddressResolver.NONE)} to let the proxy
 * resolve host names). The handler connects to the proxy instead, runs the proxy's handshake with
 * its own codec (added before it, removed after), and then:
 *
 * <ol>
 *   <li>fires a {@link ProxyConnectionEvent} and then {@code channelActive} to the handlers after
 *       it (which never see the handshake: they see an active channel to the destination);
 *   <li>writes what they wrote meanwhile, in order;
 *   <li>completes the connect future, and removes itself.
 * </ol>
 *
 * <p>If the proxy refuses, asks for credentials that were not given, speaks another protocol,
 * closes, or the handshake takes longer than {@link #connectTimeoutMillis} (10 s by default), the
 * connect future fails with a {@link ProxyConnectException} naming the proxy's reply, queued writes
 * fail with it too, and the channel is closed; the handlers after it see neither {@code
 * channelActive} nor {@code channelInactive}.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel (it holds the handshake's state).
 * Configure the timeout before the connect.
 *
 * <h2>Ownership</h2>
 *
 * <p>Releases the proxy's replies it consumes. Writes queued during the handshake are owned by the
 * handler until they are written on, or released when the handshake fails.
 */
public abstract class ProxyHandler implements ChannelHandler {
  /** The default bound on the handshake. */
  public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 10_000;

  private final SocketAddress proxyAddress;
  private long connectTimeoutMillis = DEFAULT_CONNECT_TIMEOUT_MILLIS;
  private SocketAddress destination;
  private Promise<Void> connectPromise;
  private ScheduledFuture<?> timeout;
  private boolean finished;
  private boolean flushPending;
  private final ArrayDeque<Object> pendingWrites = new ArrayDeque<>(2);

  /**
   * Creates a handler.
   *
   * @param proxyAddress the proxy's address
   */
  protected ProxyHandler(SocketAddress proxyAddress) {
    this.proxyAddress = Objects.requireNonNull(proxyAddress, "proxyAddress");
  }

  /**
   * Returns the protocol, for events and exceptions.
   *
   * @return {@code socks4}, {@code socks5} or {@code http}
   */
  public abstract String protocol();

  /**
   * Returns the authentication scheme used.
   *
   * @return {@code none}, {@code userid}, {@code password} or {@code basic}
   */
  public abstract String authScheme();

  /**
   * Returns the proxy's address.
   *
   * @return the address this handler connects to
   */
  public final SocketAddress proxyAddress() {
    return proxyAddress;
  }

  /**
   * Returns the destination.
   *
   * @return the address the application connected to, or {@code null} before the connect
   */
  public final SocketAddress destinationAddress() {
    return destination;
  }

  /**
   * Returns the bound on the handshake.
   *
   * @return milliseconds from the TCP connection to the proxy's final answer; 0 for none
   */
  public final long connectTimeoutMillis() {
    return connectTimeoutMillis;
  }

  /**
   * Sets the bound on the handshake.
   *
   * @param millis milliseconds from the TCP connection to the proxy's final answer; 0 for none
   * @return this handler
   */
  public final ProxyHandler connectTimeoutMillis(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("negative timeout: " + millis);
    }
    this.connectTimeoutMillis = millis;
    return this;
  }

  // ---- what a protocol implements

  /**
   * Adds the protocol's codec before this handler.
   *
   * @param ctx this handler's context
   */
  protected abstract void addCodec(ChannelHandlerContext ctx);

  /**
   * Removes the protocol's codec once the handshake ended.
   *
   * @param ctx this handler's context
   */
  protected abstract void removeCodec(ChannelHandlerContext ctx);

  /**
   * Returns the first message to send once connected to the proxy.
   *
   * @param ctx this handler's context
   * @return the message
   */
  protected abstract Object newInitialMessage(ChannelHandlerContext ctx);

  /**
   * Removes {@code handler} from the pipeline if it is still there (decoders remove themselves
   * after the proxy's last reply).
   *
   * @param ctx this handler's context
   * @param handler the handler
   */
  protected static void removeIfPresent(ChannelHandlerContext ctx, ChannelHandler handler) {
    if (ctx.pipeline().context(handler) != null) {
      ctx.pipeline().remove(handler);
    }
  }

  /**
   * Adds {@code handler} just before this one.
   *
   * @param ctx this handler's context
   * @param handler the handler
   */
  protected static void addBefore(ChannelHandlerContext ctx, ChannelHandler handler) {
    ctx.pipeline().addBefore(ctx.name(), null, handler);
  }

  /**
   * Handles one reply of the proxy; may write the next request.
   *
   * @param ctx this handler's context
   * @param reply the decoded reply; released by the caller
   * @return {@code true} when the proxy has connected to the destination
   * @throws ProxyConnectException when the proxy refuses
   */
  protected abstract boolean handleResponse(ChannelHandlerContext ctx, Object reply)
      throws ProxyConnectException;

  /**
   * Returns an exception for this protocol.
   *
   * @param reason why
   * @param reply the proxy's reply, or {@code null}
   * @param message details
   * @return the exception
   */
  protected final ProxyConnectException exception(Reason reason, String reply, String message) {
    return new ProxyConnectException(protocol(), reason, reply, message);
  }

  // ---- the handshake

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    addCodec(ctx);
  }

  @Override
  public void connect(
      ChannelHandlerContext ctx,
      SocketAddress remoteAddress,
      SocketAddress localAddress,
      Promise<Void> promise) {
    if (destination != null) {
      promise.tryFailure(new IllegalStateException("already connected through " + proxyAddress));
      return;
    }
    destination = remoteAddress;
    connectPromise = promise;
    Promise<Void> tcp = ctx.newPromise();
    tcp.addListener(
        f -> {
          if (!f.isSuccess()) {
            promise.tryFailure(f.cause());
          }
        });
    ctx.connect(proxyAddress, localAddress, tcp);
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    if (connectTimeoutMillis > 0) {
      timeout =
          ctx.executor()
              .schedule(
                  () -> {
                    if (!finished) {
                      fail(
                          ctx,
                          exception(
                              Reason.TIMEOUT,
                              null,
                              "no answer from "
                                  + proxyAddress
                                  + " within "
                                  + connectTimeoutMillis
                                  + " ms"));
                    }
                  },
                  connectTimeoutMillis,
                  TimeUnit.MILLISECONDS);
    }
    Object first;
    try {
      first = newInitialMessage(ctx);
    } catch (RuntimeException e) {
      fail(ctx, e);
      return;
    }
    if (first != null) {
      ctx.writeAndFlush(first)
          .addListener(
              f -> {
                if (!f.isSuccess()) {
                  fail(ctx, f.cause());
                }
              });
    }
    // channelActive goes on only when the tunnel is up.
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (finished) {
      ctx.fireChannelRead(msg);
      return;
    }
    boolean done;
    try {
      done = handleResponse(ctx, msg);
    } catch (ProxyConnectException e) {
      fail(ctx, e);
      return;
    } catch (RuntimeException e) {
      fail(ctx, e);
      return;
    } finally {
      ReferenceCountUtil.release(msg);
    }
    if (done) {
      succeed(ctx);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (!finished) {
      fail(ctx, exception(Reason.CLOSED, null, proxyAddress + " closed the connection"));
    }
    // Reached only before the tunnel is up or after it failed (on success this handler leaves the
    // pipeline): the handlers after this one never saw channelActive, so they see no
    // channelInactive either, and the connect future alone reports the failure.
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!finished) {
      fail(ctx, cause);
    } else {
      ctx.fireExceptionCaught(cause);
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (finished) {
      ctx.write(msg, promise);
    } else {
      pendingWrites.add(msg);
      pendingWrites.add(promise);
    }
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    if (finished) {
      ctx.flush();
    } else {
      flushPending = true;
    }
  }

  private void succeed(ChannelHandlerContext ctx) {
    finished = true;
    cancelTimeout();
    removeCodec(ctx);
    ctx.fireUserEventTriggered(
        new ProxyConnectionEvent(protocol(), authScheme(), proxyAddress, destination));
    ctx.fireChannelActive();
    boolean wrote = !pendingWrites.isEmpty();
    while (!pendingWrites.isEmpty()) {
      Object msg = pendingWrites.poll();
      @SuppressWarnings("unchecked")
      Promise<Void> p = (Promise<Void>) pendingWrites.poll();
      ctx.write(msg, p);
    }
    if (wrote || flushPending) {
      ctx.flush();
    }
    connectPromise.trySuccess(null);
    ctx.pipeline().remove(this);
  }

  private void fail(ChannelHandlerContext ctx, Throwable cause) {
    if (finished) {
      return;
    }
    finished = true;
    cancelTimeout();
    Throwable failure =
        cause instanceof ProxyConnectException
            ? cause
            : exception(
                    cause instanceof ClosedChannelException ? Reason.CLOSED : Reason.PROTOCOL_ERROR,
                    null,
                    String.valueOf(cause))
                .initCause(cause);
    while (!pendingWrites.isEmpty()) {
      ReferenceCountUtil.release(pendingWrites.poll());
      @SuppressWarnings("unchecked")
      Promise<Void> p = (Promise<Void>) pendingWrites.poll();
      p.tryFailure(failure);
    }
    if (connectPromise != null) {
      connectPromise.tryFailure(failure);
    }
    ctx.close();
  }

  private void cancelTimeout() {
    if (timeout != null) {
      timeout.cancel(false);
      timeout = null;
    }
  }
}
