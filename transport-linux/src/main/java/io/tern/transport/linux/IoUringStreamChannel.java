package io.tern.transport.linux;

import static io.tern.transport.linux.internal.uring.IoUringConstants.IOSQE_BUFFER_SELECT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_CONNECT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_POLL_ADD;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_RECV;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SEND;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_WRITEV;
import static io.tern.transport.linux.internal.uring.IoUringConstants.RECV_MULTISHOT;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.SockAddr;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.BufferRing;
import io.tern.transport.spi.AbstractStreamChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A byte stream over a socket on an {@link IoUringIoHandler} loop: completion-based, so it replaces
 * {@link AbstractStreamChannel}'s readiness loops with requests.
 *
 * <ul>
 *   <li><b>Reading.</b> With auto-read on and a provided buffer ring, one multishot {@code RECV}
 *       stays armed: each arrival takes a ring buffer, which is handed to the pipeline as is (no
 *       copy, and no memory held while the connection is idle). The {@code channelReadComplete} for
 *       a burst of completions fires once, from a task after the loop dispatched them. Otherwise
 *       (auto-read off, or no buffer rings) one {@code RECV} per {@code read()} into a buffer from
 *       the {@link RecvByteBufAllocator}.
 *   <li><b>Writing.</b> One write in flight at a time: the flushed buffers become one {@code SEND}
 *       (a single buffer) or {@code WRITEV} over this channel's own {@code iovec} array, submitted
 *       with the loop's next {@code io_uring_enter}. The buffers are retained until the completion,
 *       so a close that releases the outbound buffer never frees memory the kernel still reads. A
 *       short write submits the rest.
 *   <li><b>Connecting.</b> {@code IORING_OP_CONNECT}.
 *   <li><b>Closing.</b> The registration cancels every request in flight; their completions still
 *       arrive and release what they held.
 * </ul>
 *
 * <p>Everything runs on the channel's event loop.
 */
abstract class IoUringStreamChannel extends AbstractStreamChannel {
  private static final short RECV = 1;
  private static final short WRITE = 2;
  private static final short CONNECT = 3;
  private static final short POLL_OUT = 4;
  private static final int POLLOUT = LinuxConstants.EPOLLOUT;
  private static final int MAX_IOV = 64;

  final Socket socket;
  final LinuxSocketConfig config;
  private final Handle handle = new Handle();
  private final Runnable readCompleteTask = this::readCompleteNow;
  private volatile boolean active;

  // reading
  private boolean recvArmed;
  private boolean multishot;
  private ByteBuf recvBuffer;
  private boolean readCompletePending;
  // writing
  private boolean writeInFlight;
  private boolean pollOutArmed;
  private Throwable writeError;
  private IovArray iov;
  private ByteBuf[] writing = new ByteBuf[4];
  private int writingCount;
  private long writingBytes;
  private long firstAddress;
  // connecting
  private MemorySegment connectAddress;
  private int connectResult;

  IoUringStreamChannel(Channel parent, EventLoop eventLoop, Socket socket, boolean active) {
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

  private IoUringRegistration reg() {
    IoRegistration r = registration();
    return r == null ? null : (IoUringRegistration) r.attachment();
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
      MemorySegment address = LibC.calloc(SockAddr.STORAGE_SIZE);
      int length;
      try {
        length = SockAddr.write(address, remoteAddress, socket.family());
      } catch (RuntimeException e) {
        LibC.free(address);
        throw e;
      }
      connectAddress = address;
      reg()
          .prepare(
              OP_CONNECT,
              (byte) 0,
              (short) 0,
              socket.intValue(),
              length,
              address.address(),
              0,
              0,
              (short) 0,
              (short) 0,
              0,
              0,
              CONNECT);
      success = true;
      return false;
    } finally {
      if (!success) {
        socket.close();
      }
    }
  }

  @Override
  protected void doFinishConnect() throws IOException {
    if (connectResult < 0) {
      throw Errors.connectException("connect", connectResult);
    }
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
    // The registration was cancelled just before: requests still in flight complete (cancelled)
    // later and release what they hold; the kernel keeps the socket open until then.
    socket.close();
    if (!writeInFlight && iov != null) {
      iov.close();
      iov = null;
    }
  }

  // ---- reading ----

