package io.tern.transport.linux;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.sys.SocketCalls;
import io.tern.transport.spi.AbstractDatagramChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardProtocolFamily;

/**
 * What the epoll and io_uring UDP channels share: the socket, its options and multicast
 * memberships, and the datagram system calls. Datagrams move in batches through {@code recvmmsg}
 * and {@code sendmmsg} (up to {@value #MAX_DATAGRAMS_PER_CALL} per call, straight into and out of
 * the buffers' native memory, through the loop's shared {@code mmsghdr} array); the read and write
 * loops, truncation, connected mode and error semantics are {@link AbstractDatagramChannel}'s, so a
 * pipeline sees the same events as over NIO. Subclasses supply only the readiness: which events the
 * loop reports, and calling {@link #readReady()}/{@link #writeReady()}.
 *
 * <p>The channel owns its socket and closes it in {@code doClose}. Everything runs on the channel's
 * event loop, except what {@link io.tern.transport.channel.Channel} allows from any thread.
 */
abstract class LinuxDatagramChannel extends AbstractDatagramChannel {
  /** The most datagrams one {@code recvmmsg} or {@code sendmmsg} moves. */
  static final int MAX_DATAGRAMS_PER_CALL = 64;

  final Socket socket;
  final LinuxSocketConfig config;
  private final LinuxMulticast multicast;
  private final ByteBuf[] oneBuffer = new ByteBuf[1];
  private final InetSocketAddress[] oneAddress = new InetSocketAddress[1];
  private boolean lastBatchFull;
  private volatile boolean bound;
  private volatile boolean connected;

  LinuxDatagramChannel(EventLoop eventLoop, ProtocolFamily family) {
    super(eventLoop);
    this.socket = open(family);
    this.config = new LinuxSocketConfig(this, socket, LinuxSocketConfig.Kind.DATAGRAM);
    this.multicast = new LinuxMulticast(socket);
    applyDatagramDefaults(config);
  }

  /** The family of a channel created without one: IPv6 (dual-stack) when the host has it. */
  static ProtocolFamily defaultFamily() {
    return Socket.isIpv6Supported() ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET;
  }

  /**
   * Returns the loop's shared {@code mmsghdr} array; loop thread only, registered channels only.
   *
   * @return the array
   */
  abstract MessageArray messages();

  private static Socket open(ProtocolFamily family) {
    if (family != StandardProtocolFamily.INET && family != StandardProtocolFamily.INET6) {
      throw new IllegalArgumentException("a UDP channel needs INET or INET6, not " + family);
    }
    boolean v6 = family == StandardProtocolFamily.INET6;
    Socket socket;
    try {
      socket = Socket.newDatagram(v6 ? LinuxConstants.AF_INET6 : LinuxConstants.AF_INET);
    } catch (IOException e) {
      throw new ChannelException("cannot open a datagram socket", e);
    }
    try {
      receiveOnlyJoinedGroups(socket, v6);
    } catch (IOException e) {
      try {
        socket.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new ChannelException("cannot open a datagram socket", e);
    }
    return socket;
  }

  /**
   * Turns {@code IP_MULTICAST_ALL} off, as the JDK does for NIO: by default Linux delivers to a
   * socket bound to a group address the datagrams of every group any socket of the host joined on
   * that port, not only its own memberships.
   */
  private static void receiveOnlyJoinedGroups(Socket socket, boolean v6) throws IOException {
    socket.setIntOption(LinuxConstants.IPPROTO_IP, LinuxConstants.IP_MULTICAST_ALL, 0);
    if (v6) {
      try {
        socket.setIntOption(LinuxConstants.IPPROTO_IPV6, LinuxConstants.IPV6_MULTICAST_ALL, 0);
      } catch (IOException e) {
        // kernels before 4.20 have no IPV6_MULTICAST_ALL; IPv6 memberships then stay host-wide
      }
    }
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isActive() {
    return bound && socket.isOpen();
  }

  @Override
  public boolean isConnected() {
    return connected && socket.isOpen();
  }

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return socket.intValue();
  }

  @Override
  protected SocketAddress localAddress0() {
    return socket.localAddressOrNull();
  }

  @Override
  protected SocketAddress remoteAddress0() {
    return connected ? socket.remoteAddressOrNull() : null;
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
    bound = true;
  }

  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress)
      throws IOException {
    if (localAddress != null) {
      socket.bind(localAddress);
    }
    socket.connect(remoteAddress); // UDP: no handshake, done at once (and bound if it was not)
    bound = true;
    connected = true;
    return true;
  }

  @Override
  protected boolean doDisconnect() throws IOException {
    SocketAddress before = socket.localAddressOrNull();
    socket.disconnect();
    connected = false;
    // Linux unbinds a socket that connect() bound implicitly (its port goes back to 0), so the
    // channel would stop receiving at the address it had; bind it there again, as the JDK does.
    SocketAddress after = socket.localAddressOrNull();
    if (before instanceof InetSocketAddress was
        && !(after instanceof InetSocketAddress now && now.getPort() == was.getPort())) {
      socket.bind(was);
    }
    return true;
  }

