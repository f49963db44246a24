package io.tern.transport.linux.epoll;

import static io.tern.transport.linux.TestStrings.ascii;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.iouring.IoUringIoHandle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(FdLeakCheck.class)
class EpollIoHandlerTest {
  private final List<MultiThreadEventLoopGroup> groups = new ArrayList<>();
  private final Arena arena = Arena.ofShared();

  @AfterEach
  void shutDown() {
    for (MultiThreadEventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
    arena.close();
  }

  private final java.util.Map<EventLoop, EpollIoHandler> handlers =
      new java.util.concurrent.ConcurrentHashMap<>();

  private EventLoop newLoop(boolean pwait2) {
    IoHandlerFactory factory = EpollIoHandler.newFactory(pwait2, 16);
    MultiThreadEventLoopGroup group =
        new MultiThreadEventLoopGroup(
            1,
            l -> {
              EpollIoHandler h = (EpollIoHandler) factory.newHandler(l);
              handlers.put(l, h);
              return h;
            });
    groups.add(group);
    return group.next();
  }

  private EpollIoHandler handlerOf(EventLoop loop) {
    return handlers.get(loop);
  }

  @Test
  void epollIsAvailableHere() {
    // This machine runs Linux with epoll: unavailability is a failure, never a skip.
    assertThat(Epoll.unavailabilityCause()).isNull();
    assertThat(Epoll.isAvailable()).isTrue();
  }

  @ParameterizedTest(name = "pwait2={0}")
  @ValueSource(booleans = {true, false})
  void usesEpollPwait2WhenAllowedElseTheTimerfd(boolean pwait2) throws Exception {
    EventLoop loop = newLoop(pwait2);
    EpollIoHandler handler = handlerOf(loop);
    assertThat(handler.usesPwait2()).isEqualTo(pwait2);
  }

  @ParameterizedTest(name = "pwait2={0}")
  @ValueSource(booleans = {true, false})
  void noWakeupIsLostUnderCrossThreadSubmissions(boolean pwait2) throws Exception {
    EventLoop loop = newLoop(pwait2);
    // Each round waits for the previous task, so the loop is (nearly always) asleep in epoll when
    // the next one is submitted: a lost wake-up would hang a round.
    for (int i = 0; i < 2_000; i++) {
      int round = i;
      assertThat(loop.submit(() -> round).get(10, TimeUnit.SECONDS)).isEqualTo(round);
    }
    // Concurrent submitters racing for the single wake-up per wait.
    AtomicInteger ran = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    for (int i = 0; i < 500; i++) {
                      loop.submit(ran::incrementAndGet).syncUninterruptibly();
                    }
                  }));
    }
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(30));
      assertThat(t.isAlive()).as("submitter finished").isFalse();
    }
    assertThat(ran.get()).isEqualTo(2_000);
  }

  @ParameterizedTest(name = "pwait2={0}")
  @ValueSource(booleans = {true, false})
  void scheduledDeadlinesEndTheWaitWithoutAWakeup(boolean pwait2) throws Exception {
    EventLoop loop = newLoop(pwait2);
    List<Integer> order = new CopyOnWriteArrayList<>();
    Promise<Void> done = loop.newPromise();
    // Scheduled from the loop itself, so no wakeup() is ever sent: only the handler's timeout
    // (pwait2's timespec or the timerfd) can end the waits. Sub-millisecond delays included.
    // A chain of deadlines, each scheduled by the previous task on the loop itself, so no
    // wakeup() is ever sent: only the handler's timeout can end each wait. Sub-millisecond
    // delays included; the chain also runs after a long first wait.
    loop.execute(
        () ->
            loop.schedule(
                () -> {
                  order.add(1);
                  loop.schedule(
                      () -> {
                        order.add(2);
                        loop.schedule(
                            () -> {
                              order.add(3);
                              done.setSuccess(null);
                            },
                            3,
                            TimeUnit.MILLISECONDS);
                      },
                      700,
                      TimeUnit.MICROSECONDS);
                },
                200,
                TimeUnit.MICROSECONDS));
    done.get(10, TimeUnit.SECONDS);
    assertThat(order).containsExactly(1, 2, 3);
  }

  @Test
  void readinessOfASocketPairReachesTheHandle() throws Exception {
    EventLoop loop = newLoop(true);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment buf = arena.allocate(64);
    Promise<String> received = loop.newPromise();
    TestHandle handle =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.isAny(EpollIoOps.EPOLLIN)) {
                long n = pair[0].recv(buf.address(), 64);
                received.trySuccess(ascii(buf, n));
              }
            });
    try (Socket peer = pair[1]) {
      IoRegistration reg = loop.register(handle).get(10, TimeUnit.SECONDS);
      loop.submit(() -> reg.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)))
          .get(10, TimeUnit.SECONDS);
      MemorySegment msg = arena.allocateFrom("ready", StandardCharsets.US_ASCII);
      assertThat(peer.send(msg.address(), 5)).isEqualTo(5);
      assertThat(received.get(10, TimeUnit.SECONDS)).isEqualTo("ready");
      loop.submit(reg::cancel).get(10, TimeUnit.SECONDS);
    } finally {
      pair[0].close();
    }
  }

  @Test
  void aHandleAskingToReadAgainIsCalledOncePerWaitWithoutANewEdge() throws Exception {
    EventLoop loop = newLoop(true);
    EpollIoHandler handler = handlerOf(loop);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment buf = arena.allocate(1);
    java.util.List<Long> waitsAtRead = new java.util.concurrent.CopyOnWriteArrayList<>();
    Promise<Void> done = loop.newPromise();
    TestHandle handle =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              // One byte per call: edge-triggered, what is left announces itself no more.
              if (ev.isAny(EpollIoOps.EPOLLIN) && pair[0].recv(buf.address(), 1) == 1) {
                waitsAtRead.add(handler.waits());
                if (waitsAtRead.size() < 8) {
                  handler.readAgain((EpollRegistration) reg.attachment());
                } else {
                  done.trySuccess(null);
                }
              }
            });
    try (Socket peer = pair[1]) {
      IoRegistration reg = loop.register(handle).get(10, TimeUnit.SECONDS);
      loop.submit(() -> reg.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)))
          .get(10, TimeUnit.SECONDS);
      MemorySegment msg = arena.allocateFrom("eight by", StandardCharsets.US_ASCII);
      assertThat(peer.send(msg.address(), 8)).isEqualTo(8);
      done.get(10, TimeUnit.SECONDS);
      // Each call after the first came from a later epoll_wait, never twice from one.
      assertThat(waitsAtRead).hasSize(8).isSorted().doesNotHaveDuplicates();
      loop.submit(reg::cancel).get(10, TimeUnit.SECONDS);
    } finally {
      pair[0].close();
    }
  }

  @Test
  void loopbackTcpAcceptConnectAndGatheringWrite() throws Exception {
    EventLoop loop = newLoop(true);
    Socket server = Socket.newStream(AF_INET);
    Socket client = Socket.newStream(AF_INET);
    List<Socket> accepted = new CopyOnWriteArrayList<>();
    Promise<String> serverGot = loop.newPromise();
    Promise<String> clientGot = loop.newPromise();
    MemorySegment buf = arena.allocate(64);
    MemorySegment pong1 = arena.allocateFrom("po", StandardCharsets.US_ASCII);
    MemorySegment pong2 = arena.allocateFrom("ng", StandardCharsets.US_ASCII);
    try {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      server.listen(8);
      InetSocketAddress address = (InetSocketAddress) server.localAddress();
      TestHandle[] child = new TestHandle[1];
      TestHandle listener =
          new TestHandle(
              server,
              (reg, ev) -> {
                int fd;
                while ((fd = server.accept(MemorySegment.NULL)) >= 0) {
                  Socket s = new Socket(fd, AF_INET);
                  accepted.add(s);
                  child[0] =
                      new TestHandle(
                          s,
                          (r2, e2) -> {
                            long n = s.recv(buf.address(), 64);
                            if (n > 0) {
                              serverGot.trySuccess(ascii(buf, n));
                              try (IovArray iov = new IovArray(2, Long.MAX_VALUE)) {
                                iov.add(pong1.address(), 2);
                                iov.add(pong2.address(), 2);
                                assertThat(s.writev(iov)).isEqualTo(4);
                              }
                            }
                          });
                  loop.register(child[0])
                      .addListener(f -> f.getNow().submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)));
                }
                assertThat(fd).isEqualTo(-Errno.EAGAIN);
              });
      TestHandle connector =
          new TestHandle(
              client,
              (reg, ev) -> {
                if (ev.isAny(EpollIoOps.EPOLLOUT)) {
                  try {
                    client.finishConnect();
                  } catch (java.io.IOException e) {
                    clientGot.tryFailure(e);
                    return;
                  }
                  MemorySegment ping = arena.allocateFrom("ping", StandardCharsets.US_ASCII);
                  assertThat(client.send(ping.address(), 4)).isEqualTo(4);
                  reg.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)); // drop OUT interest
                }
                if (ev.isAny(EpollIoOps.EPOLLIN)) {
                  MemorySegment in = arena.allocate(64);
                  long n = client.recv(in.address(), 64);
                  if (n > 0) {
                    clientGot.trySuccess(ascii(in, n));
                  }
                }
              });
      Future<?> setup =
          loop.submit(
              () -> {
                IoRegistration l = loop.register(listener).syncUninterruptibly().getNow();
                l.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN));
                IoRegistration c = loop.register(connector).syncUninterruptibly().getNow();
                try {
                  client.connect(address);
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                c.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLOUT | EpollIoOps.EPOLLIN));
              });
      setup.get(10, TimeUnit.SECONDS);
      assertThat(serverGot.get(10, TimeUnit.SECONDS)).isEqualTo("ping");
      assertThat(clientGot.get(10, TimeUnit.SECONDS)).isEqualTo("pong");
    } finally {
      loop.submit(() -> {}).get(10, TimeUnit.SECONDS);
      groups.remove(groups.size() - 1).shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      for (Socket s : accepted) {
        s.close();
      }
      client.close();
      server.close();
    }
  }

  @Test
  void cancelledRegistrationGetsNoEventsEvenWhenItsSlotIsReused() throws Exception {
    EventLoop loop = newLoop(true);
    Socket[] a = Socket.pair(LinuxConstants.SOCK_STREAM);
    Socket[] b = Socket.pair(LinuxConstants.SOCK_STREAM);
    AtomicInteger aEvents = new AtomicInteger();
    Promise<Void> bReadable = loop.newPromise();
    TestHandle ha = new TestHandle(a[0], (r, e) -> aEvents.incrementAndGet());
    TestHandle hb = new TestHandle(b[0], (r, e) -> bReadable.trySuccess(null));
    try {
      IoRegistration ra = loop.register(ha).get(10, TimeUnit.SECONDS);
      EpollIoHandler handler = handlerOf(loop);
      loop.submit(
              () -> {
                ra.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN));
                assertThat(ra.cancel()).isTrue();
                assertThat(ra.cancel()).isFalse();
                assertThat(ra.isValid()).isFalse();
              })
          .get(10, TimeUnit.SECONDS);
      IoRegistration rb = loop.register(hb).get(10, TimeUnit.SECONDS);
      loop.submit(() -> rb.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)))
          .get(10, TimeUnit.SECONDS);
      MemorySegment x = arena.allocateFrom("x", StandardCharsets.US_ASCII);
      a[1].send(x.address(), 1);
      b[1].send(x.address(), 1);
      bReadable.get(10, TimeUnit.SECONDS);
      loop.submit(() -> {}).get(10, TimeUnit.SECONDS);
      assertThat(aEvents.get()).isZero();
      assertThat(loop.submit(handler::registeredHandles).get(10, TimeUnit.SECONDS)).isEqualTo(1);
    } finally {
      for (Socket s : a) {
        s.close();
      }
      for (Socket s : b) {
        s.close();
      }
    }
  }

  @Test
  void cancelFromAnotherThreadWhileEventsFlowStopsThem() throws Exception {
    EventLoop loop = newLoop(true);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = arena.allocate(4096);
    MemorySegment out = arena.allocate(64);
    AtomicInteger events = new AtomicInteger();
    AtomicInteger bytes = new AtomicInteger();
    TestHandle h =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              events.incrementAndGet();
              long n;
              while ((n = pair[0].recv(in.address(), 4096)) > 0) {
                bytes.addAndGet((int) n);
              }
            });
    AtomicBoolean stop = new AtomicBoolean();
    Thread writer = null;
    try {
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      loop.submit(() -> reg.submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)))
          .get(10, TimeUnit.SECONDS);
      writer =
          Thread.ofPlatform()
              .start(
                  () -> {
                    for (int i = 0; i < 50_000 && !stop.get(); i++) {
                      pair[1].send(out.address(), 64);
                    }
                  });
      while (bytes.get() < 64 * 16) {
        loop.submit(() -> {}).get(10, TimeUnit.SECONDS);
      }
      assertThat(reg.cancel()).isTrue(); // from this thread: handed to the loop
      loop.submit(() -> {}).get(10, TimeUnit.SECONDS); // the deregistration ran
      int seen = events.get();
      for (int i = 0; i < 5; i++) {
        loop.submit(() -> {}).get(10, TimeUnit.SECONDS);
      }
      assertThat(events.get()).isEqualTo(seen);
      assertThat(handlerOf(loop).registeredHandles()).isZero();
    } finally {
      stop.set(true);
      if (writer != null) {
        writer.join(TimeUnit.SECONDS.toMillis(10));
      }
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void eventArrayGrowsWhenAWaitFillsIt() throws Exception {
    EventLoop loop = newLoop(true);
    EpollIoHandler handler = handlerOf(loop);
    int n = 40;
    List<Socket> sockets = new ArrayList<>();
    AtomicInteger readable = new AtomicInteger();
    Promise<Void> all = loop.newPromise();
    try {
      List<IoRegistration> regs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
        sockets.add(pair[0]);
        sockets.add(pair[1]);
        regs.add(
            loop.register(
                    new TestHandle(
                        pair[0],
                        (r, e) -> {
                          if (readable.incrementAndGet() == n) {
                            all.trySuccess(null);
                          }
                        }))
                .get(10, TimeUnit.SECONDS));
      }
      MemorySegment x = arena.allocateFrom("x", StandardCharsets.US_ASCII);
      // Make all readable before the loop looks, so one epoll_wait sees more than 16.
      loop.submit(
              () -> {
                for (int i = 0; i < n; i++) {
                  sockets.get(2 * i + 1).send(x.address(), 1);
                  regs.get(i).submit(EpollIoOps.valueOf(EpollIoOps.EPOLLIN));
                }
              })
          .get(10, TimeUnit.SECONDS);
      all.get(10, TimeUnit.SECONDS);
      assertThat(loop.submit(handler::eventCapacity).get(10, TimeUnit.SECONDS)).isGreaterThan(16);
    } finally {
      for (Socket s : sockets) {
        s.close();
      }
    }
  }

  @Test
  void shutdownClosesRegisteredHandles() throws Exception {
    MultiThreadEventLoopGroup group = new MultiThreadEventLoopGroup(1, EpollIoHandler.newFactory());
    EventLoop loop = group.next();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    TestHandle handle = new TestHandle(pair[0], (r, e) -> {});
    loop.register(handle).get(10, TimeUnit.SECONDS);
    assertThat(loop.metrics().registeredHandles()).isEqualTo(1);
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    assertThat(handle.closed.get()).isTrue();
    assertThat(pair[0].isOpen()).isFalse();
    pair[1].close();
  }

  @Test
  void onlyEpollHandlesAreCompatible() throws Exception {
    EventLoop loop = newLoop(true);
    assertThat(loop.isCompatible(TestHandle.class)).isTrue();
    assertThat(loop.isCompatible(IoUringIoHandle.class)).isFalse();
  }

  @Test
  void opsDescribeAndCombineInterest() {
    EpollIoOps in = EpollIoOps.valueOf(EpollIoOps.EPOLLIN);
    assertThat(EpollIoOps.valueOf(EpollIoOps.EPOLLIN)).isSameAs(in);
    assertThat(in.with(EpollIoOps.EPOLLOUT).contains(EpollIoOps.EPOLLOUT)).isTrue();
    assertThat(in.with(EpollIoOps.EPOLLRDHUP).without(EpollIoOps.EPOLLIN).events())
        .isEqualTo(EpollIoOps.EPOLLRDHUP);
    assertThat(in.with(EpollIoOps.EPOLLOUT)).hasToString("EpollIoOps(IN|OUT)");
  }

  /** An epoll handle over a socket, with a callback. */
  static final class TestHandle implements EpollIoHandle {
    final Socket socket;
    final BiConsumer<IoRegistration, EpollIoEvent> onEvent;
    final java.util.concurrent.atomic.AtomicBoolean closed =
        new java.util.concurrent.atomic.AtomicBoolean();

    TestHandle(Socket socket, BiConsumer<IoRegistration, EpollIoEvent> onEvent) {
      this.socket = socket;
      this.onEvent = onEvent;
    }

    @Override
    public int fd() {
      return socket.intValue();
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      onEvent.accept(registration, (EpollIoEvent) event);
    }

    @Override
    public void close() throws Exception {
      closed.set(true);
      socket.close();
    }
  }
}
