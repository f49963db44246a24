package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.FixedRecvByteBufAllocator;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import io.tern.transport.socket.DatagramTruncatedException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.nio.channels.NotYetConnectedException;
import java.util.Objects;

/**
 * A UDP socket over a readiness-based transport: the datagram read loop, the packet write loop and
 * the multicast operations, on top of a few primitives a transport implements:
 *
 * <ul>
 *   <li>{@link #doReceive(ByteBuf)}: one non-blocking receive of one datagram;
 *   <li>{@link #doSend(ByteBuf, InetSocketAddress)}: one non-blocking send of one datagram;
 *   <li>{@link #doJoinGroup}, {@link #doLeaveGroup}, {@link #doBlock}: membership changes;
 *   <li>{@link #readInterest(boolean)}, {@link #writeInterest(boolean)}: which readiness events the
 *       event loop reports.
 * </ul>
 *
 * and calls {@link #readReady()} and {@link #writeReady()} when its {@code IoHandler} reports
 * readability and writability.
 *
 * <p><b>Read loop.</b> One datagram per buffer, sized by the {@link RecvByteBufAllocator}. Each
 * datagram goes to {@code channelRead} as a {@link DatagramPacket}; one readiness event gathers
 * several: the loop stops when no datagram is ready, after {@link
 * ChannelConfig#maxMessagesPerRead()} datagrams (default 16), or when auto-read turns off, and ends
 * with one {@code channelReadComplete}. An ICMP "port unreachable" reported for a connected socket
 * is fired as {@code exceptionCaught} and the channel stays open; any other read error closes it.
 *
 * <p><b>Truncation.</b> The OS cuts a datagram longer than the buffer it is received into, and not
 * every transport can tell. So the loop treats a datagram that <em>fills</em> its buffer as
 * truncated, whatever the transport: it drops it, fires a {@link DatagramTruncatedException}
 * through {@code exceptionCaught} (the channel stays open) and reads on. A buffer of {@code n}
 * bytes therefore holds datagrams of up to {@code n - 1} bytes; the default allocator gives {@link
 * #DEFAULT_MAX_DATAGRAM_BYTES} {@code + 1} bytes, so datagrams of up to 2048 bytes (Netty's
 * default) arrive whole. To accept longer ones set {@link ChannelOption#RCVBUF_ALLOCATOR} to a
 * {@link FixedRecvByteBufAllocator} of the largest size plus one (65,536 takes any IPv4 datagram);
 * an adaptive allocator grows after a truncation, but the truncated datagram is still dropped.
 *
 * <p><b>Write loop.</b> Each flushed message is one datagram: a {@link DatagramPacket} to its
 * recipient, or a plain {@link ByteBuf} to the connected peer. A send that fails (an unreachable
 * network, say) fails that write only. A send the socket cannot take now asks for write interest;
 * after {@link ChannelConfig#writeSpinCount()} datagrams the loop yields to other channels.
 * Pending-byte accounting counts a packet's content.
 *
 * <p>Threading: the public methods may be called from any thread; the rest runs on the loop.
 */
public abstract class AbstractDatagramChannel extends AbstractChannel implements DatagramChannel {
  /** The longest datagram the default receive buffers hold whole. */
  public static final int DEFAULT_MAX_DATAGRAM_BYTES = 2048;

  private boolean readPending;
  private boolean readInterested;
  private boolean writeInterested;
  private Runnable flushTask;

  /**
   * Creates the channel.
   *
   * @param eventLoop the channel's event loop
   */
  protected AbstractDatagramChannel(EventLoop eventLoop) {
    super(null, eventLoop);
  }

  /**
   * Sets the defaults datagram channels differ in; call it from the subclass constructor once the
   * configuration exists.
   *
   * @param config the channel's configuration
   */
  protected static void applyDatagramDefaults(ChannelConfig config) {
    config.setOption(
        ChannelOption.RCVBUF_ALLOCATOR,
        new FixedRecvByteBufAllocator(DEFAULT_MAX_DATAGRAM_BYTES + 1)); // + 1: see Truncation
  }

  /**
   * Receives one datagram into {@code buf}'s writable bytes without blocking, advancing its writer
   * index (a datagram longer than that is truncated).
   *
   * @param buf the buffer
   * @return the sender, or {@code null} if no datagram was ready
   * @throws IOException if the receive fails
   */
  protected abstract InetSocketAddress doReceive(ByteBuf buf) throws IOException;

