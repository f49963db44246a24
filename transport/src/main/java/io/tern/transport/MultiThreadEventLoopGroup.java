package io.tern.transport;

import io.tern.common.SystemProperties;
import io.tern.common.concurrent.DefaultThreadFactory;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.EventExecutorChooserFactory;
import io.tern.common.concurrent.MultiThreadEventExecutorGroup;
import io.tern.common.concurrent.Ticker;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The one {@link EventLoopGroup}: a fixed number of {@link SingleThreadEventLoop}s, each running an
 * {@link IoHandler} from the given factory, so NIO, epoll, io_uring and local transports all share
 * this class. The default size is {@code io.tern.transport.eventLoopThreads}, else 2 × available
 * processors.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use a group.
 *
 * <h2>Ownership</h2>
 *
 * <p>The group owns its loops and their handlers, and releases them on shutdown; it holds no
 * reference-counted objects of its own.
 */
public class MultiThreadEventLoopGroup extends MultiThreadEventExecutorGroup
    implements EventLoopGroup {
  /** The default number of loops. */
  public static final int DEFAULT_THREADS =
      Math.max(
          1,
          SystemProperties.getInt(
              "io.tern.transport.eventLoopThreads",
              2 * Runtime.getRuntime().availableProcessors()));

  private final ThreadFactory threadFactory;
  private final IoHandlerFactory ioHandlerFactory;
  private final Ticker ticker;

  /**
   * Creates a group of {@link #DEFAULT_THREADS} loops.
   *
   * @param ioHandlerFactory creates each loop's I/O handler
   */
  public MultiThreadEventLoopGroup(IoHandlerFactory ioHandlerFactory) {
    this(0, ioHandlerFactory);
  }

  /**
   * Creates a group.
   *
   * @param nThreads the number of loops; 0 means {@link #DEFAULT_THREADS}
   * @param ioHandlerFactory creates each loop's I/O handler
   */
  public MultiThreadEventLoopGroup(int nThreads, IoHandlerFactory ioHandlerFactory) {
    this(
        nThreads,
        new DefaultThreadFactory("eventloop", false),
        ioHandlerFactory,
        EventExecutorChooserFactory.roundRobin(),
        Ticker.system());
  }

  /**
   * Creates a group with every knob.
   *
   * @param nThreads the number of loops; 0 means {@link #DEFAULT_THREADS}
   * @param threadFactory creates the loop threads
   * @param ioHandlerFactory creates each loop's I/O handler
   * @param chooserFactory picks {@link #next()}
   * @param ticker the loops' clock
   */
  public MultiThreadEventLoopGroup(
      int nThreads,
      ThreadFactory threadFactory,
      IoHandlerFactory ioHandlerFactory,
      EventExecutorChooserFactory chooserFactory,
      Ticker ticker) {
    this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
    this.ioHandlerFactory = Objects.requireNonNull(ioHandlerFactory, "ioHandlerFactory");
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    super(nThreads == 0 ? DEFAULT_THREADS : nThreads, chooserFactory);
  }

  @Override
  protected EventExecutor newChild(int index) {
    return new SingleThreadEventLoop(
        this,
        threadFactory,
        ioHandlerFactory,
        ticker,
        SingleThreadEventLoop.DEFAULT_TASK_QUANTUM_NANOS);
  }

  @Override
  public EventLoop next() {
    return (EventLoop) super.next();
  }
}
