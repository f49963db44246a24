package io.tern.transport.local;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.spi.AbstractDuplexChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.WritableByteChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One end of an in-VM connection: a flush hands the written messages (any objects; {@link
 * FileRegion}s are read into buffers) to the peer's inbound queue and wakes the peer's loop, which
 * reads them like a socket's data: up to {@link ChannelConfig#maxMessagesPerRead()} per read loop,
 * one per {@code read()} with auto-read off. Closing or shutting the output down delivers the end
 * of the stream to the peer after the messages sent before it; half-closure works as on TCP.
 *
 * <p>Connect with a {@link LocalAddress} a {@link LocalServerChannel} is bound to; an address
 * nobody listens on is refused ({@link ConnectException}). The connect completes once the server's
 * loop has created the peer. Runs on a loop of a {@link LocalIoHandler} group.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}; the inbound queue is the only state shared
 * between the two ends' loops.
 *
 * <h2>Ownership</h2>
 *
 * <p>Messages in flight belong to the receiving channel and are released if it closes before
 * reading them.
 */
public class LocalChannel extends AbstractDuplexChannel {
  private static final Object END_OF_STREAM = new Object();
  private static final long READABLE = 1;
  private static final long CONNECTED = 2;
  private static final LocalIoHandler.Ready READY_READ = new LocalIoHandler.Ready(READABLE);
  private static final LocalIoHandler.Ready READY_CONNECT = new LocalIoHandler.Ready(CONNECTED);
  private static final int FILE_CHUNK = 64 * 1024;

  private enum State {
    OPEN,
    CONNECTING,
    CONNECTED,
    CLOSED
  }

  private final DefaultChannelConfig config = new DefaultChannelConfig(this);
  private final Queue<Object> inbound = new ConcurrentLinkedQueue<>();
  private final Handle handle = new Handle();
  private volatile State state;
  private volatile LocalChannel peer;
  private volatile LocalAddress localAddress;
  private volatile LocalAddress remoteAddress;
  // Set (before draining) once this end takes no more messages; see deliver().
  private volatile boolean inboundClosed;
  private volatile boolean refused;
  private boolean readPending;
  private boolean readInterested;

  /**
   * Creates an unconnected channel.
   *
   * @param eventLoop the channel's loop (running a {@link LocalIoHandler})
   */
  public LocalChannel(EventLoop eventLoop) {
    super(null, eventLoop);
    state = State.OPEN;
  }