  @Override
  protected void doBeginRead() {
    if (recvArmed || isInputShutdown()) {
      return;
    }
    IoUringRegistration r = reg();
    if (r == null) {
      return;
    }
    BufferRing ring = config.autoRead() && r.handler().multishotRecv() ? bufferRingOrNull(r) : null;
    recvArmed = true;
    if (ring != null) {
      multishot = true;
      r.prepare(
          OP_RECV,
          IOSQE_BUFFER_SELECT,
          RECV_MULTISHOT,
          socket.intValue(),
          0,
          0,
          0,
          0,
          ring.groupId(),
          (short) 0,
          0,
          0,
          RECV);
    } else {
      multishot = false;
      RecvByteBufAllocator.Handle h = recvHandle();
      h.reset(config);
      ByteBuf buf = h.allocate(config.allocator());
      if (!buf.hasMemorySegment()) {
        buf.release();
        buf = config.allocator().directBuffer(h.guess());
      }
      recvBuffer = buf;
      h.attemptedBytesRead(buf.writableBytes());
      r.prepare(
          OP_RECV,
          (byte) 0,
          (short) 0,
          socket.intValue(),
          0,
          buf.memorySegment().address() + buf.writerIndex(),
          buf.writableBytes(),
          0,
          (short) 0,
          (short) 0,
          0,
          0,
          RECV);
    }
  }

  @Override
  protected void onAutoReadCleared() {
    // A multishot receive keeps reading: stop it; what it already received is still delivered.
    IoUringRegistration r = reg();
    if (recvArmed && multishot && r != null) {
      r.cancelRequests(RECV);
    }
  }

  private void recvCompleted(IoUringIoEvent ev) {
    int res = ev.res();
    boolean more = ev.hasMore();
    if (!more) {
      recvArmed = false;
    }
    if (multishot) {
      multishotReceived(ev, res);
    } else {
      singleReceived(res);
    }
    if (!more
        && !recvArmed
        && isActive()
        && !isInputShutdown()
        && res != -Errno.ECANCELED
        && (config.autoRead() && !readCompletePending)) {
      doBeginRead(); // the multishot request ended (e.g. ENOBUFS): arm it again
    }
  }

  private void multishotReceived(IoUringIoEvent ev, int res) {
    IoUringRegistration r = reg();
    BufferRing ring = r == null ? null : bufferRingOrNull(r);
    if (res > 0 && ev.bufferId() >= 0 && ring != null) {
      ByteBuf buf = ring.take(ev.bufferId(), res);
      if (!isOpen()) {
        buf.release();
        return;
      }
      pipeline().fireChannelRead(buf);
      scheduleReadComplete();
      return;
    }
    if (ev.bufferId() >= 0 && ring != null) {
      ring.recycle(ev.bufferId());
    }
    received(res);
  }

  private void singleReceived(int res) {
    ByteBuf buf = recvBuffer;
    recvBuffer = null;
    RecvByteBufAllocator.Handle h = recvHandle();
    if (res > 0 && buf != null && isOpen()) {
      buf.writerIndex(buf.writerIndex() + res);
      h.lastBytesRead(res);
      h.incMessagesRead(1);
      pipeline().fireChannelRead(buf);
      h.readComplete();
      readComplete(); // asks for the next read when auto-read is on
      return;
    }
    if (buf != null) {
      buf.release();
    }
    received(res);
  }

  /** A receive that carried no data: end of input, cancellation, or an error. */
  private void received(int res) {
    if (res == 0) {
      readCompleteNow();
      inputClosed();
    } else if (res == -Errno.ENOBUFS || res == -Errno.ECANCELED || res == -Errno.EINTR) {
      // out of provided buffers (re-armed by the caller), or cancelled by close/auto-read off
    } else if (res < 0 && isOpen()) {
      readCompleteNow();
      IOException e = Errors.ioException("recv", res);
      pipeline().fireExceptionCaught(e);
      closeNow(e);
    }
  }

  private void scheduleReadComplete() {
    if (!readCompletePending) {
      readCompletePending = true;
      eventLoop().execute(readCompleteTask);
    }
  }

  private void readCompleteNow() {
    if (readCompletePending) {
      readCompletePending = false;
      if (isOpen()) {
        readComplete();
      }
    }
  }

  private static BufferRing bufferRingOrNull(IoUringRegistration r) {
    try {
      return r.handler().bufferRing();
    } catch (IOException e) {
      return null;
    }
  }

  // ---- writing ----

