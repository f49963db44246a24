package io.tern.transport.channel;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.buffer.ByteBufAllocator;
import io.tern.common.AttributeMap;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import java.net.SocketAddress;

/**
 * A connection, a listening socket or another I/O endpoint, with a {@link ChannelPipeline} of
 * handlers, a {@link ChannelConfig} and attributes.
 *
 * <p><b>Life cycle.</b> A channel is bound to one {@link EventLoop} for life, fixed when it is
 * created; {@link #register()} turns its I/O on (the pipeline sees {@code channelRegistered}).
 * {@code channelActive} follows once it is bound or connected (for an accepted child: at
 * registration), then {@code channelInactive}, {@code channelUnregistered} and every handler's
 * {@code handlerRemoved} when it closes; {@link #closeFuture()} completes after all of them.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call these methods; the operations run on {@link #eventLoop()}, and the
 * returned futures complete there. Getters that report state ({@link #isActive()}, {@link
 * #isWritable()}, the addresses) may be read anywhere and are up to date on the loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>A message handed to {@link #write} belongs to the channel from then on: it is released once
 * written, or when the write fails (for example after close). Messages the channel reads belong to
 * the handler that receives them.
 */
public interface Channel extends AttributeMap {

  /**
   * Returns the id.
   *
   * @return the globally unique id
   */
  ChannelId id();

  /**
   * Returns the event loop.
   *
   * @return the loop all of this channel's I/O and handlers run on
   */
  EventLoop eventLoop();

  /**
   * Returns the parent.
   *
   * @return the server channel that accepted this one, or {@code null}
   */
  Channel parent();

  /**
   * Returns the configuration.
   *
   * @return this channel's settings
   */
  ChannelConfig config();

  /**
   * Returns the pipeline.
   *
   * @return this channel's pipeline
   */
  ChannelPipeline pipeline();

  /**
   * Returns the allocator handlers should use for this channel's buffers.
   *
   * @return {@link ChannelConfig#allocator()}
   */
  default ByteBufAllocator alloc() {
    return config().allocator();
  }

  /**
   * Tells whether the channel is open.
   *
   * @return {@code false} once closed
   */
  boolean isOpen();

  /**
   * Tells whether the channel's I/O is registered with its event loop.
   *
   * @return {@code true} from {@link #register()} until close
   */
  boolean isRegistered();

  /**
   * Tells whether the channel is active.
   *
   * @return {@code true} while connected (or, for a server, bound)
   */
  boolean isActive();

  /**
   * Returns the local address.
   *
   * @return the bound address, or {@code null} if not bound
   */
  SocketAddress localAddress();

  /**
   * Returns the remote address.
   *
   * @return the peer's address, or {@code null} if not connected
   */
  SocketAddress remoteAddress();

  /**
   * Makes {@link #remoteAddress()} report {@code address} from now on instead of the socket's own
   * peer. This is for a connection whose peer is a proxy that names its client (the PROXY protocol
   * header that {@code codec-haproxy} decodes): every handler after the one that read the header,
   * and the application, then see the original client. The replacement lasts until the channel
   * disconnects.
   *
   * <p>Call it on the {@link #eventLoop()}, before handlers that read the address see any data.
   *
   * @param address the address to report; of the same type as the one the channel reports now (an
   *     {@code InetSocketAddress} for TCP, a {@code UnixDomainSocketAddress} for a Unix-domain
   *     socket), so the narrowed {@code remoteAddress()} of its channel type still holds
   * @throws IllegalArgumentException if the channel cannot report an address of that type
   * @throws IllegalStateException if the channel has no remote address (not connected)
   * @throws UnsupportedOperationException if this channel implementation does not support it
   */
  default void replaceRemoteAddress(SocketAddress address) {
    throw new UnsupportedOperationException(getClass().getName() + " keeps its remote address");
  }

  /**
   * Returns the close future.
   *
   * @return a future completed once the channel has closed and its pipeline has been emptied
   */
  @CanIgnoreReturnValue
  Future<Void> closeFuture();

  /**
   * Tells whether a write would be written soon: {@code false} while the bytes waiting to be
   * written exceed the high {@link WriteBufferWaterMark water mark} (until they drop below the low
   * one) or a user-defined writability bit is off. Handlers that produce much data check it and
   * wait for {@code channelWritabilityChanged}.
   *
   * @return {@code true} if writable
   */
  boolean isWritable();

  /**
   * Returns how many more bytes may be queued before {@link #isWritable()} turns {@code false}.
   *
   * @return bytes, 0 if not writable
   */
  long bytesBeforeUnwritable();

