package io.tern.transport.nio;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.NioIoHandle;
import io.tern.transport.NioIoHandler;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.socket.DomainSocketChannel;
import io.tern.transport.socket.ServerDomainSocketChannel;
import io.tern.transport.spi.AbstractStreamChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Objects;

/**
 * A Unix domain stream connection over NIO ({@link SocketChannel} of the {@link
 * StandardProtocolFamily#UNIX UNIX} family on a {@link NioIoHandler} loop): the same read and write
 * loops, half-closure and zero-copy {@link FileRegion}s as {@link NioSocketChannel}; options {@code
 * SO_RCVBUF}, {@code SO_SNDBUF} and the generic ones. A client bound to a path with {@code
 * connect(remote, local)} deletes that socket file when it closes.
 *
 * <p>Create one with {@code new NioDomainSocketChannel(loop)} (a bootstrap does, given {@code
 * NioDomainSocketChannel::new}) and connect it to a {@link UnixDomainSocketAddress}. Threading: as
 * {@link io.tern.transport.channel.Channel}.
 */
public class NioDomainSocketChannel extends AbstractStreamChannel implements DomainSocketChannel {
  private final SocketChannel socket;
  private final NioChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();
  private UnixDomainSocketAddress boundPath;

  /**
   * Creates an unconnected channel.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   */
  public NioDomainSocketChannel(EventLoop eventLoop) {
    this(null, eventLoop, open());
  }

  /**
   * Wraps a JDK Unix domain socket channel (connected or not); the channel switches it to
   * non-blocking mode and closes it when closed.
   *
   * @param parent the server that accepted it, or {@code null}
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param socket the socket, of the {@code UNIX} family
   */
  public NioDomainSocketChannel(
      ServerDomainSocketChannel parent, EventLoop eventLoop, SocketChannel socket) {
    super(parent, eventLoop);
    this.socket = Objects.requireNonNull(socket, "socket");
    try {
      socket.configureBlocking(false);
    } catch (IOException e) {
      NioServerDomainSocketChannel.closeQuietly(socket);
      throw new ChannelException("cannot make the socket non-blocking", e);
    }
    this.config = new NioChannelConfig(this, socket);
  }

  private static SocketChannel open() {
    try {
      return SocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix domain socket", e);
    }
  }

  /**
   * Returns the underlying JDK channel, for options and state; do not read or write it directly.
   *
   * @return the socket
   */
  protected SocketChannel javaChannel() {
    return socket;
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public ServerDomainSocketChannel parent() {
    return (ServerDomainSocketChannel) super.parent();
  }

  @Override
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }

  @Override
  public UnixDomainSocketAddress remoteAddress() {
    return (UnixDomainSocketAddress) super.remoteAddress();
  }

  @Override
  public boolean isOpen() {
    return socket.isOpen();
  }

  @Override
  public boolean isActive() {
    return socket.isOpen() && socket.isConnected();
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress localAddress0() {
    try {
      return socket.getLocalAddress();
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  protected SocketAddress remoteAddress0() {
    try {
      return socket.getRemoteAddress();
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
    boundPath = (UnixDomainSocketAddress) socket.getLocalAddress();
  }

  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress)
      throws IOException {
    boolean success = false;
    try {
      if (localAddress != null) {
        doBind(localAddress);
      }
      boolean connected = socket.connect(remoteAddress);
      if (!connected) {
        interest.set(registration(), SelectionKey.OP_CONNECT, true);
      }
      success = true;
      return connected;
    } finally {
      if (!success) {
        doClose();
      }
    }
  }

  @Override
  protected void doFinishConnect() throws IOException {
    if (!socket.finishConnect()) {
      throw new IOException("connect not finished although the selector said so");
    }
  }

  @Override
  protected void doShutdownInput() throws IOException {
    socket.shutdownInput();
  }

  @Override
  protected void doShutdownOutput() throws IOException {
    socket.shutdownOutput();
  }

  @Override
  protected void doClose() throws IOException {
    try {
      socket.close();
    } finally {
      NioServerDomainSocketChannel.deleteSocketFile(boundPath);
      boundPath = null;
    }
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
  protected int doReadBytes(ByteBuf buf) throws IOException {
    return buf.writeBytes(socket, buf.writableBytes());
  }

  @Override
  protected long doWriteBytes(ChannelOutboundBuffer in) throws IOException {
    ByteBuffer[] buffers =
        in.nioBuffers(ChannelOutboundBuffer.MAX_GATHERED_BUFFERS, maxBytesPerGatheringWrite());
    int count = in.nioBufferCount();
    long attempted = in.nioBufferSize();
    long written = count == 1 ? socket.write(buffers[0]) : socket.write(buffers, 0, count);
    adjustMaxBytesPerGatheringWrite(attempted, written);
    return written;
  }

  @Override
  protected long doWriteFileRegion(FileRegion region) throws IOException {
    return region.transferTo(socket, region.transferred());
  }

  /** Copies a heap buffer into pooled direct memory, as {@link NioSocketChannel} does. */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    Object checked = super.filterOutboundMessage(msg);
    return checked instanceof ByteBuf buf
        ? NioDirectBuffers.toPooledDirect(buf, config.allocator())
        : checked;
  }

  /** What the selector sees: dispatches readiness to the stream channel's loops. */
  private final class Handle implements NioIoHandle {
    @Override
    public SelectableChannel selectableChannel() {
      return socket;
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      int ready = ((NioIoHandler.Event) event).readyOps();
      if ((ready & SelectionKey.OP_CONNECT) != 0) {
        interest.set(registration(), SelectionKey.OP_CONNECT, false);
        finishConnect();
      }
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
