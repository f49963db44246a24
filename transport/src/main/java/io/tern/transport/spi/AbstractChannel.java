package io.tern.transport.spi;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.buffer.ByteBuf;
import io.tern.common.DefaultAttributeMap;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelId;
import io.tern.transport.channel.ChannelOutputShutdownException;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.channel.VoidChannelPromise;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.SocketAddress;
import java.util.Objects;

/**
 * The base of every channel: its identity, pipeline, attributes and addresses, and the hooks a
 * transport implements. The pipeline's head (the package's {@code ChannelHead}, which owns the
 * life-cycle state: registration, outbound buffer, pending connect, close) checks each outbound
 * operation and turns it into calls of the few {@code do*} methods a transport implements:
 *
 * <table>
 *   <caption>what a transport implements</caption>
 *   <tr><td>{@link #ioHandle()}</td><td>the handle registered with the loop's {@code
 *       IoHandler}; a channel carried by another instead overrides {@link #registerIo()}</td></tr>
 *   <tr><td>{@link #isOpen()}, {@link #isActive()}</td><td>state of the underlying
 *       resource</td></tr>
 *   <tr><td>{@link #queryLocalAddress()}, {@link #queryRemoteAddress()}</td><td>addresses</td></tr>
 *   <tr><td>{@link #doBind}, {@link #doConnect}, {@link #doFinishConnect()}</td><td>bind and
 *       connect; an asynchronous connect returns {@code false} and the transport calls {@link
 *       #finishConnect()} when its I/O reports completion</td></tr>
 *   <tr><td>{@link #doBeginRead()}</td><td>start reading (interest in readability)</td></tr>
 *   <tr><td>{@link #doWrite}</td><td>write what {@link ChannelOutboundBuffer} holds</td></tr>
 *   <tr><td>{@link #doClose()}</td><td>release the resource</td></tr>
 * </table>
 *
 * <p>The shapes of channel build on it: {@link AbstractDuplexChannel} (half-closure; with {@link
 * StreamLoops} for the read and gathering write loops of a readiness-based byte stream), {@link
 * AbstractServerChannel} (accept loop) and {@link AbstractDatagramChannel} (datagram loops over a
 * {@link DatagramIo}). Everything here runs on the channel's event loop, which the constructor
 * fixes; {@link #register()} turns the I/O on.
 *
 * <p><b>Events.</b> {@code channelRegistered} after {@link #register()}; {@code channelActive} when
 * bind or connect make the channel active, or at registration for a channel active from birth (an
 * accepted child), followed by a {@code read()} through the pipeline if auto-read is on; the same
 * {@code read()} follows every {@code channelReadComplete} ({@link #readComplete()}). On close:
 * pending writes fail, then {@code channelInactive}, {@code channelUnregistered}, every handler's
 * {@code handlerRemoved}, and finally the close future.
 *
 * <h2>Threading</h2>
 *
 * <p>Public methods may be called from any thread; {@code do*} methods and the protected helpers
 * run on the event loop only.
 *
 * <h2>Ownership</h2>
 *
 * <p>A written message belongs to the channel's {@link ChannelOutboundBuffer} until written or
 * failed; a message passed to {@link #filterOutboundMessage} is the caller's until the method
 * returns. The transport owns its resource and releases it in {@link #doClose()}.
 */
public abstract class AbstractChannel extends DefaultAttributeMap implements Channel {
  private static final VarHandle VOID_PROMISE;
  private static final VarHandle ID;

