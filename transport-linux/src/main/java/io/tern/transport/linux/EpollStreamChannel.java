package io.tern.transport.linux;

import static io.tern.transport.linux.EpollIoOps.EPOLLERR;
import static io.tern.transport.linux.EpollIoOps.EPOLLHUP;
import static io.tern.transport.linux.EpollIoOps.EPOLLIN;
import static io.tern.transport.linux.EpollIoOps.EPOLLOUT;
import static io.tern.transport.linux.EpollIoOps.EPOLLRDHUP;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractStreamChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * A byte stream over a socket on an {@link EpollIoHandler} loop: the primitives {@link
 * AbstractStreamChannel} needs, through the FFM socket layer.
 *
 * <ul>
 *   <li>Reads are {@code recv} straight into the buffer's native memory.
 *   <li>Writes gather the flushed buffers into the loop's shared {@code iovec} array and issue one
 *       {@code writev} (one {@code send} for a single buffer).
 *   <li>Readiness is edge-triggered: a read loop that stopped at its message limit while the last
 *       read filled its buffer, or before it saw the end of input the peer announced ({@code
 *       EPOLLRDHUP}), may leave data no new edge will announce, so it schedules itself again as a
 *       task; writes wait for {@code EPOLLOUT} only after the socket refused bytes.
 * </ul>
 *
 * <p>Everything runs on the channel's event loop.
 */
abstract class EpollStreamChannel extends AbstractStreamChannel {
  final Socket socket;
  final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private final IovFiller filler = new IovFiller();
  private final Runnable readAgain = this::readNow;
  private int interest;
  private boolean connectPending;
  private boolean maybeMoreToRead;
  private boolean peerClosed;
  private boolean readAgainScheduled;
  private volatile boolean active;

  EpollStreamChannel(Channel parent, EventLoop eventLoop, Socket socket, boolean active) {
    super(parent, eventLoop);
    this.socket = socket;
    this.active = active;
    this.config = new LinuxSocketConfig(this, socket, false);
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

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress localAddress0() {
    try {
      return socket.localAddress();
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  protected SocketAddress remoteAddress0() {
    try {
      return socket.remoteAddress();
    } catch (IOException e) {
      return null;
    }
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
  protected void readInterest(boolean interested) {
    setInterest(EPOLLIN | EPOLLRDHUP, interested);
  }

  @Override
  protected void writeInterest(boolean interested) {
    setInterest(EPOLLOUT, interested || connectPending);
  }

  private void setInterest(int bits, boolean on) {
    int updated = on ? interest | bits : interest & ~bits;
    if (updated == interest) {
      return;
    }
    interest = updated;
    IoRegistration r = registration();
    if (r != null) {
      r.submit(EpollIoOps.valueOf(updated));
    }
  }

  @Override
  protected int doReadBytes(ByteBuf buf) throws IOException {
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

  @Override
  protected long doWriteBytes(ChannelOutboundBuffer in) throws IOException {
    IovArray iov = registrationOf().handler().iovArray();
    iov.clear();
    filler.reset(iov, maxBytesPerGatheringWrite());
    try {
      in.forEachFlushedMessage(filler);
    } catch (Exception e) {
      throw new IllegalStateException("the iovec filler does not throw", e);
    }
    int count = iov.count();
    if (count == 0) {
      return 0;
    }
    long attempted = iov.bytes();
    long n =
        count == 1
            ? socket.send(filler.firstAddress, attempted)
            : LibC.writev(socket.intValue(), iov.address(), count);
    if (n >= 0) {
      adjustMaxBytesPerGatheringWrite(attempted, n);
      return n;
    }
    if (n == -Errno.EAGAIN) {
      return 0;
    }
    throw Errors.ioException(count == 1 ? "send" : "writev", (int) n);
  }

  @Override
  protected long doWriteFileRegion(FileRegion region) throws IOException {
    return FileRegions.transfer(region, socket);
  }

  /** Copies heap buffers into direct memory, so writes can hand native addresses to the kernel. */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    return NativeBuffers.toNative(super.filterOutboundMessage(msg), config.allocator());
  }

  private EpollRegistration registrationOf() {
    return (EpollRegistration) registration().attachment();
  }

  /** Runs the read loop, and again later while edge-triggered data may still be waiting. */
  private void readNow() {
    readAgainScheduled = false;
    maybeMoreToRead = false;
    readReady();
    // Edge-triggered: no new edge comes for data (or the end of input) left in the socket.
    boolean more = maybeMoreToRead || (peerClosed && isOpen() && !isInputShutdown());
    if (more
        && (interest & EPOLLIN) != 0
        && isActive()
        && !isInputShutdown()
        && !readAgainScheduled) {
      readAgainScheduled = true;
      eventLoop().execute(readAgain);
    }
  }

  /** Fills the iovec array from the flushed buffers, up to a byte budget. */
  private static final class IovFiller implements ChannelOutboundBuffer.MessageProcessor {
    private IovArray iov;
    private long budget;
    long firstAddress;

    void reset(IovArray iov, long budget) {
      this.iov = iov;
      this.budget = budget;
      this.firstAddress = 0;
    }

    @Override
    public boolean processMessage(Object msg) {
      if (!(msg instanceof ByteBuf buf)) {
        return false;
      }
      int readable = buf.readableBytes();
      if (readable == 0) {
        return true;
      }
      if (buf.hasMemorySegment()) {
        return add(buf.memorySegment().address() + buf.readerIndex(), readable);
      }
      for (ByteBuffer b : buf.nioBuffers(buf.readerIndex(), readable)) {
        if (b.hasRemaining()
            && !add(java.lang.foreign.MemorySegment.ofBuffer(b).address(), b.remaining())) {
          return false;
        }
      }
      return iov.bytes() < budget;
    }

    private boolean add(long address, int length) {
      if (iov.count() > 0 && iov.bytes() + length > budget) {
        return false;
      }
      if (!iov.add(address, length)) {
        return false;
      }
      if (iov.count() == 1) {
        firstAddress = address;
      }
      return iov.bytes() < budget;
    }
  }

  /** What epoll reports for this socket. */
  private final class Handle implements EpollIoHandle {
    @Override
    public int fd() {
      return socket.intValue();
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      int ready = ((EpollIoEvent) event).events();
      if ((ready & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0) {
        peerClosed = true; // the end of input may arrive merged with data: read until it shows
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
  }
}
