package io.tern.transport.nio;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.spi.AbstractDuplexChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import io.tern.transport.spi.StreamLoops;
import java.io.IOException;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Objects;

/**
 * A byte stream over NIO, TCP or Unix domain: a JDK {@link SocketChannel} in non-blocking mode on a
 * {@link NioIoHandler} loop, driven by {@link StreamLoops} (one read, one gathering write, one file
 * transfer per call), with connect completion and half-closure. The address family is a value, not
 * a subclass: a TCP socket gets {@code TCP_NODELAY} on by default; a Unix domain socket remembers
 * the path it bound and deletes that socket file when it closes (the JDK leaves it behind). {@link
 * NioSocketChannel} and {@link NioDomainSocketChannel} only name the two families with their
 * address types. Event loop only, except what {@link Channel} allows from any thread.
 */
abstract class NioStreamChannel extends AbstractDuplexChannel {
  private final SocketChannel socket;
  private final boolean unixDomain;
  private final NioChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();
  private final StreamLoops loops = new StreamLoops(this, handle);
  private UnixDomainSocketAddress boundPath; // Unix domain only: the socket file to delete

  /**
   * Wraps a JDK socket channel (connected or not) of {@code family}, switching it to non-blocking
   * mode; it is closed with the channel, or at once if that switch fails.
   *
   * @param family {@link StandardProtocolFamily#UNIX}, or the Internet family the socket was opened
   *     with ({@code null} for the JDK's default)
   */
  NioStreamChannel(
      Channel parent, EventLoop eventLoop, SocketChannel socket, ProtocolFamily family) {
    super(parent, eventLoop);
    this.socket = Objects.requireNonNull(socket, "socket");
    this.unixDomain = family == StandardProtocolFamily.UNIX;
    try {
      socket.configureBlocking(false);
    } catch (IOException e) {
      closeQuietly(socket);
      throw new ChannelException("cannot make the socket non-blocking", e);
    }
    this.config = new NioChannelConfig(this, socket);
    if (!unixDomain) {
      try {
        config.setOption(ChannelOption.TCP_NODELAY, true);
      } catch (ChannelException e) {
        // Not every platform or socket state takes it; the OS default then stays.
      }
    }
  }

  static void closeQuietly(java.nio.channels.Channel c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // nothing more to do
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
  protected SocketAddress queryLocalAddress() {
    return NioAddresses.local(socket);
  }

  @Override
  protected SocketAddress queryRemoteAddress() {
    return NioAddresses.remote(socket);
  }

  /** Binds; a Unix domain socket remembers its socket file, to delete it on close. */
  @Override
  protected void doBind(SocketAddress localAddress) throws IOException {
    socket.bind(localAddress);
    if (unixDomain) {
      boundPath = (UnixDomainSocketAddress) socket.getLocalAddress();
    }
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

  /** Closes, and deletes the socket file a Unix domain socket bound. */
  @Override
  protected void doClose() throws IOException {
    try {
      socket.close();
    } finally {
      SocketFiles.delete(boundPath);
      boundPath = null;
    }
  }

  @Override
  protected void doBeginRead() {
    loops.beginRead();
  }

  @Override
  protected void onAutoReadCleared() {
    loops.autoReadCleared();
  }

  @Override
  protected boolean isFlushPending() {
    return loops.waitsForWritability();
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws Exception {
    loops.write(in);
  }

  /**
   * Copies a heap buffer into pooled direct memory when the allocator pools it (the JDK would copy
   * it into a temporary direct buffer on every write attempt otherwise).
   */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    Object checked = super.filterOutboundMessage(msg);
    return checked instanceof ByteBuf buf
        ? NioDirectBuffers.toPooledDirect(buf, config.allocator())
        : checked;
  }

  /**
   * What the selector and the loops see: dispatches readiness to the loops, and gives them the
   * socket's non-blocking primitives.
   */
  private final class Handle implements NioIoHandle, StreamLoops.Primitives {
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
        loops.readReady();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }

    @Override
    public int readBytes(ByteBuf buf) throws IOException {
      return buf.writeBytes(socket, buf.writableBytes());
    }

    @Override
    public long writeBytes(ChannelOutboundBuffer in, long maxBytes) throws IOException {
      ByteBuffer[] buffers = in.nioBuffers(ChannelOutboundBuffer.MAX_GATHERED_BUFFERS, maxBytes);
      int count = in.nioBufferCount();
      long attempted = in.nioBufferSize();
      long written = count == 1 ? socket.write(buffers[0]) : socket.write(buffers, 0, count);
      loops.adjustMaxBytesPerGatheringWrite(attempted, written);
      return written;
    }

    @Override
    public long writeFileRegion(FileRegion region) throws IOException {
      return region.transferTo(socket, region.transferred());
    }

    @Override
    public void readInterest(boolean interested) {
      interest.set(registration(), SelectionKey.OP_READ, interested);
    }

    @Override
    public void writeInterest(boolean interested) {
      interest.set(registration(), SelectionKey.OP_WRITE, interested);
    }
  }
}