  static {
    try {
      VOID_PROMISE =
          MethodHandles.lookup()
              .findVarHandle(AbstractChannel.class, "voidPromise", VoidChannelPromise.class);
      ID = MethodHandles.lookup().findVarHandle(AbstractChannel.class, "id", ChannelId.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Channel parent;
  // Created on first use (an idle connection nobody logs or groups never needs one) and installed
  // by compare-and-set, so every thread sees one id.
  private ChannelId id;
  private final EventLoop eventLoop;
  private final ChannelHead head;
  private final TransportPipeline pipeline;
  private volatile SocketAddress localAddress;
  private volatile SocketAddress remoteAddress;
  private RecvByteBufAllocator.Handle recvHandle;
  // Created on first use and installed by compare-and-set, so every thread sees one instance.
  private VoidChannelPromise voidPromise;

  /**
   * Creates a channel bound to {@code eventLoop} for life.
   *
   * @param parent the server channel that accepted this one, or {@code null}
   * @param eventLoop the loop all of this channel's I/O and handlers run on
   */
  protected AbstractChannel(Channel parent, EventLoop eventLoop) {
    this.parent = parent;
    this.eventLoop = Objects.requireNonNull(eventLoop, "eventLoop");
    this.head = new ChannelHead(this);
    this.pipeline = new TransportPipeline(this, head);
  }

  /**
   * Creates a channel with a given id.
   *
   * @param parent the server channel that accepted this one, or {@code null}
   * @param eventLoop the loop all of this channel's I/O and handlers run on
   * @param id the id
   */
  protected AbstractChannel(Channel parent, EventLoop eventLoop, ChannelId id) {
    this.parent = parent;
    this.eventLoop = Objects.requireNonNull(eventLoop, "eventLoop");
    this.id = Objects.requireNonNull(id, "id");
    this.head = new ChannelHead(this);
    this.pipeline = new TransportPipeline(this, head);
  }

  // ---------------------------------------------------------------------------------------------
  // Channel

  @Override
  public final ChannelId id() {
    ChannelId i = id; // a plain read is enough: an id's fields are final
    if (i != null) {
      return i;
    }
    ChannelId created = ChannelId.newInstance();
    ChannelId witness = (ChannelId) ID.compareAndExchange(this, (ChannelId) null, created);
    return witness == null ? created : witness;
  }

  @Override
  public final EventLoop eventLoop() {
    return eventLoop;
  }

  @Override
  public Channel parent() {
    return parent;
  }

  @Override
  public final ChannelPipeline pipeline() {
    return pipeline;
  }

  @Override
  public final Future<Void> closeFuture() {
    return head.closeFuture();
  }

  @Override
  public final Promise<Void> voidPromise() {
    VoidChannelPromise p = voidPromise; // a plain read is enough: its one field is final
    if (p != null) {
      return p;
    }
    VoidChannelPromise created = new VoidChannelPromise(this);
    VoidChannelPromise witness =
        (VoidChannelPromise)
            VOID_PROMISE.compareAndExchange(this, (VoidChannelPromise) null, created);
    return witness == null ? created : witness;
  }

  @Override
  public final boolean isRegistered() {
    return head.isRegistered();
  }

  @Override
  public SocketAddress localAddress() {
    SocketAddress a = localAddress;
    if (a == null && isOpen()) {
      try {
        localAddress = a = queryLocalAddress();
      } catch (RuntimeException e) {
        return null; // closed concurrently
      }
    }
    return a;
  }

  @Override
  public SocketAddress remoteAddress() {
    SocketAddress a = remoteAddress;
    if (a == null && isOpen()) {
      try {
        remoteAddress = a = queryRemoteAddress();
      } catch (RuntimeException e) {
        return null;
      }
    }
    return a;
  }

  @Override
  public final void replaceRemoteAddress(SocketAddress address) {
    Objects.requireNonNull(address, "address");
    assert eventLoop.inEventLoop();
    SocketAddress current = remoteAddress();
    if (current == null) {
      throw new IllegalStateException("no remote address to replace: " + this);
    }
    if (!isCompatibleRemoteAddress(current, address)) {
      throw new IllegalArgumentException(
          "a " + current.getClass().getName() + " channel cannot report " + address);
    }
    // The cache remoteAddress() reads first; disconnecting clears it.
    remoteAddress = address;
  }

  /**
   * Tells whether {@link #replaceRemoteAddress} may make this channel report {@code replacement}.
   * The default takes only an instance of the current address's class, because transports narrow
   * {@code remoteAddress()} to their address type; override to accept others.
   *
   * @param current the address the channel reports now
   * @param replacement the proposed address
   * @return {@code true} if {@code replacement} may be reported
   */
  protected boolean isCompatibleRemoteAddress(SocketAddress current, SocketAddress replacement) {
    return current.getClass().isInstance(replacement);
  }

  // Without an outbound buffer (nothing queued since the last write left, or never written), the
  // channel is writable with nothing pending unless its writes are closed.

  @Override
  public final boolean isWritable() {
    ChannelOutboundBuffer buf = head.outboundBuffer();
    return buf != null ? buf.isWritable() : !head.writesClosed();
  }

  @Override
  public final long bytesBeforeUnwritable() {
    ChannelOutboundBuffer buf = head.outboundBuffer();
    if (buf != null) {
      return buf.bytesBeforeUnwritable();
    }
    return head.writesClosed() ? 0 : config().writeBufferWaterMark().high();
  }

  @Override
  public final long bytesBeforeWritable() {
    ChannelOutboundBuffer buf = head.outboundBuffer();
    return buf == null ? 0 : buf.bytesBeforeWritable();
  }

  @Override
  public final boolean userDefinedWritability(int index) {
    OutboundWritability.checkUserDefinedIndex(index);
    ChannelOutboundBuffer buf = head.outboundBuffer();
    return buf != null ? buf.getUserDefinedWritability(index) : !head.writesClosed();
  }

  @Override
  public final void userDefinedWritability(int index, boolean writable) {
    OutboundWritability.checkUserDefinedIndex(index);
    head.userDefinedWritability(index, writable);
  }

  @Override
  public final Future<Void> register() {
    Promise<Void> promise = newPromise();
    if (eventLoop.inEventLoop()) {
      head.register(promise);
    } else {
      eventLoop.execute(() -> head.register(promise));
    }
    return promise;
  }

  @Override
  public int hashCode() {
    return id().hashCode();
  }

  @Override
  public final boolean equals(Object o) {
    return this == o;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(96).append("[id: 0x").append(id().asShortText());
    SocketAddress local = localAddress;
    SocketAddress remote = remoteAddress;
    if (local != null || remote != null) {
      b.append(", L:").append(local).append(isActive() ? " - " : " ! ").append("R:").append(remote);
    }
    return b.append(']').toString();
  }

  // ---------------------------------------------------------------------------------------------
  // What a transport implements

  /**
   * Returns the handle {@link #register()} registers with the event loop's {@code IoHandler}; it
   * must be {@linkplain io.tern.transport.IoHandler#isCompatible compatible} with it. Called once.
   *
   * @return the handle
   */
  protected abstract IoHandle ioHandle();

  /**
   * Registers this channel's I/O with its event loop; {@link #register()} calls it once, on the
   * loop. The default registers {@link #ioHandle()} with the loop's {@code IoHandler}.
   *
   * <p>A channel whose I/O is carried by another channel on the same loop (an HTTP/2 stream over
   * its connection) has nothing to register with the loop's {@code IoHandler}, whatever transport
   * that is: it overrides this method to return {@link #carriedRegistration()}, and its {@link
   * #ioHandle()} is never called. Everything else (pipeline, outbound buffer, writability, the
   * close sequence) works as for any channel; the carrier calls {@link #readComplete()}, {@link
   * #writeReady()} and {@link #closeNow} as a transport's I/O would.
   *
   * @return completed with the registration, or failed if the loop refused it
   */
  protected Future<IoRegistration> registerIo() {
    return eventLoop.register(ioHandle());
  }

  /**
   * Returns a registration for a channel carried by another (see {@link #registerIo()}): it belongs
   * to no {@code IoHandler}, stays valid until the channel closes, and refuses {@link
   * IoRegistration#submit submissions}.
   *
   * @return an already completed future of a new registration
   */
  protected final Future<IoRegistration> carriedRegistration() {
    return eventLoop.newSucceededFuture(new CarriedRegistration(this));
  }

  /**
   * Asks the underlying resource for its bound address; {@link #localAddress()} caches the answer.
   *
   * @return the address, or {@code null}
   */
  protected abstract SocketAddress queryLocalAddress();

  /**
   * Asks the underlying resource for the connected peer's address; {@link #remoteAddress()} caches
   * the answer until a disconnect.
   *
   * @return the address, or {@code null}
   */
  protected abstract SocketAddress queryRemoteAddress();

  /**
   * Binds the resource.
   *
   * @param localAddress the address
   * @throws Exception fails the bind
   */
  protected abstract void doBind(SocketAddress localAddress) throws Exception;

  /**
   * Starts a connect.
   *
   * @param remoteAddress the peer
   * @param localAddress the local address to bind first, or {@code null}
   * @return {@code true} if connected already; {@code false} if pending, in which case the
   *     transport calls {@link #finishConnect()} when its I/O reports the outcome
   * @throws Exception fails the connect
   */
  protected abstract boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress)
      throws Exception;

  /**
   * Completes a pending connect; called by {@link #finishConnect()}.
   *
   * @throws Exception the connect failed
   */
  protected void doFinishConnect() throws Exception {
    throw new IllegalStateException("no pending connect");
  }

  /**
   * Disconnects without closing (connected datagram channels).
   *
   * @return {@code false} if the transport has no disconnect of its own: the channel then closes
   * @throws Exception fails the disconnect
   */
  protected boolean doDisconnect() throws Exception {
    return false;
  }

  /**
   * Releases the underlying resource. Called once.
   *
   * @throws Exception logged and reported to the close promise; the channel is closed anyway
   */
  protected abstract void doClose() throws Exception;

  /**
   * Starts (or continues) reading: called for each {@code read()} reaching the head of the pipeline
   * while the channel is active.
   *
   * @throws Exception fired as {@code exceptionCaught}, then the channel closes
   */
  protected abstract void doBeginRead() throws Exception;

  /**
   * Writes the flushed messages of {@code in}, removing those written; returns when done or when
   * the resource cannot take more now (the transport then resumes on its own, for example on a
   * writability event through {@link #writeReady()}).
   *
   * @param in the outbound buffer
   * @throws Exception fails the flushed writes; an {@link java.io.IOException} closes the channel
   *     if {@link io.tern.transport.channel.ChannelConfig#autoClose()}
   */
  protected abstract void doWrite(ChannelOutboundBuffer in) throws Exception;

  /**
   * Checks (and may convert) a message before it is queued, for example copying a heap buffer to
   * direct memory. The default accepts {@link ByteBuf} and {@link FileRegion}.
   *
   * @param msg the message, owned by the caller until this method returns a (possibly different)
   *     message; on exception the caller releases {@code msg}
   * @return the message to queue
   * @throws Exception fails the write, e.g. {@link UnsupportedOperationException} for a type the
   *     transport cannot write
   */
  protected Object filterOutboundMessage(Object msg) throws Exception {
    if (msg instanceof ByteBuf || msg instanceof FileRegion) {
      return msg;
    }
    throw new UnsupportedOperationException(
        "unsupported message type: "
            + msg.getClass().getName()
            + " (expected: ByteBuf, FileRegion)");
  }

  /**
   * Tells whether the transport waits for writability, so a flush need not try to write now.
   *
   * @return {@code true} to skip writing on flush
   */
  protected boolean isFlushPending() {
    return false;
  }

  /** Auto-read was turned off; readiness transports stop reading here. */
  protected void onAutoReadCleared() {}

  /**
   * A message reached the tail of the pipeline unhandled; the default releases it and logs at
   * DEBUG. ({@code EmbeddedChannel} collects it instead.)
   *
   * @param msg the message, owned by this method
   */
  protected void onUnhandledInboundMessage(Object msg) {
    pipeline.discard(msg);
  }

  /**
   * An exception reached the tail of the pipeline; the default logs it at WARNING.
   *
   * @param cause the exception
   */
  protected void onUnhandledInboundException(Throwable cause) {
    pipeline.logUnhandled(cause);
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers for transports (event loop only)

  /**
   * Returns the registration with the loop's {@code IoHandler}; any thread may read it (some
   * handlers, like the local one, accept submissions from any thread).
   *
   * @return the registration, or {@code null} before {@link #register()} completed and after close
   */
  protected final IoRegistration registration() {
    return head.registration();
  }

  /**
   * Returns the outbound buffer.
   *
   * @return the buffer, or {@code null} if nothing was written since it last emptied (it is made by
   *     the next write), or once closed (or output shut down)
   */
  protected final ChannelOutboundBuffer outboundBuffer() {
    return head.outboundBuffer();
  }

  /**
   * Returns this channel's read-loop handle, created from the configured allocator on first use.
   *
   * @return the handle
   */
  protected final RecvByteBufAllocator.Handle recvHandle() {
    RecvByteBufAllocator.Handle h = recvHandle;
    if (h == null) {
      recvHandle = h = config().recvByteBufAllocator().newHandle();
    }
    return h;
  }

  /**
   * Ends a read loop: fires {@code channelReadComplete}, then asks for the next read through the
   * pipeline if auto-read is on.
   */
  protected final void readComplete() {
    pipeline.fireChannelReadComplete();
    if (config().autoRead()) {
      pipeline.read();
    }
  }

  /** The transport found the resource writable again: writes what is flushed. */
  protected final void writeReady() {
    head.flushNow(true);
  }

  /**
   * Completes a pending connect (see {@link #doConnect}): calls {@link #doFinishConnect()}, then
   * fires {@code channelActive} and completes the connect promise, or fails it and closes.
   */
  protected final void finishConnect() {
    head.finishConnect();
  }

  /**
   * Closes the channel from the transport (after an I/O error, say), without going through the
   * pipeline's outbound handlers; they see {@code channelInactive}.
   *
   * @param cause why, kept as the cause of the exceptions later writes fail with; may be {@code
   *     null}
   * @return the close future
   */
  @CanIgnoreReturnValue
  protected final Future<Void> closeNow(Throwable cause) {
    return head.closeNow(cause);
  }

  /**
   * Stops accepting writes because the output is shut down: queued writes fail with {@code cause}
   * and are released; later ones fail with a {@link ChannelOutputShutdownException}.
   *
   * @param cause the failure for the queued writes
   */
  protected final void closeOutbound(ChannelOutputShutdownException cause) {
    head.closeOutbound(cause);
  }

  /**
   * Fires {@code exceptionCaught} after the current operation (on the loop, as a task).
   *
   * @param cause the exception
   */
  protected final void fireExceptionCaughtLater(Throwable cause) {
    eventLoop.execute(() -> pipeline.fireExceptionCaught(cause));
  }

  /** Called by the config from any thread when auto-read turns off. */
  final void autoReadCleared() {
    if (eventLoop.inEventLoop()) {
      onAutoReadCleared();
    } else {
      eventLoop.execute(this::onAutoReadCleared);
    }
  }

  /** A disconnect succeeded: the next {@link #remoteAddress()} asks the resource again. */
  final void forgetRemoteAddress() {
    remoteAddress = null;
  }

  /**
   * Estimates how many bytes a written message adds to the pending bytes that drive {@link
   * #isWritable()}: a {@link ByteBuf} its readable bytes, a {@link FileRegion} nothing (zero-copy:
   * a large file must not make the channel unwritable), anything else 8. Transports whose messages
   * wrap buffers (datagram packets) override it to count the payload.
   *
   * @param msg the message, as {@link #filterOutboundMessage} returned it
   * @return bytes, not negative
   */
  protected int estimateSize(Object msg) {
    if (msg instanceof ByteBuf buf) {
      return buf.readableBytes();
    }
    if (msg instanceof FileRegion) {
      return 0;
    }
    return 8;
  }

  /**
   * A {@link #doWrite} failed with an I/O error while {@link
   * io.tern.transport.channel.ChannelConfig#autoClose()} is off (the flushed writes have failed
   * already). The channel stays open; a duplex channel shuts its output down.
   *
   * @param cause the failure
   */
  void writeFailedWithoutAutoClose(IOException cause) {}
}
