package io.tern.transport.nio;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.NioIoHandle;
import io.tern.transport.NioIoHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.spi.AbstractStreamChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Objects;

/**
 * What {@link NioSocketChannel} (TCP) and {@link NioDomainSocketChannel} (Unix domain) share: a JDK
 * {@link SocketChannel} in non-blocking mode on a {@link NioIoHandler} loop, and the primitives
 * {@link AbstractStreamChannel}'s read and write loops need — one read, one gathering write, one
 * file transfer, connect completion, half-closure and readiness interest. The subclasses add their
 * address types and options, and the domain socket its socket file. Event loop only, except what
 * {@link io.tern.transport.channel.Channel} allows from any thread.
 */
abstract class NioStreamChannel extends AbstractStreamChannel {
  private final SocketChannel socket;
  private final NioChannelConfig config;
  private final Handle handle = new Handle();
  private final NioInterest interest = new NioInterest();

  /**
   * Wraps a JDK socket channel (connected or not), switching it to non-blocking mode; it is closed
   * with the channel, or at once if that switch fails.
   */
  NioStreamChannel(Channel parent, EventLoop eventLoop, SocketChannel socket) {
    super(parent, eventLoop);
    this.socket = Objects.requireNonNull(socket, "socket");
    try {
      socket.configureBlocking(false);
    } catch (IOException e) {
      closeQuietly(socket);
      throw new ChannelException("cannot make the socket non-blocking", e);
    }
    this.config = new NioChannelConfig(this, socket);
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
    socket.close();
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
