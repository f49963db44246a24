package io.tern.transport.linux.iouring;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.linux.internal.channel.FileRegions;
import io.tern.transport.linux.internal.channel.LinuxSocketConfig;
import io.tern.transport.linux.internal.channel.NativeBuffers;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.SockAddr;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.BufferRing;
import io.tern.transport.linux.internal.uring.ZeroCopyLoans;
import io.tern.transport.spi.AbstractDuplexChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.SocketAddress;

/**
 * A byte stream over a socket on an {@link IoUringIoHandler} loop, TCP or Unix domain (the socket's
 * address family is a value: {@link IoUringSocketChannel} and {@link IoUringDomainSocketChannel}
 * only name the two families with their address types). Completion-based: bytes move with requests
 * rather than readiness loops.
 *
 * <ul>
 *   <li><b>Reading.</b> With auto-read on and a provided buffer ring, one multishot {@code RECV}
 *       stays armed: each arrival takes a ring buffer, which is handed to the pipeline as is (no
 *       copy, and no memory held while the connection is idle). The {@code channelReadComplete} for
 *       a burst of completions fires once, from a task after the loop dispatched them. Otherwise
 *       (auto-read off, or no buffer rings) one {@code RECV} per {@code read()} into a buffer from
 *       the {@link RecvByteBufAllocator}.
 *   <li><b>Writing</b> ({@link StreamWrites} submits, the channel decides when and completes). One
 *       write in flight at a time: the flushed buffers become one {@code SEND} (a single buffer) or
 *       {@code WRITEV} over this channel's own {@code iovec} array, submitted with the loop's next
 *       {@code io_uring_enter}. The buffers are retained until the completion, so a close that
 *       releases the outbound buffer never frees memory the kernel still reads. A short write
 *       submits the rest. A write of at least the handler's zero-copy threshold goes as {@code
 *       SEND_ZC} ({@code SENDMSG_ZC} when gathering) where the kernel has it; its buffers stay lent
 *       ({@link ZeroCopyLoans}) until the kernel's notification.
 *   <li><b>Connecting.</b> {@code IORING_OP_CONNECT}.
 *   <li><b>Closing.</b> The registration cancels every request in flight; their completions still
 *       arrive and release what they held.
 * </ul>
 *
 * <p>The channel owns its socket and closes it in {@code doClose}. Outbound heap buffers are copied
 * to native memory once, when written. Everything runs on the channel's event loop, except what
 * {@link Channel} allows from any thread.
 */
abstract class IoUringStreamChannel extends AbstractDuplexChannel {
  private static final short RECV = 1;
  // StreamWrites.WRITE = 2, StreamWrites.WRITE_ZC = 0x100 + a loan's tag
  private static final short CONNECT = 3;
  private static final short POLL_OUT = 4;
  private static final int POLLOUT = LinuxConstants.EPOLLOUT;

  private final Socket socket;
  private final SocketFile file;
  private final LinuxSocketConfig config;
  // Also the task that completes a read batch and continues a long file write (see run()), so
  // scheduling either allocates nothing and holds nothing.
  private final Handle handle = new Handle();
  // Connected (set on the loop, read anywhere through isActive()).
  private volatile boolean active;

  // reading
  private boolean recvArmed;
  private boolean multishot;
  private ByteBuf recvBuffer;
  private boolean readCompletePending;
  private boolean writeReadyPending;
  // writing
  private final StreamWrites writes = new StreamWrites();
  private boolean pollOutArmed;
  private Throwable writeError;
  // connecting
  private MemorySegment connectAddress;
  private int connectResult;

