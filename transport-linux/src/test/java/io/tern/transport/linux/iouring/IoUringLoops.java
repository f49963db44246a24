package io.tern.transport.linux.iouring;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.BufferRing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The shared set-up of the io_uring handler tests: one-thread loops over {@link IoUringIoHandler}s
 * in chosen {@link IoUringSettings}, the handler behind each loop, native memory for the test's
 * buffers, and the configurations every fallback runs in. Registered per test ({@code
 * RegisterExtension} on an instance field), it shuts its loops down and frees the memory after the
 * test.
 */
final class IoUringLoops implements AfterEachCallback {
  private final List<MultiThreadEventLoopGroup> groups = new CopyOnWriteArrayList<>();
  private final Map<EventLoop, IoUringIoHandler> handlers = new ConcurrentHashMap<>();
  private final Arena arena = Arena.ofShared();

  /** Full features, and each fallback the handler has. */
  static Stream<IoUringSettings> configurations() {
    IoUringSettings all = small();
    return Stream.of(
        all,
        all.withDeferTaskrun(false),
        all.withSingleIssuer(false),
        all.withIncrementalBuffers(false),
        all.withRegisteredRing(false).withBufferRings(false));
  }

  /** Every feature the kernel has, with a 64-entry submission queue. */
  static IoUringSettings small() {
    return IoUringSettings.fromProperties().withRingSize(64, 128);
  }

  /** Native memory freed after the test. */
  Arena arena() {
    return arena;
  }

  /** A new one-thread loop over an io_uring handler in {@code settings}. */
  EventLoop newLoop(IoUringSettings settings) {
    IoHandlerFactory factory = IoUringIoHandler.newFactory(settings);
    MultiThreadEventLoopGroup group =
        new MultiThreadEventLoopGroup(
            1,
            l -> {
              IoUringIoHandler h = (IoUringIoHandler) factory.newHandler(l);
              handlers.put(l, h);
              return h;
            });
    groups.add(group);
    return group.next();
  }

  /** The handler of a loop this fixture created. */
  IoUringIoHandler handler(EventLoop loop) {
    return handlers.get(loop);
  }

  /** Shuts a loop of this fixture down now (its handles closed, its requests drained). */
  void shutDown(EventLoop loop) throws InterruptedException {
    for (MultiThreadEventLoopGroup g : List.copyOf(groups)) {
      if (g.next() == loop) {
        groups.remove(g);
        g.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      }
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    for (MultiThreadEventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
    arena.close();
  }

  /** Runs {@code task} on the loop and returns its result (10 s hang guard). */
  static <T> T onLoop(EventLoop loop, Callable<T> task) throws Exception {
    return loop.submit(task).get(10, TimeUnit.SECONDS);
  }

  /** The loop's provided buffer ring; loop thread only. */
  static BufferRing bufferRingOf(IoUringIoHandler handler) {
    try {
      return handler.bufferRing();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The ring buffer (or piece of one) a receive completion carries; loop thread only. */
  static ByteBuf takeBuffer(IoUringIoHandler handler, IoUringIoEvent ev) {
    return bufferRingOf(handler).take(ev.bufferId(), ev.res(), ev.flags());
  }

  /** Gives back the ring buffer a completion without data carried; loop thread only. */
  static void recycleBuffer(IoUringIoHandler handler, IoUringIoEvent ev) {
    bufferRingOf(handler).recycle(ev.bufferId());
  }

  /** An io_uring handle over a socket (or none), with a callback; closing closes the socket. */
  static final class TestHandle implements IoUringIoHandle {
    final Socket socket;
    final BiConsumer<IoRegistration, IoUringIoEvent> onEvent;
    final AtomicBoolean closed = new AtomicBoolean();

    TestHandle(Socket socket, BiConsumer<IoRegistration, IoUringIoEvent> onEvent) {
      this.socket = socket;
      this.onEvent = onEvent;
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      onEvent.accept(registration, (IoUringIoEvent) event);
    }

    @Override
    public void close() throws Exception {
      closed.set(true);
      if (socket != null) {
        socket.close();
      }
    }
  }
}
