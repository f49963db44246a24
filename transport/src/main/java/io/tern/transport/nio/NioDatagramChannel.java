package io.tern.transport.nio;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.NioIoHandle;
import io.tern.transport.NioIoHandler;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.spi.AbstractDatagramChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.MembershipKey;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A UDP socket over NIO ({@link java.nio.channels.DatagramChannel} on a {@link NioIoHandler} loop),
 * IPv4 or IPv6: datagram packets, connected mode, and multicast memberships through the JDK's
 * {@link MembershipKey}s (source-specific joins where the JDK supports them, as on Linux). Options:
 * {@code SO_BROADCAST}, {@code SO_RCVBUF}, {@code SO_SNDBUF}, {@code SO_REUSEADDR}, {@code
 * SO_REUSEPORT}, {@code IP_TOS}, {@code IP_MULTICAST_IF}, {@code IP_MULTICAST_TTL}, {@code
 * IP_MULTICAST_LOOP_DISABLED} and the generic ones; see {@link AbstractDatagramChannel} for the
 * read and write loops.
 *
 * <p>Create one with {@code new NioDatagramChannel(loop)} (a {@link
 * io.tern.transport.bootstrap.Bootstrap} does, given {@code NioDatagramChannel::new}, and then
 * {@code bind} or {@code connect}s it). For IPv4 multicast on a dual-stack host, open it with
 * {@link java.net.StandardProtocolFamily#INET}. Threading: as {@link
 * io.tern.transport.channel.Channel}.
 */
public class NioDatagramChannel extends AbstractDatagramChannel {
  private final java.nio.channels.DatagramChannel socket;
  private final NioChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();
  private final List<MembershipKey> memberships = new ArrayList<>(0);

  /**
   * Creates an unbound channel with the JDK's default protocol family (IPv6 with IPv4-mapped
   * addresses where IPv6 is available).
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   */
  public NioDatagramChannel(EventLoop eventLoop) {
    this(eventLoop, open(null));
  }

  /**
   * Creates an unbound channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param family {@link java.net.StandardProtocolFamily#INET} or {@code INET6}
   */
  public NioDatagramChannel(EventLoop eventLoop, ProtocolFamily family) {
    this(eventLoop, open(Objects.requireNonNull(family, "family")));
  }

  /**
   * Wraps a JDK datagram channel (bound or not); the channel switches it to non-blocking mode and
   * closes it when closed.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param socket the socket
   */
  public NioDatagramChannel(EventLoop eventLoop, java.nio.channels.DatagramChannel socket) {
    super(eventLoop);
    this.socket = Objects.requireNonNull(socket, "socket");
    try {
      socket.configureBlocking(false);
    } catch (IOException e) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // nothing more to do
      }
      throw new ChannelException("cannot make the socket non-blocking", e);
    }
    this.config = new NioChannelConfig(this, socket);
    applyDatagramDefaults(config);
  }

  private static java.nio.channels.DatagramChannel open(ProtocolFamily family) {
    try {
      return family == null
          ? java.nio.channels.DatagramChannel.open()
          : java.nio.channels.DatagramChannel.open(family);
    } catch (IOException e) {
      throw new ChannelException("cannot open a datagram socket", e);
    }
  }

  /**
   * Returns the underlying JDK channel, for options and state; do not read or write it directly.
   *
   * @return the socket
   */
  protected java.nio.channels.DatagramChannel javaChannel() {
    return socket;
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
    return socket.isOpen() && socket.socket().isBound();
  }

  @Override
  public boolean isConnected() {
    return socket.isConnected();
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress localAddress0() {
    return NioAddresses.local(socket);
  }

  @Override
  protected SocketAddress remoteAddress0() {
    return NioAddresses.remote(socket);
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
  }

  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress)
      throws IOException {
    if (localAddress != null) {
      socket.bind(localAddress);
    }
    socket.connect(remoteAddress); // UDP: no handshake, done at once
    return true;
  }

  @Override
  protected boolean doDisconnect() throws IOException {
    socket.disconnect();
    return true;
  }

  @Override
  protected void doClose() throws IOException {
    socket.close(); // drops every membership too
  }

  @Override
  protected void readInterest(boolean interested) {
    interest.set(registration(), SelectionKey.OP_READ, interested);
  }

  @Override
  protected void writeInterest(boolean interested) {
    interest.set(registration(), SelectionKey.OP_WRITE, interested);
  }

  @Override
  protected InetSocketAddress doReceive(ByteBuf buf) throws IOException {
    int writerIndex = buf.writerIndex();
    ByteBuffer target = buf.nioBuffer(writerIndex, buf.writableBytes());
    InetSocketAddress sender = (InetSocketAddress) socket.receive(target);
    if (sender != null) {
      buf.writerIndex(writerIndex + target.position());
    }
    return sender;
  }

  @Override
  protected boolean doSend(ByteBuf content, InetSocketAddress recipient) throws IOException {
    ByteBuffer data = content.nioBuffer(content.readerIndex(), content.readableBytes());
    int sent = recipient == null ? socket.write(data) : socket.send(data, recipient);
    return sent > 0 || content.readableBytes() == 0;
  }

  /**
   * Copies a heap payload into pooled direct memory when the allocator pools it (the JDK would copy
   * it into a temporary direct buffer on every send otherwise).
   */
  @Override
  protected ByteBuf filterDatagramContent(ByteBuf content) {
    return NioDirectBuffers.toPooledDirect(content, config.allocator());
  }

  @Override
  protected void doJoinGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException {
    MembershipKey key =
        source == null
            ? socket.join(group, networkInterface)
            : socket.join(group, networkInterface, source);
    if (!memberships.contains(key)) {
      memberships.add(key); // the JDK returns the existing key for a repeated join
    }
  }

  @Override
  protected void doLeaveGroup(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException {
    MembershipKey key = find(group, networkInterface, source);
    memberships.remove(key);
    key.drop();
  }

  @Override
  protected void doBlock(
      InetAddress group, NetworkInterface networkInterface, InetAddress source, boolean block)
      throws IOException {
    MembershipKey key = find(group, networkInterface, null);
    if (block) {
      key.block(source);
    } else {
      key.unblock(source);
    }
  }

  private MembershipKey find(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) throws IOException {
    memberships.removeIf(k -> !k.isValid());
    for (MembershipKey key : memberships) {
      if (key.group().equals(group)
          && key.networkInterface().equals(networkInterface)
          && Objects.equals(key.sourceAddress(), source)) {
        return key;
      }
    }
    throw new IOException(
        "not a member of "
            + group
            + " on "
            + networkInterface.getName()
            + (source == null ? "" : " for source " + source));
  }

  /** What the selector sees: dispatches readiness to the read and write loops. */
  private final class Handle implements NioIoHandle {
    @Override
    public SelectableChannel selectableChannel() {
      return socket;
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      int ready = ((NioIoHandler.Event) event).readyOps();
      if ((ready & SelectionKey.OP_WRITE) != 0) {
        writeReady();
      }
      if ((ready & SelectionKey.OP_READ) != 0) {
        readReady();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
