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
 * readability and writability. A transport that can move several datagrams per system call ({@code
 * recvmmsg}/{@code sendmmsg}) also overrides {@link #maxDatagramsPerCall()}, {@link
 * #doReceiveBatch} and {@link #doSendBatch}; the loops below, and so what the pipeline sees, stay
 * the same.
 *
 * <p><b>Read loop.</b> One datagram per buffer, sized by the {@link RecvByteBufAllocator}. Each
 * datagram goes to {@code channelRead} as a {@link DatagramPacket}; one readiness event gathers
 * several: the loop stops when no datagram is ready, after {@link
 * ChannelConfig#maxMessagesPerRead()} datagrams (default 16), or when auto-read turns off, and ends
 * with one {@code channelReadComplete}. A transport receiving batches asks for as many datagrams as
 * the previous loop found (doubling while batches come back full); with auto-read off it receives
 * one per {@code read()}, and if auto-read turns off during a batch, the datagrams already received
 * in that batch are still delivered. An ICMP "port unreachable" reported for a connected socket is
 * fired as {@code exceptionCaught} and the channel stays open; any other read error closes it.
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
 * <p>The three sides live in their own package-private classes, each driving one group of hooks:
 * {@code DatagramReadLoop} (the receive hooks), {@code DatagramWriteLoop} (the send hooks) and
 * {@code DatagramMemberships} (the membership hooks); this class holds the hooks, the message
 * filtering and the wiring.
 *
 * <p>Threading: the public methods may be called from any thread; the rest runs on the loop.
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
   * Returns how many datagrams {@link #doReceiveBatch} and {@link #doSendBatch} may move in one
   * call. The default, 1, keeps to {@link #doReceive} and {@link #doSend}.
   *
   * @return datagrams per system call, at least 1; constant for the channel's life
   */
  protected int maxDatagramsPerCall() {
    return 1;
  }

  /**
   * Receives up to {@code count} datagrams without blocking: datagram {@code i} into {@code
   * buffers[i]}'s writable bytes (advancing its writer index, truncating what does not fit), its
   * sender into {@code senders[i]}. The default receives one through {@link #doReceive}.
   *
   * @param buffers {@code count} empty buffers, still owned by the caller
   * @param senders where to store the senders
   * @param count at most {@link #maxDatagramsPerCall()}
   * @return how many datagrams were received, from index 0; 0 if none was ready
   * @throws IOException if the receive fails before any datagram
   */
  protected int doReceiveBatch(ByteBuf[] buffers, InetSocketAddress[] senders, int count)
      throws IOException {
    InetSocketAddress sender = doReceive(buffers[0]);
    if (sender == null) {
      return 0;
    }
    senders[0] = sender;
    return 1;
  }

  /**
   * Sends up to {@code count} datagrams without blocking, in order; does not change the buffers'
   * indexes. The default sends the first through {@link #doSend}.
   *
   * @param contents the payloads
   * @param recipients their destinations, {@code null} entries for the connected peer
   * @param count at most {@link #maxDatagramsPerCall()}
   * @return how many were sent, from index 0; 0 if the socket cannot take the first now
   * @throws IOException if the first datagram fails (that write fails; the channel stays open)
   */
  protected int doSendBatch(ByteBuf[] contents, InetSocketAddress[] recipients, int count)
      throws IOException {
    return doSend(contents[0], recipients[0]) ? 1 : 0;
  }

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
    return writeLoop.waitsForWritability();
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws Exception {
    writeLoop.run(in);
  }
}
