package io.tern.transport.embedded;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.internal.EmbeddedEventLoop;
import io.tern.transport.spi.AbstractChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * A channel without I/O, for testing handlers: inbound messages are fed with {@link #writeInbound}
 * and what reaches the pipeline's tail is collected for {@link #readInbound}; flushed writes are
 * collected for {@link #readOutbound}. It is registered and active from construction, and behaves
 * like any other channel otherwise (configuration, attributes, outbound buffer and water marks,
 * close events).
 *
 * <p>Time: the loop's clock ({@link #ticker()}) is frozen at zero and moves only through {@link
 * #advanceTimeBy}, so scheduled tasks (timeouts, idle events) run exactly when a test says. Closing
 * the channel runs what is due and cancels the rest.
 *
 * <h2>Threading</h2>
 *
 * <p>One thread at a time. Events run on the calling thread; tasks submitted to {@link
 * #eventLoop()} queue until {@link #runPendingTasks()}, which every {@code write*}/{@code finish}
 * method calls.
 *
 * <h2>Ownership</h2>
 *
 * <p>Messages returned by {@code readInbound}/{@code readOutbound} belong to the caller; those
 * never read are released by {@link #finishAndReleaseAll()}, {@link #releaseInbound()} and {@link
 * #releaseOutbound()}. An exception that reaches the tail is kept and rethrown by {@link
 * #checkException()}.
 */
public final class EmbeddedChannel extends AbstractChannel {
  private static final SocketAddress LOCAL = new EmbeddedAddress("embedded-local");
  private static final SocketAddress REMOTE = new EmbeddedAddress("embedded-remote");
  private static final IoHandle NO_IO = new NoIo();

  private final DefaultChannelConfig config = new DefaultChannelConfig(this);
  private final Queue<Object> inbound = new ArrayDeque<>();
  private final Queue<Object> outbound = new ArrayDeque<>();
  private boolean open = true;
  private Throwable exception;

  /**
   * Creates an open, registered and active channel with the given handlers.
   *
   * @param handlers handlers added to the pipeline in order
   */
  public EmbeddedChannel(ChannelHandler... handlers) {
    super(null, new EmbeddedEventLoop());
    closeFuture()
        .addListener(
            f -> {
              loop().runPendingTasks();
              loop().cancelScheduled();
            });
    pipeline().addLast(handlers);
    register();
    runPendingTasks();
  }

  private EmbeddedEventLoop loop() {
    return (EmbeddedEventLoop) eventLoop();
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public boolean isActive() {
    return open;
  }

  /**
   * Fires each message through the pipeline, then a read-complete event.
   *
   * @param msgs the messages; the channel owns them from now on
   * @return whether anything reached the tail (is readable with {@link #readInbound()})
   * @throws UncheckedIOException wrapping {@link ClosedChannelException} if the channel is closed
   */
  public boolean writeInbound(Object... msgs) {
    if (!open) {
      for (Object m : msgs) {
        ReferenceCountUtil.release(m);
      }
      recordException(new ClosedChannelException());
    } else {
      for (Object m : msgs) {
        pipeline().fireChannelRead(m);
      }
      readComplete();
    }
    runPendingTasks();
    checkException();
    return !inbound.isEmpty();
  }

  /**
   * Writes each message from the tail, then flushes.
   *
   * @param msgs the messages; the channel owns them from now on
   * @return whether anything was written (is readable with {@link #readOutbound()})
   * @throws RuntimeException the first write failure (checked ones wrapped)
   */
  public boolean writeOutbound(Object... msgs) {
    List<Future<Void>> futures = new ArrayList<>(msgs.length);
    for (Object m : msgs) {
      futures.add(write(m));
    }
    flush();
    runPendingTasks();
    for (Future<Void> f : futures) {
      if (f.isDone() && f.cause() != null) {
        recordException(f.cause());
      }
    }
    checkException();
    return !outbound.isEmpty();
  }

  /**
   * Takes the next message that reached the tail of the pipeline.
   *
   * @param <T> the expected type
   * @return the message, owned by the caller, or {@code null}
   */
  @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
  public <T> T readInbound() {
    return (T) inbound.poll();
  }

  /**
   * Takes the next flushed outbound message.
   *
   * @param <T> the expected type
   * @return the message, owned by the caller, or {@code null}
   */
  @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
  public <T> T readOutbound() {
    return (T) outbound.poll();
  }

  /**
   * Returns the messages that reached the tail and were not read yet.
   *
   * @return the live queue (messages in it are owned by the channel until polled)
   */
  public Queue<Object> inboundMessages() {
    return inbound;
  }

  /**
   * Returns the flushed messages not read yet.
   *
   * @return the live queue (messages in it are owned by the channel until polled)
   */
  public Queue<Object> outboundMessages() {
    return outbound;
  }

  /**
   * Closes the channel and rethrows a recorded exception.
   *
   * @return whether unread inbound or outbound messages are left
   */
  public boolean finish() {
    close();
    runPendingTasks();
    checkException();
    return !inbound.isEmpty() || !outbound.isEmpty();
  }

  /**
   * Closes the channel, releases every unread message and rethrows a recorded exception.
   *
   * @return whether unread messages were left (and released)
   */
  public boolean finishAndReleaseAll() {
    close();
    runPendingTasks();
    boolean releasedInbound = releaseInbound();
    boolean any = releaseOutbound() || releasedInbound;
    checkException();
    return any;
  }

  /**
   * Releases every unread inbound message.
   *
   * @return whether there were any
   */
  public boolean releaseInbound() {
    return releaseAll(inbound);
  }

  /**
   * Releases every unread outbound message.
   *
   * @return whether there were any
   */
  public boolean releaseOutbound() {
    return releaseAll(outbound);
  }

  private static boolean releaseAll(Queue<Object> queue) {
    boolean any = !queue.isEmpty();
    Object m;
    while ((m = queue.poll()) != null) {
      ReferenceCountUtil.release(m);
    }
    return any;
  }

  /** Runs the tasks queued on {@link #eventLoop()} and the scheduled tasks that are due. */
  public void runPendingTasks() {
    loop().runPendingTasks();
  }

  /**
   * Runs what is due, then tells how long until the next scheduled task.
   *
   * @return nanoseconds until the next scheduled task is due, or -1 if none is scheduled
   */
  public long runScheduledPendingTasks() {
    return loop().runScheduledPendingTasks();
  }

  /**
   * Moves the channel's frozen clock forward and runs the tasks that became due.
   *
   * @param amount how far, 0 or more
   * @param unit the unit of {@code amount}
   */
  public void advanceTimeBy(long amount, TimeUnit unit) {
    loop().advanceTimeBy(amount, unit);
  }

  /**
   * Returns the clock the channel's loop schedules against.
   *
   * @return the frozen clock
   */
  public Ticker ticker() {
    return loop().ticker();
  }

  /**
   * Rethrows (once) the first exception that reached the tail of the pipeline or failed a write;
   * later ones are attached as suppressed. Unchecked exceptions are thrown as they are, I/O
   * exceptions wrapped in {@link UncheckedIOException}, other checked ones in a {@link
   * RuntimeException}.
   */
  public void checkException() {
    Throwable t = exception;
    if (t == null) {
      return;
    }
    exception = null;
    switch (t) {
      case RuntimeException e -> throw e;
      case Error e -> throw e;
      case IOException e -> throw new UncheckedIOException(e);
      default -> throw new RuntimeException(t);
    }
  }

  private void recordException(Throwable t) {
    if (exception == null) {
      exception = t;
    } else if (exception != t) {
      exception.addSuppressed(t);
    }
  }

  // ---- transport ----

  @Override
  protected IoHandle ioHandle() {
    return NO_IO;
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return LOCAL;
  }

  @Override
  protected SocketAddress queryRemoteAddress() {
    return REMOTE;
  }

  /** Any address: the embedded channel's own are placeholders, so tests may put real ones in. */
  @Override
  protected boolean isCompatibleRemoteAddress(SocketAddress current, SocketAddress replacement) {
    return true;
  }

  @Override
  protected void doBind(SocketAddress localAddress) {}

  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress) {
    return true;
  }

  @Override
  protected void doClose() {
    open = false;
  }

  @Override
  protected void doBeginRead() {}

  @Override
  protected Object filterOutboundMessage(Object msg) {
    return msg; // any message type: tests read it back as written
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) {
    Object msg;
    while ((msg = in.current()) != null) {
      outbound.add(ReferenceCountUtil.retain(msg));
      in.remove(); // releases the buffer's reference: ownership moved to the queue
    }
  }

  @Override
  protected void onUnhandledInboundMessage(Object msg) {
    inbound.add(msg);
  }

  @Override
  protected void onUnhandledInboundException(Throwable cause) {
    recordException(cause);
  }

  /** The channel's fixed, fake addresses. */
  private static final class EmbeddedAddress extends SocketAddress {
    private final String name;

    EmbeddedAddress(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** Registered with the embedded loop, which never reports I/O. */
  private static final class NoIo implements IoHandle {
    @Override
    public void handle(IoRegistration registration, IoEvent event) {}

    @Override
    public void close() {}
  }
}