  /**
   * Returns how many queued bytes must be written before {@link #isWritable()} turns {@code true}.
   *
   * @return bytes, 0 if writable
   */
  long bytesBeforeWritable();

  /**
   * Returns a user-defined writability bit.
   *
   * @param index the bit, 1 to 31
   * @return {@code true} unless set to unwritable
   */
  boolean userDefinedWritability(int index);

  /**
   * Sets a user-defined writability bit (e.g. for traffic shaping); the channel is writable only if
   * every bit is. A change of {@link #isWritable()} fires {@code channelWritabilityChanged}.
   *
   * @param index the bit, 1 to 31
   * @param writable the new value
   */
  void userDefinedWritability(int index, boolean writable);

  /**
   * Registers the channel's I/O with its event loop; done by the bootstraps. An already active
   * channel (accepted by a server) then fires {@code channelActive} and starts reading if {@link
   * ChannelConfig#autoRead()}.
   *
   * @return completed once registered
   */
  @CanIgnoreReturnValue
  Future<Void> register();

  /**
   * Creates a promise completed on this channel's event loop.
   *
   * @return a new promise
   */
  default Promise<Void> newPromise() {
    return new DefaultPromise<>(eventLoop());
  }

  /**
   * Returns the promise for writes nobody waits for: success is not recorded and a failure is fired
   * as {@code exceptionCaught} through the pipeline (see {@link VoidChannelPromise}). Saves a
   * promise per message; it cannot be listened to.
   *
   * @return this channel's void promise (the same instance each time for the channels of this
   *     framework; this default creates one per call)
   */
  default Promise<Void> voidPromise() {
    return new VoidChannelPromise(this);
  }

  /**
   * Binds to a local address, through the pipeline.
   *
   * @param localAddress the address
   * @return completed once bound
   */
  @CanIgnoreReturnValue
  default Future<Void> bind(SocketAddress localAddress) {
    return pipeline().bind(localAddress, newPromise());
  }

  /**
   * Connects to a remote address, through the pipeline.
   *
   * @param remoteAddress the address
   * @return completed once connected; fails with {@link ConnectTimeoutException} after {@link
   *     ChannelConfig#connectTimeoutMillis()}
   */
  @CanIgnoreReturnValue
  default Future<Void> connect(SocketAddress remoteAddress) {
    return pipeline().connect(remoteAddress, null, newPromise());
  }

  /**
   * Connects from a local address to a remote one, through the pipeline.
   *
   * @param remoteAddress the address to connect to
   * @param localAddress the address to bind to first, or {@code null}
   * @return completed once connected
   */
  @CanIgnoreReturnValue
  default Future<Void> connect(SocketAddress remoteAddress, SocketAddress localAddress) {
    return pipeline().connect(remoteAddress, localAddress, newPromise());
  }

  /**
   * Disconnects, through the pipeline; for connection-oriented channels this closes the channel.
   *
   * @return completed once disconnected
   */
  @CanIgnoreReturnValue
  default Future<Void> disconnect() {
    return pipeline().disconnect(newPromise());
  }

  /**
   * Closes, through the pipeline. Pending writes fail with {@link
   * java.nio.channels.ClosedChannelException} and their messages are released.
   *
   * @return completed once closed (see {@link #closeFuture()})
   */
  @CanIgnoreReturnValue
  default Future<Void> close() {
    return pipeline().close();
  }

  /**
   * Asks for one more batch of reads, through the pipeline; needed when {@link
   * ChannelConfig#autoRead()} is off.
   *
   * @return this channel
   */
  @CanIgnoreReturnValue
  default Channel read() {
    pipeline().read();
    return this;
  }

  /**
   * Writes through the whole pipeline (from the tail); nothing reaches the socket before a flush.
   *
   * @param msg the message; the channel owns it from now on
   * @return the write's future
   */
  @CanIgnoreReturnValue
  default Future<Void> write(Object msg) {
    return pipeline().write(msg);
  }

  /**
   * Writes through the whole pipeline, completing {@code promise}.
   *
   * @param msg the message; the channel owns it from now on
   * @param promise completed when written
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  default Future<Void> write(Object msg, Promise<Void> promise) {
    return pipeline().write(msg, promise);
  }

  /**
   * Flushes through the whole pipeline: queued writes go to the socket.
   *
   * @return this channel
   */
  @CanIgnoreReturnValue
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
   * Writes and flushes through the whole pipeline, completing {@code promise}.
   *
   * @param msg the message; the channel owns it from now on
   * @param promise completed when written
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  default Future<Void> writeAndFlush(Object msg, Promise<Void> promise) {
    return pipeline().writeAndFlush(msg, promise);
  }
}