  /** The server side of a connection, created by {@link LocalServerChannel#serve}. */
  LocalChannel(LocalServerChannel parent, EventLoop eventLoop, LocalChannel client) {
    super(parent, eventLoop);
    peer = client;
    localAddress = parent.localAddress();
    remoteAddress = client.localAddress;
    state = State.CONNECTED;
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public LocalServerChannel parent() {
    return (LocalServerChannel) super.parent();
  }

  @Override
  public LocalAddress localAddress() {
    return (LocalAddress) super.localAddress();
  }

  @Override
  public LocalAddress remoteAddress() {
    return (LocalAddress) super.remoteAddress();
  }

  @Override
  public boolean isOpen() {
    return state != State.CLOSED;
  }

  @Override
  public boolean isActive() {
    return state == State.CONNECTED;
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return localAddress;
  }

  @Override
  protected SocketAddress queryRemoteAddress() {
    return remoteAddress;
  }

  @Override
  protected void doBind(SocketAddress address) {
    localAddress = (LocalAddress) address;
  }

  @Override
  protected boolean doConnect(SocketAddress remote, SocketAddress local) throws IOException {
    if (state != State.OPEN) {
      throw new IllegalStateException("already connected: " + this);
    }
    LocalServerChannel server = LocalServerChannel.BOUND.get((LocalAddress) remote);
    if (server == null) {
      throw new ConnectException("Connection refused: " + remote);
    }
    if (local != null) {
      localAddress = (LocalAddress) local;
    } else if (localAddress == null) {
      localAddress = LocalAddress.ephemeral();
    }
    remoteAddress = (LocalAddress) remote;
    state = State.CONNECTING;
    server.serve(this);
    return false;
  }

  /** The server created our peer (on the server's loop). */
  void accepted(LocalChannel child) {
    peer = child;
    if (!isOpen()) {
      child.peerClosed(); // we gave up (timeout) meanwhile
    }
    wake(READY_CONNECT);
  }

  /** The server closed before it could accept us. */
  void refused() {
    refused = true;
    wake(READY_CONNECT);
  }

  @Override
  protected void doFinishConnect() throws IOException {
    if (refused || peer == null) {
      throw new ConnectException("Connection refused: " + remoteAddress);
    }
    state = State.CONNECTED;
  }

  @Override
  protected void doClose() {
    State previous = state;
    state = State.CLOSED;
    closeInbound();
    LocalChannel p = peer;
    if (p != null && previous == State.CONNECTED) {
      p.peerClosed();
    }
  }

  @Override
  protected void doShutdownInput() {
    closeInbound();
  }

  @Override
  protected void doShutdownOutput() {
    LocalChannel p = peer;
    if (p != null) {
      p.deliver(END_OF_STREAM);
      p.wake(READY_READ);
    }
  }

  private void peerClosed() {
    deliver(END_OF_STREAM);
    wake(READY_READ);
  }

  private void closeInbound() {
    inboundClosed = true;
    releaseInbound();
  }

  private void releaseInbound() {
    Object m;
    while ((m = inbound.poll()) != null) {
      ReferenceCountUtil.safeRelease(m);
    }
  }

  /**
   * Adds a message from the peer's loop. A message added while this end closes is released by
   * whichever side sees the other's write last (the closing side sets the flag, then drains).
   */
  private void deliver(Object msg) {
    inbound.add(msg);
    if (inboundClosed) {
      releaseInbound();
    }
  }

  private void wake(LocalIoHandler.Ready ready) {
    IoRegistration r = registration();
    if (r != null) {
      r.submit(ready);
    }
  }

  // ---- reading ----

  @Override
  protected void doBeginRead() {
    if (inputShutdown()) {
      return;
    }
    readPending = true;
    readInterested = true;
    if (!inbound.isEmpty()) {
      wake(READY_READ);
    }
  }

  private boolean inputShutdown() {
    return inboundClosed || isInputShutdown();
  }

  @Override
  protected void onAutoReadCleared() {
    readPending = false;
    readInterested = false;
  }

  private void readReady() {
    if (!readInterested || inputShutdown()) {
      return;
    }
    ChannelConfig config = config();
    int max = config.maxMessagesPerRead();
    boolean endOfStream = false;
    int read = 0;
    Object msg;
    while (read < max && isOpen() && (msg = inbound.poll()) != null) {
      if (msg == END_OF_STREAM) {
        endOfStream = true;
        break;
      }
      read++;
      readPending = false;
      pipeline().fireChannelRead(msg);
      if (!config.autoRead()) {
        break;
      }
    }
    if (read > 0) {
      readComplete();
    }
    if (endOfStream) {
      readInterested = false;
      inputClosed();
    } else if (!inbound.isEmpty() && readInterested && config.autoRead()) {
      wake(READY_READ); // more than one loop's worth: continue after other work
    }
    if (!readPending && !config.autoRead()) {
      readInterested = false;
    }
  }

  // ---- writing ----

  @Override
  protected Object filterOutboundMessage(Object msg) {
    return msg; // any object travels as it is
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws IOException {
    LocalChannel p = peer;
    Object msg;
    boolean delivered = false;
    while ((msg = in.current()) != null) {
      if (p == null || p.inboundClosed || !p.isOpen()) {
        throw new ClosedChannelException(); // the peer is gone: fails the flushed writes
      }
      if (msg instanceof FileRegion region) {
        deliverFile(p, region);
      } else {
        p.deliver(ReferenceCountUtil.retain(msg));
      }
      in.remove(); // releases our reference: the peer owns the message now
      delivered = true;
    }
    if (delivered) {
      p.wake(READY_READ);
    }
  }

  /** No zero-copy in memory: a file region arrives as buffers of its bytes. */
  private void deliverFile(LocalChannel p, FileRegion region) throws IOException {
    while (region.transferred() < region.count()) {
      int size = (int) Math.min(FILE_CHUNK, region.count() - region.transferred());
      ByteBuf chunk = config.allocator().buffer(size);
      try {
        region.transferTo(new BufferSink(chunk), region.transferred());
      } catch (IOException | RuntimeException e) {
        chunk.release();
        throw e;
      }
      p.deliver(chunk);
    }
  }

  /** Lets {@link FileRegion#transferTo} write into a buffer. */
  private static final class BufferSink implements WritableByteChannel {
    private final ByteBuf buf;

    BufferSink(ByteBuf buf) {
      this.buf = buf;
    }

    @Override
    public int write(ByteBuffer src) {
      int n = Math.min(src.remaining(), buf.writableBytes());
      ByteBuffer part = src.slice(src.position(), n);
      buf.writeBytes(part);
      src.position(src.position() + n);
      return n;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  /** What the local I/O handler delivers: a wake-up to read or to finish connecting. */
  private final class Handle implements IoHandle {
    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      long what = ((LocalIoHandler.Event) event).ops().value();
      if (what == CONNECTED) {
        finishConnect();
      } else {
        readReady();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
