package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.FixedRecvByteBufAllocator;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.socket.DatagramChannel;
import io.tern.transport.socket.DatagramPacket;
import io.tern.transport.socket.DatagramTruncatedException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.nio.channels.NotYetConnectedException;
import java.util.Objects;

/**
 * A UDP socket over a readiness-based transport: the datagram read loop, the packet write loop and
 * the multicast operations. A transport supplies its socket calls as a {@link DatagramIo} (through
 * {@link #io()}; the channel's state, addresses, bind, connect, disconnect and close go there too)
 * and its readiness: {@link #ioHandle()}, {@link #readInterest(boolean)} and {@link
 * #writeInterest(boolean)}, calling {@link #readReady()} and {@link #writeReady()} when its {@code
 * IoHandler} reports readability and writability. A socket that moves several datagrams per system
 * call ({@code recvmmsg}/{@code sendmmsg}) says so through {@link
 * DatagramIo#maxDatagramsPerCall()}; the loops below, and so what the pipeline sees, stay the same.
 *
 * <p><b>Read loop.</b> One datagram per buffer, sized by the {@link RecvByteBufAllocator}. Each
 * datagram goes to {@code channelRead} as a {@link DatagramPacket}; one readiness event gathers
 * several: the loop stops when no datagram is ready, after {@link
 * ChannelConfig#maxMessagesPerRead()} datagrams (default 16), or when auto-read turns off, and ends
 * with one {@code channelReadComplete}. A socket receiving batches is asked for as many datagrams
 * as the previous loop found (doubling while batches come back full); with auto-read off it
 * receives one per {@code read()}, and if auto-read turns off during a batch, the datagrams already
 * received in that batch are still delivered. An ICMP "port unreachable" reported for a connected
 * socket is fired as {@code exceptionCaught} and the channel stays open; any other read error
 * closes it.
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
 * <p>The three sides live in their own package-private classes: {@code DatagramReadLoop}, {@code
 * DatagramWriteLoop} and {@code DatagramMemberships}; this class holds the readiness hooks, the
 * message filtering and the wiring.
 *
 * <h2>Threading</h2>
 *
 * <p>The public methods may be called from any thread; the rest runs on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>A received {@link DatagramPacket} belongs to the handler it is passed to, which releases it
 * (or passes it on); a written one belongs to the channel, which releases it once sent or failed.
 */
public abstract class AbstractDatagramChannel extends AbstractChannel implements DatagramChannel {
  /** The longest datagram the default receive buffers hold whole. */
  public static final int DEFAULT_MAX_DATAGRAM_BYTES = 2048;

  private final DatagramReadLoop readLoop = new DatagramReadLoop(this);
  private final DatagramWriteLoop writeLoop = new DatagramWriteLoop(this);
  private final DatagramMemberships memberships = new DatagramMemberships(this);

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
   * Returns the socket's calls; the same instance for the channel's life.
   *
   * @return the socket
   */
  protected abstract DatagramIo io();

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
  public boolean isOpen() {
    return io().isOpen();
  }

  @Override
  public boolean isActive() {
    return io().isBound();
  }

  @Override
  public boolean isConnected() {
    return io().isConnected();
  }

  @Override
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) super.localAddress();
  }

  @Override
  public InetSocketAddress remoteAddress() {
    return (InetSocketAddress) super.remoteAddress();
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return io().localAddress();
  }

  @Override
  protected SocketAddress queryRemoteAddress() {
    return io().remoteAddress();
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    io().bind(localAddress);
  }

  /** Connects at once: UDP has no handshake. */
  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress)
      throws IOException {
    io().connect(remoteAddress, localAddress);
    return true;
  }

  @Override
  protected boolean doDisconnect() throws IOException {
    io().disconnect();
    return true;
  }

  @Override
  protected void doClose() throws IOException {
    io().close();
  }

  // ---- multicast: DatagramMemberships ----

  @Override
  public Future<Void> joinGroup(InetAddress group) {
    return memberships.change(DatagramMemberships.Op.JOIN, group, null, null);
  }

  @Override
  public Future<Void> joinGroup(InetAddress group, NetworkInterface networkInterface) {
    return joinGroup(group, networkInterface, null);
  }

  @Override
  public Future<Void> joinGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    return memberships.change(DatagramMemberships.Op.JOIN, group, networkInterface, source);
  }

  @Override
  public Future<Void> leaveGroup(InetAddress group) {
    return memberships.change(DatagramMemberships.Op.LEAVE, group, null, null);
  }

  @Override
  public Future<Void> leaveGroup(InetAddress group, NetworkInterface networkInterface) {
    return leaveGroup(group, networkInterface, null);
  }

  @Override
  public Future<Void> leaveGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    return memberships.change(DatagramMemberships.Op.LEAVE, group, networkInterface, source);
  }

  @Override
  public Future<Void> block(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    Objects.requireNonNull(source, "source");
    return memberships.change(DatagramMemberships.Op.BLOCK, group, networkInterface, source);
  }

  @Override
  public Future<Void> unblock(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Objects.requireNonNull(networkInterface, "networkInterface");
    Objects.requireNonNull(source, "source");
    return memberships.change(DatagramMemberships.Op.UNBLOCK, group, networkInterface, source);
  }

  // ---- reading: DatagramReadLoop ----

  @Override
  protected void doBeginRead() {
    readLoop.beginRead();
  }

  @Override
  protected void onAutoReadCleared() {
    readLoop.autoReadCleared();
  }

  /**
   * Runs the read loop; the transport calls it when the socket is readable. Fires {@code
   * channelRead} per datagram, then {@code channelReadComplete}.
   */
  protected final void readReady() {
    readLoop.run();
  }

  // ---- writing: DatagramWriteLoop ----

  /**
   * Accepts {@link DatagramPacket}s and, once connected, {@link ByteBuf}s; anything else fails the
   * write. The socket may convert the content further (to direct memory, say) through {@link
   * DatagramIo#toSendable(ByteBuf)}.
   */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    if (msg instanceof DatagramPacket packet) {
      if (packet.recipient() == null && !isConnected()) {
        throw new NotYetConnectedException();
      }
      ByteBuf content = packet.content();
      ByteBuf filtered = io().toSendable(content);
      return filtered == content ? packet : packet.replace(filtered);
    }
    if (msg instanceof ByteBuf buf) {
      if (!isConnected()) {
        throw new NotYetConnectedException();
      }
      return io().toSendable(buf);
    }
    throw new UnsupportedOperationException(
        "unsupported message type: "
            + msg.getClass().getName()
            + " (expected: DatagramPacket, or ByteBuf when connected)");
  }

  @Override
  protected int estimateSize(Object msg) {
    return msg instanceof DatagramPacket packet
        ? packet.content().readableBytes()
        : super.estimateSize(msg);
  }

  @Override
  protected boolean isFlushPending() {
    return writeLoop.waitsForWritability();
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws Exception {
    writeLoop.run(in);
  }
}