  @Override
  protected void doClose() throws IOException {
    connected = false;
    socket.close(); // drops every membership too
  }

  @Override
  protected int maxDatagramsPerCall() {
    return MAX_DATAGRAMS_PER_CALL;
  }

  @Override
  protected InetSocketAddress doReceive(ByteBuf buf) throws IOException {
    oneBuffer[0] = buf;
    try {
      return doReceiveBatch(oneBuffer, oneAddress, 1) == 1 ? oneAddress[0] : null;
    } finally {
      oneBuffer[0] = null;
      oneAddress[0] = null;
    }
  }

  @Override
  protected int doReceiveBatch(ByteBuf[] buffers, InetSocketAddress[] senders, int count)
      throws IOException {
    if (!buffers[0].hasMemorySegment()) {
      return receiveIntoHeap(buffers[0], senders);
    }
    MessageArray msgs = messages();
    msgs.clear();
    int n = 0;
    while (n < count && buffers[n].hasMemorySegment()) {
      ByteBuf b = buffers[n++];
      msgs.addForReceive(b.memorySegment().address() + b.writerIndex(), b.writableBytes());
    }
    int received = SocketCalls.recvmmsg(socket.intValue(), msgs.address(), n, 0);
    lastBatchFull = received == n;
    if (received < 0) {
      lastBatchFull = false;
      if (received == -Errno.EAGAIN) {
        return 0;
      }
      throw Errors.datagramException("recvmmsg", received);
    }
    for (int i = 0; i < received; i++) {
      ByteBuf b = buffers[i];
      b.writerIndex(b.writerIndex() + msgs.messageLength(i));
      senders[i] = sender(msgs.sender(i));
    }
    return received;
  }

  /** A buffer of the JVM heap: receive one datagram through direct memory and copy it. */
  private int receiveIntoHeap(ByteBuf buf, InetSocketAddress[] senders) throws IOException {
    int writable = buf.writableBytes();
    ByteBuf direct = config.allocator().directBuffer(writable);
    try {
      oneBuffer[0] = direct;
      int n = doReceiveBatch(oneBuffer, senders, 1);
      if (n == 1) {
        buf.writeBytes(direct, direct.readerIndex(), direct.readableBytes());
      }
      return n;
    } finally {
      oneBuffer[0] = null;
      direct.release();
    }
  }

  private InetSocketAddress sender(SocketAddress named) {
    return named instanceof InetSocketAddress inet ? inet : remoteAddress();
  }

  @Override
  protected boolean doSend(ByteBuf content, InetSocketAddress recipient) throws IOException {
    oneBuffer[0] = content;
    oneAddress[0] = recipient;
    try {
      return doSendBatch(oneBuffer, oneAddress, 1) == 1;
    } finally {
      oneBuffer[0] = null;
      oneAddress[0] = null;
    }
  }

  @Override
  protected int doSendBatch(ByteBuf[] contents, InetSocketAddress[] recipients, int count)
      throws IOException {
    MessageArray msgs = messages();
    msgs.clear();
    for (int i = 0; i < count; i++) {
      ByteBuf c = contents[i];
      try {
        msgs.addForSend(
            c.memorySegment().address() + c.readerIndex(),
            c.readableBytes(),
            recipients[i],
            socket.family());
      } catch (IllegalArgumentException e) {
        if (i == 0) {
          throw new SocketException(e.getMessage()); // an unresolved or foreign address
        }
        break; // send what comes before; this one fails on its own next
      }
    }
    int sent = SocketCalls.sendmmsg(socket.intValue(), msgs.address(), msgs.count(), 0);
    if (sent >= 0) {
      return sent;
    }
    if (sent == -Errno.EAGAIN) {
      return 0;
    }
    throw Errors.datagramException("sendmmsg", sent);
  }

  /** Payloads the kernel can read in one piece: anything else is copied to direct memory. */
  @Override
  protected ByteBuf filterDatagramContent(ByteBuf content) {
    if (content.hasMemorySegment()) {
      return content;
    }
    int readable = content.readableBytes();
    ByteBuf direct = config.allocator().directBuffer(readable);
    direct.writeBytes(content, content.readerIndex(), readable);
    content.release();
    return direct;
  }

  @Override
  protected void doJoinGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException {
    multicast.join(group, networkInterface, source);
  }

  @Override
  protected void doLeaveGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException {
    multicast.leave(group, networkInterface, source);
  }

  @Override
  protected void doBlock(
      InetAddress group, NetworkInterface networkInterface, InetAddress source, boolean block)
      throws IOException {
    multicast.block(group, networkInterface, source, block);
  }

  /**
   * Returns whether the last receive filled every buffer it was given: then more datagrams may be
   * queued (an edge-triggered transport must read again without a new event).
   *
   * @return {@code true} after a full batch
   */
  final boolean lastBatchFull() {
    return lastBatchFull;
  }
}