  /**
   * Wraps a stream socket.
   *
   * @param parent the server channel that accepted it, or {@code null}
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   * @param socket the socket, owned by the channel from now on
   * @param active whether it is connected already (an accepted socket)
   */
  IoUringStreamChannel(Channel parent, EventLoop eventLoop, Socket socket, boolean active) {
    super(parent, eventLoop);
    this.socket = socket;
    this.file = new SocketFile(socket);
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
  protected void doShutdownInput() throws IOException {
    socket.shutdown(true, false);
  }

  @Override
  protected void doShutdownOutput() throws IOException {
    socket.shutdown(false, true);
  }

  /**
   * Copies heap buffers into direct memory, so requests can hand native addresses to the kernel.
   */
  @Override
  protected Object filterOutboundMessage(Object msg) throws Exception {
    return NativeBuffers.toNative(super.filterOutboundMessage(msg), config.allocator());
  }

  private IoUringRegistration reg() {
    return IoUringRegistration.of(registration());
  }

  /** Whether this channel's requests name its socket by a fixed file slot; for tests. */
  final boolean usesFixedFile() {
    return file.isFixed();
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
      IoUringRegistration r = reg();
      SocketRequests.connect(r, file.on(r), address.address(), length, CONNECT);
      success = true;
      return false;
    } finally {
      if (!success) {
        file.detach();
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
  protected void doClose() throws IOException {
    active = false;
    writes.closing();
    // The registration was cancelled just before: requests still in flight complete (cancelled)
    // later and release what they hold; the kernel keeps the socket open until then (a fixed file
    // slot given back first keeps it open the same way).
    file.detach();
    socket.close();
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
      SocketRequests.recvMultishot(r, file.on(r), ring.groupId(), RECV);
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
      SocketRequests.recv(
          r,
          file.on(r),
          buf.memorySegment().address() + buf.writerIndex(),
          buf.writableBytes(),
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

  private void recvCompleted(IoUringRegistration r, IoUringIoEvent ev) {
    int res = ev.res();
    boolean more = ev.hasMore();
    if (!more) {
      recvArmed = false;
    }
    if (multishot) {
      multishotReceived(r, ev, res);
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

  /**
   * A completion of the multishot receive. {@code r} is the registration the completion came
   * through, not the channel's current one: after close the channel has none, but a receive that
   * completed between the close and its cancellation still took a provided buffer (a peer that kept
   * sending), and the buffer ring must hear of it. Dropped, a whole buffer never went back to the
   * ring (until it ran dry: connections read nothing), and an incremental buffer's consumed offset
   * fell behind the kernel's (later connections read the closed one's bytes).
   */
  private void multishotReceived(IoUringRegistration r, IoUringIoEvent ev, int res) {
    BufferRing ring = bufferRingOrNull(r);
    if (res > 0 && ev.bufferId() >= 0 && ring != null) {
      ByteBuf buf = ring.take(ev.bufferId(), res, ev.flags());
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
      eventLoop().execute(handle);
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

  @Override
  protected boolean isFlushPending() {
    return writes.inFlight() || pollOutArmed;
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
    if (writes.inFlight() || pollOutArmed) {
      return;
    }
    int fileChunks = config.writeSpinCount();
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
        IoUringRegistration r = reg();
        writes.submit(r, file.on(r), in);
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
        if (--fileChunks == 0) {
          // the socket still takes data but this channel had its share: continue after other work
          if (!writeReadyPending) {
            writeReadyPending = true;
            eventLoop().execute(handle);
          }
          return;
        }
        continue;
      }
      in.remove(new UnsupportedOperationException(msg.getClass().getName()));
    }
  }

  /** A zero-copy send's completion (see {@link StreamWrites#zeroCopyCompleted}). */
  private void zeroCopyCompleted(int tag, int res, int flags) {
    switch (writes.zeroCopyCompleted(tag, res, flags)) {
      case NOTIFICATION -> {
        // the loan is back; the write itself completed (or completes) on its own
      }
      case REFUSED -> {
        // nothing was sent: this socket takes no zero-copy sends (a Unix socket); send plainly
        if (isOpen()) {
          writeReady();
        } else {
          writes.freeMemory();
        }
      }
      case SENT -> writeCompleted(res);
    }
  }

  /** Outstanding zero-copy loans; for tests. */
  final ZeroCopyLoans zeroCopyLoans() {
    return writes.zeroCopyLoans();
  }

  private void writeCompleted(int res) {
    ChannelOutboundBuffer in = outboundBuffer();
    if (res >= 0 && in != null) {
      // Still in flight while the written messages' promises complete: a listener's flush waits
      // for the writeReady() below instead of submitting a second write over these vectors.
      in.removeBytes(res);
    }
    boolean gatheredMany = writes.completed();
    if (!isOpen()) {
      writes.freeMemory();
      return;
    }
    if (res < 0) {
      if (res == -Errno.ECANCELED) {
        return;
      }
      writeError = Errors.ioException(gatheredMany ? "writev" : "send", res);
    }
    writeReady(); // continue with what is left, or fail the flushed writes with writeError
  }

  private void armPollOut() {
    pollOutArmed = true;
    IoUringRegistration r = reg();
    SocketRequests.poll(r, file.on(r), POLLOUT, POLL_OUT);
  }

  /** What the ring reports for this socket's requests. */
  private final class Handle implements IoUringIoHandle, Runnable {
    /** The scheduled continuations: a read batch's completion, a long file write's next part. */
    @Override
    public void run() {
      readCompleteNow();
      if (writeReadyPending) {
        writeReadyPending = false;
        writeReady();
      }
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      IoUringIoEvent ev = (IoUringIoEvent) event;
      if (ev.data() >= StreamWrites.WRITE_ZC) {
        zeroCopyCompleted(ev.data() - StreamWrites.WRITE_ZC, ev.res(), ev.flags());
        return;
      }
      switch (ev.data()) {
        case RECV -> recvCompleted(IoUringRegistration.of(registration), ev);
        case StreamWrites.WRITE -> writeCompleted(ev.res());
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