  /** Copies heap buffers into direct memory, so writes can hand native addresses to the kernel. */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    return NativeBuffers.toNative(super.filterOutboundMessage(msg), config.allocator());
  }

  @Override
  protected boolean isFlushPending() {
    return writeInFlight || pollOutArmed;
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws Exception {
    Throwable error = writeError;
    if (error != null) {
      writeError = null;
      if (error instanceof Exception e) {
        throw e;
      }
      throw (Error) error;
    }
    if (writeInFlight || pollOutArmed) {
      return;
    }
    for (; ; ) {
      Object msg = in.current();
      if (msg == null) {
        return;
      }
      if (msg instanceof ByteBuf buf) {
        if (!buf.isReadable()) {
          in.remove();
          continue;
        }
        submitWrite(in);
        return;
      }
      if (msg instanceof FileRegion region) {
        if (region.transferred() >= region.count()) {
          in.remove();
          continue;
        }
        long n = FileRegions.transfer(region, socket);
        if (region.transferred() >= region.count()) {
          in.remove();
          continue;
        }
        if (n == 0) {
          armPollOut();
          return;
        }
        continue;
      }
      in.remove(new UnsupportedOperationException(msg.getClass().getName()));
    }
  }

  private void submitWrite(ChannelOutboundBuffer in) throws Exception {
    if (iov == null) {
      iov = new IovArray(MAX_IOV, Integer.MAX_VALUE);
    }
    iov.clear();
    writingCount = 0;
    in.forEachFlushedMessage(this::gather);
    if (iov.count() == 0) {
      return;
    }
    writingBytes = iov.bytes();
    writeInFlight = true;
    IoUringRegistration r = reg();
    if (iov.count() == 1) {
      r.prepare(
          OP_SEND,
          (byte) 0,
          (short) 0,
          socket.intValue(),
          0,
          firstAddress,
          (int) writingBytes,
          LinuxConstants.MSG_NOSIGNAL,
          (short) 0,
          (short) 0,
          0,
          0,
          WRITE);
    } else {
      r.prepare(
          OP_WRITEV,
          (byte) 0,
          (short) 0,
          socket.intValue(),
          0,
          iov.address(),
          iov.count(),
          0,
          (short) 0,
          (short) 0,
          0,
          0,
          WRITE);
    }
  }

  /** Adds one flushed buffer to the iovec array and retains it until the write completes. */
  private boolean gather(Object msg) {
    if (!(msg instanceof ByteBuf buf)) {
      return false;
    }
    int readable = buf.readableBytes();
    if (readable == 0) {
      return true;
    }
    int countBefore = iov.count();
    if (buf.hasMemorySegment()) {
      long address = buf.memorySegment().address() + buf.readerIndex();
      if (!iov.add(address, readable)) {
        return false;
      }
      if (countBefore == 0) {
        firstAddress = address;
      }
    } else {
      ByteBuffer[] views = buf.nioBuffers(buf.readerIndex(), readable);
      if (countBefore + views.length > MAX_IOV) {
        return false;
      }
      for (ByteBuffer b : views) {
        if (b.hasRemaining()) {
          long address = MemorySegment.ofBuffer(b).address();
          if (iov.count() == 0) {
            firstAddress = address;
          }
          iov.add(address, b.remaining());
        }
      }
    }
    if (writingCount == writing.length) {
      writing = Arrays.copyOf(writing, writingCount * 2);
    }
    writing[writingCount++] = buf.retain();
    return iov.count() < MAX_IOV;
  }

  private void writeCompleted(int res) {
    writeInFlight = false;
    ChannelOutboundBuffer in = outboundBuffer();
    if (res >= 0 && in != null) {
      in.removeBytes(res);
    }
    for (int i = 0; i < writingCount; i++) {
      writing[i].release();
      writing[i] = null;
    }
    writingCount = 0;
    if (!isOpen()) {
      if (iov != null) {
        iov.close();
        iov = null;
      }
      return;
    }
    if (res < 0) {
      if (res == -Errno.ECANCELED) {
        return;
      }
      writeError = Errors.ioException(iov != null && iov.count() > 1 ? "writev" : "send", res);
    }
    writeReady(); // continue with what is left, or fail the flushed writes with writeError
  }

  private void armPollOut() {
    pollOutArmed = true;
    reg()
        .prepare(
            OP_POLL_ADD,
            (byte) 0,
            (short) 0,
            socket.intValue(),
            0,
            0,
            0,
            POLLOUT,
            (short) 0,
            (short) 0,
            0,
            0,
            POLL_OUT);
  }

  // Readiness hooks of the stream base: unused, this channel never waits for readiness there.

  @Override
  protected int doReadBytes(ByteBuf buf) {
    throw new UnsupportedOperationException("io_uring channels read through completions");
  }

  @Override
  protected long doWriteBytes(ChannelOutboundBuffer in) {
    throw new UnsupportedOperationException("io_uring channels write through completions");
  }

  @Override
  protected long doWriteFileRegion(FileRegion region) {
    throw new UnsupportedOperationException("io_uring channels write through completions");
  }

  @Override
  protected void readInterest(boolean interested) {}

  @Override
  protected void writeInterest(boolean interested) {}

  /** What the ring reports for this socket's requests. */
  private final class Handle implements IoUringIoHandle {
    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      IoUringIoEvent ev = (IoUringIoEvent) event;
      switch (ev.data()) {
        case RECV -> recvCompleted(ev);
        case WRITE -> writeCompleted(ev.res());
        case CONNECT -> {
          LibC.free(connectAddress);
          connectAddress = null;
          if (ev.res() == -Errno.ECANCELED) {
            return;
          }
          connectResult = ev.res();
          finishConnect();
        }
        case POLL_OUT -> {
          pollOutArmed = false;
          if (isOpen() && ev.res() != -Errno.ECANCELED) {
            writeReady();
          }
        }
        default -> {
          // a cancel's own completion
        }
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
