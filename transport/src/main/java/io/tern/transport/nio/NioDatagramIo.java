package io.tern.transport.nio;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.spi.DatagramIo;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.MembershipKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The calls of a UDP socket over a JDK {@link DatagramChannel}: one datagram per receive or send
 * (the JDK has no batches), and multicast memberships through the JDK's {@link MembershipKey}s
 * (source-specific joins where the JDK supports them, as on Linux). Loop thread only, except the
 * state getters.
 */
final class NioDatagramIo implements DatagramIo {
  private final DatagramChannel socket;
  private final Supplier<ByteBufAllocator> allocator;
  private final List<MembershipKey> memberships = new ArrayList<>(0);

  /**
   * @param socket the JDK socket, in non-blocking mode
   * @param allocator the channel's allocator (from its configuration, which may change)
   */
  NioDatagramIo(DatagramChannel socket, Supplier<ByteBufAllocator> allocator) {
    this.socket = Objects.requireNonNull(socket, "socket");
    this.allocator = allocator;
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isBound() {
    return socket.isOpen() && socket.socket().isBound();
  }

  @Override
  public boolean isConnected() {
    return socket.isConnected();
  }

  @Override
  public SocketAddress localAddress() {
    return NioAddresses.local(socket);
  }

  @Override
  public SocketAddress remoteAddress() {
    return NioAddresses.remote(socket);
  }

  @Override
  public void bind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
  }

  @Override
  public void connect(SocketAddress remoteAddress, SocketAddress localAddress) throws IOException {
    if (localAddress != null) {
      socket.bind(localAddress);
    }
    socket.connect(remoteAddress);
  }

  @Override
  public void disconnect() throws IOException {
    socket.disconnect();
  }

  @Override
  public void close() throws IOException {
    socket.close(); // drops every membership too
  }

  @Override
  public int maxDatagramsPerCall() {
    return 1;
  }

  @Override
  public int receive(ByteBuf[] buffers, InetSocketAddress[] senders, int count) throws IOException {
    ByteBuf buf = buffers[0];
    int writerIndex = buf.writerIndex();
    ByteBuffer target = buf.nioBuffer(writerIndex, buf.writableBytes());
    InetSocketAddress sender = (InetSocketAddress) socket.receive(target);
    if (sender == null) {
      return 0;
    }
    buf.writerIndex(writerIndex + target.position());
    senders[0] = sender;
    return 1;
  }

  @Override
  public int send(ByteBuf[] contents, InetSocketAddress[] recipients, int count)
      throws IOException {
    ByteBuf content = contents[0];
    InetSocketAddress recipient = recipients[0];
    ByteBuffer data = content.nioBuffer(content.readerIndex(), content.readableBytes());
    int sent = recipient == null ? socket.write(data) : socket.send(data, recipient);
    return sent > 0 || content.readableBytes() == 0 ? 1 : 0;
  }

  /**
   * Copies a heap payload into pooled direct memory when the allocator pools it (the JDK would copy
   * it into a temporary direct buffer on every send otherwise).
   */
  @Override
  public ByteBuf toSendable(ByteBuf content) {
    return NioDirectBuffers.toPooledDirect(content, allocator.get());
  }

  @Override
  public void joinGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    MembershipKey key =
        source == null
            ? socket.join(group, networkInterface)
            : socket.join(group, networkInterface, source);
    if (!memberships.contains(key)) {
      memberships.add(key); // the JDK returns the existing key for a repeated join
    }
  }

  @Override
  public void leaveGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    MembershipKey key = find(group, networkInterface, source);
    memberships.remove(key);
    key.drop();
  }

  @Override
  public void block(
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
}