  /**
   * Sends {@code content}'s readable bytes as one datagram without blocking; does not change the
   * buffer's indexes.
   *
   * @param content the payload
   * @param recipient the destination, or {@code null} for the connected peer
   * @return {@code false} if the socket cannot take the datagram now
   * @throws IOException if the send fails (that write fails; the channel stays open)
   */
  protected abstract boolean doSend(ByteBuf content, InetSocketAddress recipient)
      throws IOException;

  /**
   * Joins a group; called on the loop.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the only source, or {@code null} for any
   * @throws IOException if the OS refuses
   */
  protected abstract void doJoinGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException;

  /**
   * Leaves a group; called on the loop.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the source of a source-specific membership, or {@code null}
   * @throws IOException if the OS refuses or there is no such membership
   */
  protected abstract void doLeaveGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException;

  /**
   * Blocks or unblocks a source of an any-source membership; called on the loop.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the source
   * @param block {@code true} to block, {@code false} to unblock
   * @throws IOException if the OS refuses or there is no such membership
   */
  protected abstract void doBlock(
      InetAddress group, NetworkInterface networkInterface, InetAddress source, boolean block)
      throws IOException;

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

  @Override
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) super.localAddress();
  }

  @Override
  public InetSocketAddress remoteAddress() {
    return (InetSocketAddress) super.remoteAddress();
  }

  // ---- multicast ----

  @Override
  public Future<Void> joinGroup(InetAddress group) {
    return onLoop(p -> membership(p, Membership.JOIN, group, defaultInterface(), null));
  }

  @Override
  public Future<Void> joinGroup(InetAddress group, NetworkInterface networkInterface) {
    return joinGroup(group, networkInterface, null);
  }

  @Override
  public Future<Void> joinGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    return onLoop(p -> membership(p, Membership.JOIN, group, () -> networkInterface, source));
  }

  @Override
  public Future<Void> leaveGroup(InetAddress group) {
    return onLoop(p -> membership(p, Membership.LEAVE, group, defaultInterface(), null));
  }

  @Override
  public Future<Void> leaveGroup(InetAddress group, NetworkInterface networkInterface) {
    return leaveGroup(group, networkInterface, null);
  }

  @Override
  public Future<Void> leaveGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    return onLoop(p -> membership(p, Membership.LEAVE, group, () -> networkInterface, source));
  }

  @Override
  public Future<Void> block(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    Objects.requireNonNull(source, "source");
    return onLoop(p -> membership(p, Membership.BLOCK, group, () -> networkInterface, source));
  }

  @Override
  public Future<Void> unblock(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    Objects.requireNonNull(source, "source");
    return onLoop(p -> membership(p, Membership.UNBLOCK, group, () -> networkInterface, source));
  }

  private enum Membership {
    JOIN,
    LEAVE,
    BLOCK,
    UNBLOCK
  }

  /** An interface that could not be determined fails the operation (thrown on the loop). */
  private interface InterfaceSupplier {
    NetworkInterface get() throws IOException;
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

  private void membership(
      Promise<Void> promise,
      Membership op,
      InetAddress group,
      InterfaceSupplier networkInterface,
      InetAddress source) {
    try {
      membership(op, group, networkInterface.get(), source);
      promise.trySuccess(null);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  private void membership(
      Membership op, InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    Objects.requireNonNull(group, "group");
    if (!group.isMulticastAddress()) {
      throw new IllegalArgumentException("not a multicast address: " + group);
    }
    if (!isOpen()) {
      throw new java.nio.channels.ClosedChannelException();
    }
    switch (op) {
      case JOIN -> doJoinGroup(group, networkInterface, source);
      case LEAVE -> doLeaveGroup(group, networkInterface, source);
      case BLOCK -> doBlock(group, networkInterface, source, true);
      case UNBLOCK -> doBlock(group, networkInterface, source, false);
    }
  }

  /** {@code IP_MULTICAST_IF} if set, else the interface of the bound address. */
  private InterfaceSupplier defaultInterface() {
    return () -> {
      NetworkInterface configured = config().getOption(ChannelOption.IP_MULTICAST_IF);
      if (configured != null) {
        return configured;
      }
      InetSocketAddress local = localAddress();
      NetworkInterface bound =
          local == null || local.getAddress().isAnyLocalAddress()
              ? null
              : NetworkInterface.getByInetAddress(local.getAddress());
      if (bound == null) {
        throw new SocketException(
            "no interface to join on: bound to "
                + local
                + " and IP_MULTICAST_IF not set; name the interface");
      }
      return bound;
    };
  }

  // ---- reading ----

  @Override
  protected void doBeginRead() {
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
   * channelRead} per datagram, then {@code channelReadComplete}.
   */
  protected final void readReady() {
    ChannelConfig config = config();
    ChannelPipeline pipeline = pipeline();
    ByteBufAllocator alloc = config.allocator();
    RecvByteBufAllocator.Handle handle = recvHandle();
    handle.reset(config);
    int max = config.maxMessagesPerRead();
    InetSocketAddress local = localAddress();
    ByteBuf buf = null;
    Throwable failure = null;
    try {
      for (int read = 0; read < max; ) {
        buf = handle.allocate(alloc);
        handle.attemptedBytesRead(buf.writableBytes());
        InetSocketAddress sender = doReceive(buf);
        if (sender == null) {
          handle.lastBytesRead(0);
          buf.release();
          buf = null;
          break;
        }
        handle.lastBytesRead(buf.readableBytes());
        handle.incMessagesRead(1);
        readPending = false;
        read++;
        if (!buf.isWritable()) {
          int whole = buf.capacity() - 1;
          buf.release();
          buf = null;
          pipeline.fireExceptionCaught(new DatagramTruncatedException(sender, whole));
        } else {
          DatagramPacket packet = new DatagramPacket(buf, local, sender);
          buf = null;
          pipeline.fireChannelRead(packet);
        }
        if (!config.autoRead() || !isOpen()) {
          break;
        }
      }
    } catch (Throwable t) {
      failure = t;
      if (buf != null) {
        buf.release();
      }
    }
    handle.readComplete();
    readComplete();
    if (failure != null) {
      pipeline.fireExceptionCaught(failure);
      if (!(failure instanceof PortUnreachableException)
          && (failure instanceof IOException || failure instanceof OutOfMemoryError)) {
        closeNow(failure);
      }
    }
    if (!readPending && !config.autoRead()) {
      setReadInterest(false);
    }
  }

  // ---- writing ----

  /**
   * Accepts {@link DatagramPacket}s and, once connected, {@link ByteBuf}s; anything else fails the
   * write. Subclasses may convert the content further (to direct memory, say) through {@link
   * #filterDatagramContent(ByteBuf)}.
   */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    if (msg instanceof DatagramPacket packet) {
      if (packet.recipient() == null && !isConnected()) {
        throw new NotYetConnectedException();
      }
      ByteBuf content = packet.content();
      ByteBuf filtered = filterDatagramContent(content);
      return filtered == content ? packet : packet.replace(filtered);
    }
    if (msg instanceof ByteBuf buf) {
      if (!isConnected()) {
        throw new NotYetConnectedException();
      }
      return filterDatagramContent(buf);
    }
    throw new UnsupportedOperationException(
        "unsupported message type: "
            + msg.getClass().getName()
            + " (expected: DatagramPacket, or ByteBuf when connected)");
  }

  /**
   * Converts a payload before it is queued; the default keeps it.
   *
   * @param content the payload, owned by the caller; if a new buffer is returned, this method has
   *     released {@code content}
   * @return the payload to queue
   */
  protected ByteBuf filterDatagramContent(ByteBuf content) {
    return content;
  }

  @Override
  protected int estimateSize(Object msg) {
    return msg instanceof DatagramPacket packet
        ? packet.content().readableBytes()
        : super.estimateSize(msg);
  }

  @Override
  protected boolean isFlushPending() {
    return writeInterested;
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) {
    int spins = config().writeSpinCount();
    for (; ; ) {
      Object msg = in.current();
      if (msg == null) {
        setWriteInterest(false);
        return;
      }
      ByteBuf content;
      InetSocketAddress recipient;
      if (msg instanceof DatagramPacket packet) {
        content = packet.content();
        recipient = packet.recipient();
      } else {
        content = (ByteBuf) msg;
        recipient = null;
      }
      try {
        if (!doSend(content, recipient)) {
          setWriteInterest(true);
          return;
        }
        in.remove();
      } catch (IOException e) {
        in.remove(e); // one datagram failed; the socket is still usable
      }
      if (--spins == 0) {
        break;
      }
    }
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
}
