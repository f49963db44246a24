package io.tern.transport.linux.epoll;

import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLERR;
import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLHUP;
import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLIN;
import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLOUT;
import static io.tern.transport.linux.epoll.EpollIoOps.EPOLLRDHUP;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.linux.internal.channel.FileRegions;
import io.tern.transport.linux.internal.channel.FlushedIovecs;
import io.tern.transport.linux.internal.channel.LinuxSocketConfig;
import io.tern.transport.linux.internal.channel.NativeBuffers;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractDuplexChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import io.tern.transport.spi.StreamLoops;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * A byte stream over a socket on an {@link EpollIoHandler} loop, TCP or Unix domain (the socket's
 * address family is a value, not a subclass: {@link EpollSocketChannel} and {@link
 * EpollDomainSocketChannel} only name the two families with their address types). The socket is
 * driven through FFM system calls by {@link StreamLoops}:
 *
 * <ul>
 *   <li>Reads are {@code recv} straight into the buffer's native memory.
 *   <li>Writes gather the flushed buffers into the loop's shared {@code iovec} array and issue one
 *       {@code writev} (one {@code send} for a single buffer).
 *   <li>Readiness is edge-triggered: a read loop that stopped at its message limit while the last
 *       read filled its buffer, or before it saw the end of input the peer announced ({@code
 *       EPOLLRDHUP}), may leave data no new edge will announce, so it asks the handler to call it
 *       again after the next {@code epoll_wait} ({@link EpollIoHandler#readAgain}); writes wait for
 *       {@code EPOLLOUT} only after the socket refused bytes.
 * </ul>
 *
 * <p>The channel owns its socket and closes it in {@code doClose}. Outbound heap buffers are copied
 * to native memory once, when written. Everything runs on the channel's event loop, except what
 * {@link Channel} allows from any thread.
 */
abstract class EpollStreamChannel extends AbstractDuplexChannel {
  private final Socket socket;
  private final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private final StreamLoops loops = new StreamLoops(this, handle);
  // The EpollIoOps bits asked for, submitted only when they change (kept until registration).
  private int interest;
  // Connected (set on the loop, read anywhere through isActive()).
  private volatile boolean active;
  private boolean connectPending;
  private boolean maybeMoreToRead;
  private boolean peerClosed;
  private boolean readAgainScheduled;

  /**
   * Wraps a stream socket.
   *
   * @param parent the server channel that accepted it, or {@code null}
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   * @param socket the socket, owned by the channel from now on
   * @param active whether it is connected already (an accepted socket)
   */
  EpollStreamChannel(Channel parent, EventLoop eventLoop, Socket socket, boolean active) {
    super(parent, eventLoop);
    this.socket = socket;
    this.active = active;
    this.config = LinuxSocketConfig.forStream(this, socket);
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
    return active && socket.isOpen();
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
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return socket.localAddressOrNull();
  }

  @Override
  protected SocketAddress queryRemoteAddress() {
    return socket.remoteAddressOrNull();
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
        socket.bind(localAddress);
      }
      boolean connected = socket.connect(remoteAddress);
      if (connected) {
        active = true;
      } else {
        connectPending = true;
        setInterest(EPOLLOUT, true);
      }
      success = true;
      return connected;
    } finally {
      if (!success) {
        socket.close();
      }
    }
  }

  @Override
  protected void doFinishConnect() throws IOException {
    socket.finishConnect();
    active = true;
  }

  @Override
  protected void doShutdownInput() throws IOException {
    socket.shutdown(true, false);
  }

  @Override
  protected void doShutdownOutput() throws IOException {
    socket.shutdown(false, true);
  }

  @Override
  protected void doClose() throws IOException {
    active = false;
    socket.close();
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

  /** Copies heap buffers into direct memory, so writes can hand native addresses to the kernel. */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    return NativeBuffers.toNative(super.filterOutboundMessage(msg), config.allocator());
  }

  private void setInterest(int bits, boolean on) {
    int updated = on ? interest | bits : interest & ~bits;
    if (updated == interest) {
      return;
    }
    interest = updated;
    IoRegistration registration = registration();
    if (registration != null) {
      registration.submit(EpollIoOps.valueOf(updated));
    }
  }

  private int receive(ByteBuf buf) throws IOException {
    int writable = buf.writableBytes();
    long n;
    if (buf.hasMemorySegment()) {
      n = socket.recv(buf.memorySegment().address() + buf.writerIndex(), writable);
    } else {
      n = readIntoHeap(buf, writable);
    }
    maybeMoreToRead = n == writable;
    if (n > 0) {
      buf.writerIndex(buf.writerIndex() + (int) n);
      return (int) n;
    }
    if (n == 0) {
      return -1;
    }
    if (n == -Errno.EAGAIN) {
      // Empty, and no end of input either (that would read as 0): a latched hang-up is stale, and
      // keeping it would reschedule the read loop forever.
      peerClosed = false;
      return 0;
    }
    throw Errors.ioException("recv", (int) n);
  }

  private long readIntoHeap(ByteBuf buf, int writable) {
    ByteBuf direct = config.allocator().directBuffer(writable);
    try {
      long n = socket.recv(direct.memorySegment().address(), writable);
      if (n > 0) {
        buf.setBytes(buf.writerIndex(), direct, 0, (int) n);
      }
      return n;
    } finally {
      direct.release();
    }
  }

  private long sendGathered(ChannelOutboundBuffer in, long maxBytes) throws IOException {
    EpollIoHandler handler = registrationOf().handler();
    IovArray iov = handler.iovArray();
    FlushedIovecs gathered = handler.gatherer();
    int count = gathered.gather(in, iov, maxBytes);
    if (count == 0) {
      return 0;
    }
    long attempted = iov.bytes();
    long n =
        count == 1
            ? socket.send(gathered.firstAddress(), attempted)
            : LibC.writev(socket.intValue(), iov.address(), count);
    if (n >= 0) {
      loops.adjustMaxBytesPerGatheringWrite(attempted, n);
      return n;
    }
    if (n == -Errno.EAGAIN) {
      return 0;
    }
    throw Errors.ioException(count == 1 ? "send" : "writev", (int) n);
  }

  private EpollRegistration registrationOf() {
    return (EpollRegistration) registration().attachment();
  }

  /**
   * Runs the read loop, and again after the loop's next {@code epoll_wait} while edge-triggered
   * data may still be waiting (not as a task: a task pass would rerun it back to back for its whole
   * budget while the peer keeps the socket full, and this channel's own writability would wait).
   */
  private void readNow() {
    readAgainScheduled = false;
    maybeMoreToRead = false;
    loops.readReady();
    // Edge-triggered: no new edge comes for data (or the end of input) left in the socket.
    boolean more = maybeMoreToRead || (peerClosed && isOpen() && !isInputShutdown());
    if (more
        && (interest & EPOLLIN) != 0
        && isActive()
        && !isInputShutdown()
        && !readAgainScheduled) {
      readAgainScheduled = true;
      EpollRegistration r = registrationOf();
      r.handler().readAgain(r);
    }
  }

  /** What epoll reports for this socket, and the socket's primitives for the loops. */
  private final class Handle implements EpollIoHandle, StreamLoops.Primitives {
    @Override
    public int fd() {
      return socket.intValue();
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      int ready = ((EpollIoEvent) event).events();
      if ((ready & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0 && active) {
        // The end of input may arrive merged with data: read until it shows. Only once connected:
        // a socket registered before its connect reports EPOLLHUP (it is still TCP_CLOSE), and
        // latching that would make every later read loop reschedule itself forever.
        peerClosed = true;
      }
      if (connectPending && (ready & (EPOLLOUT | EPOLLERR | EPOLLHUP)) != 0) {
        connectPending = false;
        setInterest(EPOLLOUT, isFlushPending());
        finishConnect();
        if (!isOpen()) {
          return;
        }
      }
      if ((ready & (EPOLLOUT | EPOLLERR | EPOLLHUP)) != 0 && (interest & EPOLLOUT) != 0) {
        writeReady();
      }
      if ((ready & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP)) != 0
          && (interest & EPOLLIN) != 0) {
        readNow();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }

    @Override
    public int readBytes(ByteBuf buf) throws IOException {
      return receive(buf);
    }

    @Override
    public long writeBytes(ChannelOutboundBuffer in, long maxBytes) throws IOException {
      return sendGathered(in, maxBytes);
    }

    @Override
    public long writeFileRegion(FileRegion region) throws IOException {
      return FileRegions.transfer(region, socket);
    }

    @Override
    public void readInterest(boolean interested) {
      setInterest(EPOLLIN | EPOLLRDHUP, interested);
    }

    @Override
    public void writeInterest(boolean interested) {
      setInterest(EPOLLOUT, interested || connectPending);
    }
  }
}
