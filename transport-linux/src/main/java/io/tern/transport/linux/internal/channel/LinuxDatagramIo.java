package io.tern.transport.linux.internal.channel;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.sys.SocketCalls;
import io.tern.transport.spi.DatagramIo;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.util.function.Supplier;

/**
 * The calls of a UDP socket through the system-call layer, shared by the epoll and io_uring
 * datagram channels (which differ only in how readiness reaches them). Datagrams move in batches
 * through {@code recvmmsg} and {@code sendmmsg} (up to {@value #MAX_DATAGRAMS_PER_CALL} per call,
 * straight into and out of the buffers' native memory, through the loop's shared {@code mmsghdr}
 * array); multicast memberships go through the protocol-independent {@code MCAST_*} options. The
 * read and write loops, truncation, connected mode and error semantics are {@link
 * io.tern.transport.spi.AbstractDatagramChannel}'s, so a pipeline sees the same events as over NIO.
 *
 * <p>Owns its socket and closes it in {@link #close()}. Loop thread only, except the state getters.
 */
public final class LinuxDatagramIo implements DatagramIo {
  /** The most datagrams one {@code recvmmsg} or {@code sendmmsg} moves. */
  public static final int MAX_DATAGRAMS_PER_CALL = 64;

  private final Socket socket;
  private final LinuxMulticast multicast;
  private final Supplier<MessageArray> messages;
  private final Supplier<ByteBufAllocator> allocator;
  private final ByteBuf[] oneBuffer = new ByteBuf[1];
  private boolean lastBatchFull;
  private volatile boolean bound;
  private volatile boolean connected;

  /**
   * Wraps a datagram socket (see {@link #open}).
   *
   * @param socket the socket, owned from now on
   * @param messages the loop's shared {@code mmsghdr} array (asked for on the loop, once
   *     registered)
   * @param allocator the channel's allocator, for copies between heap and native memory
   */
  public LinuxDatagramIo(
      Socket socket, Supplier<MessageArray> messages, Supplier<ByteBufAllocator> allocator) {
    this.socket = socket;
    this.multicast = new LinuxMulticast(socket);
    this.messages = messages;
    this.allocator = allocator;
  }

  /**
   * Returns the family of a channel created without one: IPv6 (dual-stack) when the host has it.
   *
   * @return {@code INET6} or {@code INET}
   */
  public static ProtocolFamily defaultFamily() {
    return Socket.isIpv6Supported() ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET;
  }

  /**
   * Opens a UDP socket of {@code family} that receives only its own multicast memberships.
   *
   * @param family {@code INET} or {@code INET6}
   * @return the socket
   * @throws IllegalArgumentException for another family
   * @throws ChannelException if the socket cannot be opened
   */
  public static Socket open(ProtocolFamily family) {
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

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return socket.intValue();
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isBound() {
    return bound && socket.isOpen();
  }

  @Override
  public boolean isConnected() {
    return connected && socket.isOpen();
  }

  @Override
  public SocketAddress localAddress() {
    return socket.localAddressOrNull();
  }

  @Override
  public SocketAddress remoteAddress() {
    return connected ? socket.remoteAddressOrNull() : null;
  }

  @Override
  public void bind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
    bound = true;
  }

  @Override
  public void connect(SocketAddress remoteAddress, SocketAddress localAddress) throws IOException {
    if (localAddress != null) {
      socket.bind(localAddress);
    }
    socket.connect(remoteAddress); // UDP: no handshake, done at once (and bound if it was not)
    bound = true;
    connected = true;
  }

  @Override
  public void disconnect() throws IOException {
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
  }

  @Override
  public void close() throws IOException {
    connected = false;
    socket.close(); // drops every membership too
  }

  @Override
  public int maxDatagramsPerCall() {
    return MAX_DATAGRAMS_PER_CALL;
  }

  @Override
  public int receive(ByteBuf[] buffers, InetSocketAddress[] senders, int count) throws IOException {
    if (!buffers[0].hasMemorySegment()) {
      return receiveIntoHeap(buffers[0], senders);
    }
    MessageArray msgs = messages.get();
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
    ByteBuf direct = allocator.get().directBuffer(writable);
    try {
      oneBuffer[0] = direct;
      int n = receive(oneBuffer, senders, 1);
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
    return named instanceof InetSocketAddress inet ? inet : (InetSocketAddress) remoteAddress();
  }

  @Override
  public int send(ByteBuf[] contents, InetSocketAddress[] recipients, int count)
      throws IOException {
    MessageArray msgs = messages.get();
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
  public ByteBuf toSendable(ByteBuf content) {
    if (content.hasMemorySegment()) {
      return content;
    }
    int readable = content.readableBytes();
    ByteBuf direct = allocator.get().directBuffer(readable);
    direct.writeBytes(content, content.readerIndex(), readable);
    content.release();
    return direct;
  }

  @Override
  public void joinGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    multicast.join(group, networkInterface, source);
  }

  @Override
  public void leaveGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    multicast.leave(group, networkInterface, source);
  }

  @Override
  public void block(
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
  public boolean lastBatchFull() {
    return lastBatchFull;
  }
}
