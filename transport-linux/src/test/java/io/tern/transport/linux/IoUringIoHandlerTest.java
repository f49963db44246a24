package io.tern.transport.linux;

import static io.tern.transport.linux.EpollIoHandlerTest.ascii;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.SockAddr;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.BufferRing;
import io.tern.transport.linux.internal.uring.IoUringConstants;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The io_uring handler over real sockets, in the configuration this kernel supports fully and in
 * configurations with features turned off, so each fallback runs here too.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringIoHandlerTest {
  private final List<MultiThreadEventLoopGroup> groups = new ArrayList<>();
  private final Map<EventLoop, IoUringIoHandler> handlers = new ConcurrentHashMap<>();
  private final Arena arena = Arena.ofShared();

  @AfterEach
  void shutDown() {
    for (MultiThreadEventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
    arena.close();
  }

  /** Full features, and each fallback the handler has. */
  static Stream<IoUringSettings> configurations() {
    IoUringSettings all = IoUringSettings.fromProperties().withRingSize(64, 128);
    return Stream.of(
        all,
        all.withDeferTaskrun(false),
        all.withSingleIssuer(false),
        all.withIncrementalBuffers(false),
        all.withRegisteredRing(false).withBufferRings(false));
  }

  private EventLoop newLoop(IoUringSettings settings) {
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

  private static <T> T onLoop(EventLoop loop, java.util.concurrent.Callable<T> task)
      throws Exception {
    return loop.submit(task).get(10, TimeUnit.SECONDS);
  }

  @Test
  void ioUringAndItsFeaturesAreAvailableHere() {
    // io_uring with DEFER_TASKRUN and SINGLE_ISSUER works on this machine (see PEERS.md):
    // unavailability is a failure, never a skip.
    assertThat(IoUring.unavailabilityCause()).isNull();
    assertThat(IoUring.isAvailable()).isTrue();
    assertThat(IoUring.isSetupSingleIssuerSupported()).isTrue();
    assertThat(IoUring.isSetupDeferTaskrunSupported()).isTrue();
    assertThat(IoUring.isRegisterRingFdSupported()).isTrue();
    assertThat(IoUring.isRegisterBufferRingSupported()).isTrue();
    assertThat(IoUring.isAcceptMultishotSupported()).isTrue();
    assertThat(IoUring.isRecvMultishotSupported()).isTrue();
    assertThat(IoUring.isSendZcSupported()).isTrue();
    assertThat(IoUring.isMsgRingSupported()).isTrue();
    assertThat(IoUring.isCancelByFdSupported()).isTrue();
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void ringIsSetUpWithTheAllowedFeatures(IoUringSettings settings) throws Exception {
    EventLoop loop = newLoop(settings);
    IoUringIoHandler h = handlers.get(loop);
    int flags = onLoop(loop, h::setupFlags);
    assertThat((flags & IoUringConstants.SETUP_SINGLE_ISSUER) != 0)
        .isEqualTo(settings.singleIssuer());
    assertThat((flags & IoUringConstants.SETUP_DEFER_TASKRUN) != 0)
        .isEqualTo(settings.singleIssuer() && settings.deferTaskrun());
    assertThat(onLoop(loop, h::isRingFdRegistered)).isEqualTo(settings.registeredRing());
    assertThat(onLoop(loop, () -> h.bufferRing() != null)).isEqualTo(settings.bufferRings());
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void noWakeupIsLostUnderCrossThreadSubmissions(IoUringSettings settings) throws Exception {
    EventLoop loop = newLoop(settings);
    for (int i = 0; i < 2_000; i++) {
      int round = i;
      assertThat(loop.submit(() -> round).get(10, TimeUnit.SECONDS)).isEqualTo(round);
    }
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

  @ParameterizedTest
  @MethodSource("configurations")
  void scheduledDeadlinesEndTheWaitWithoutAWakeup(IoUringSettings settings) throws Exception {
    EventLoop loop = newLoop(settings);
    List<Integer> order = new CopyOnWriteArrayList<>();
    Promise<Void> done = loop.newPromise();
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

  @ParameterizedTest
  @MethodSource("configurations")
  void recvAndSendCompleteOnASocketPair(IoUringSettings settings) throws Exception {
    EventLoop loop = newLoop(settings);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = arena.allocate(64);
    MemorySegment out = arena.allocateFrom("hello", StandardCharsets.US_ASCII);
    Promise<String> received = loop.newPromise();
    Promise<Integer> sent = loop.newPromise();
    TestHandle h0 =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_RECV) {
                received.trySuccess(ev.res() < 0 ? "error " + ev.res() : ascii(in, ev.res()));
              }
            });
    TestHandle h1 =
        new TestHandle(
            pair[1],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_SEND) {
                assertThat(ev.data()).isEqualTo((short) 7);
                sent.trySuccess(ev.res());
              }
            });
    IoRegistration r0 = loop.register(h0).get(10, TimeUnit.SECONDS);
    IoRegistration r1 = loop.register(h1).get(10, TimeUnit.SECONDS);
    long recvId =
        onLoop(
            loop,
            () ->
                r0.submit(
                    IoUringIoOps.newRecv(pair[0].intValue(), in.address(), 64, 0, (short) 1)));
    assertThat(recvId).isPositive();
    onLoop(
        loop,
        () ->
            r1.submit(
                IoUringIoOps.newSend(
                    pair[1].intValue(), out.address(), 5, LinuxConstants.MSG_NOSIGNAL, (short) 7)));
    assertThat(sent.get(10, TimeUnit.SECONDS)).isEqualTo(5);
    assertThat(received.get(10, TimeUnit.SECONDS)).isEqualTo("hello");
    IoUringIoHandler h = handlers.get(loop);
    assertThat(onLoop(loop, h::inflight)).isZero();
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void loopbackTcpWithAcceptConnectRecvAndWritev(IoUringSettings settings) throws Exception {
    EventLoop loop = newLoop(settings);
    IoUringIoHandler handler = handlers.get(loop);
    boolean multishot = settings.bufferRings(); // multishot paths with buffer rings, else single
    Socket server = Socket.newStream(AF_INET);
    Socket client = Socket.newStream(AF_INET);
    List<Socket> accepted = new CopyOnWriteArrayList<>();
    Promise<String> serverGot = loop.newPromise();
    Promise<String> clientGot = loop.newPromise();
    MemorySegment clientIn = arena.allocate(64);
    MemorySegment serverIn = arena.allocate(64);
    MemorySegment sockaddr = arena.allocate(SockAddr.STORAGE_SIZE);
    MemorySegment ping = arena.allocateFrom("ping", StandardCharsets.US_ASCII);
    MemorySegment pong = arena.allocateFrom("pong!", StandardCharsets.US_ASCII);
    IovArray iov = new IovArray(2, Long.MAX_VALUE);
    try {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      server.listen(8);
      int addrLen = SockAddr.write(sockaddr, server.localAddress(), AF_INET);

      TestHandle listener =
          new TestHandle(
              server,
              (reg, ev) -> {
                if (ev.res() < 0) {
                  serverGot.tryFailure(new AssertionError("accept: " + Errno.name(-ev.res())));
                  return;
                }
                Socket s = new Socket(ev.res(), AF_INET);
                accepted.add(s);
                if (multishot) {
                  assertThat(ev.hasMore()).isTrue();
                }
                TestHandle child =
                    new TestHandle(
                        s,
                        (r2, e2) -> {
                          if (e2.opcode() == IoUringIoOps.OP_RECV && e2.res() > 0) {
                            String got;
                            if (e2.bufferId() >= 0) {
                              ByteBuf buf = takeBuffer(handler, e2);
                              got = buf.toString(StandardCharsets.US_ASCII);
                              buf.release();
                            } else {
                              got = ascii(serverIn, e2.res());
                            }
                            serverGot.trySuccess(got);
                            iov.add(pong.address(), 2);
                            iov.add(pong.address() + 2, 3);
                            r2.submit(
                                IoUringIoOps.newWritev(s.intValue(), iov.address(), 2, (short) 0));
                          } else if (e2.opcode() == IoUringIoOps.OP_RECV && e2.bufferId() >= 0) {
                            recycleBuffer(handler, e2);
                          }
                        });
                IoRegistration cr = loop.register(child).syncUninterruptibly().getNow();
                if (multishot) {
                  BufferRing ring = bufferRingOf(handler);
                  cr.submit(IoUringIoOps.newRecvMultishot(s.intValue(), ring.groupId(), (short) 0));
                } else {
                  cr.submit(
                      IoUringIoOps.newRecv(s.intValue(), serverIn.address(), 64, 0, (short) 0));
                }
              });
      TestHandle connector =
          new TestHandle(
              client,
              (reg, ev) -> {
                if (ev.opcode() == IoUringIoOps.OP_CONNECT) {
                  if (ev.res() < 0) {
                    clientGot.tryFailure(new AssertionError("connect: " + Errno.name(-ev.res())));
                    return;
                  }
                  reg.submit(
                      IoUringIoOps.newRecv(
                          client.intValue(), clientIn.address(), 64, 0, (short) 0));
                  reg.submit(
                      IoUringIoOps.newSend(
                          client.intValue(),
                          ping.address(),
                          4,
                          LinuxConstants.MSG_NOSIGNAL,
                          (short) 0));
                } else if (ev.opcode() == IoUringIoOps.OP_RECV && ev.res() > 0) {
                  clientGot.trySuccess(ascii(clientIn, ev.res()));
                }
              });
      onLoop(
          loop,
          () -> {
            IoRegistration l = loop.register(listener).syncUninterruptibly().getNow();
            l.submit(
                IoUringIoOps.newAccept(
                    server.intValue(),
                    0,
                    0,
                    LinuxConstants.SOCK_NONBLOCK | LinuxConstants.SOCK_CLOEXEC,
                    multishot,
                    (short) 0));
            IoRegistration c = loop.register(connector).syncUninterruptibly().getNow();
            return c.submit(
                IoUringIoOps.newConnect(client.intValue(), sockaddr.address(), addrLen, (short) 0));
          });
      assertThat(serverGot.get(10, TimeUnit.SECONDS)).isEqualTo("ping");
      assertThat(clientGot.get(10, TimeUnit.SECONDS)).isEqualTo("pong!");
    } finally {
      groups.remove(groups.size() - 1).shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      iov.close();
      for (Socket s : accepted) {
        s.close();
      }
      client.close();
      server.close();
    }
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void cancelCancelsInFlightRequestsAndTheirCompletionsStillArrive(IoUringSettings settings)
      throws Exception {
    EventLoop loop = newLoop(settings);
    IoUringIoHandler handler = handlers.get(loop);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = arena.allocate(64);
    Promise<Integer> recvResult = loop.newPromise();
    TestHandle h =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_RECV) {
                assertThat(ev.hasMore()).isFalse();
                recvResult.trySuccess(ev.res());
              }
            });
    try {
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      // Nothing is ever written: the recv stays in flight until cancelled.
      onLoop(
          loop,
          () ->
              reg.submit(IoUringIoOps.newRecv(pair[0].intValue(), in.address(), 64, 0, (short) 3)));
      assertThat(onLoop(loop, handler::inflight)).isEqualTo(1);
      assertThat(onLoop(loop, reg::cancel)).isTrue();
      assertThat(recvResult.get(10, TimeUnit.SECONDS)).isEqualTo(-Errno.ECANCELED);
      assertThat(onLoop(loop, handler::inflight)).isZero();
      assertThat(onLoop(loop, handler::registeredCount)).isZero();
      assertThat(onLoop(loop, () -> reg.submit(IoUringIoOps.newNop((short) 0)))).isEqualTo(-1L);
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void cancellingOneRequestByItsUserData() throws Exception {
    EventLoop loop = newLoop(IoUringSettings.fromProperties().withRingSize(64, 128));
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = arena.allocate(64);
    Promise<Integer> recvResult = loop.newPromise();
    Promise<Integer> cancelResult = loop.newPromise();
    TestHandle h =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_RECV) {
                recvResult.trySuccess(ev.res());
              } else if (ev.opcode() == IoUringIoOps.OP_ASYNC_CANCEL) {
                cancelResult.trySuccess(ev.res());
              }
            });
    try {
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      long id =
          onLoop(
              loop,
              () ->
                  reg.submit(
                      IoUringIoOps.newRecv(pair[0].intValue(), in.address(), 64, 0, (short) 0)));
      onLoop(loop, () -> reg.submit(IoUringIoOps.newAsyncCancel(id, (short) 0)));
      assertThat(recvResult.get(10, TimeUnit.SECONDS)).isEqualTo(-Errno.ECANCELED);
      assertThat(cancelResult.get(10, TimeUnit.SECONDS)).isZero();
      assertThat(reg.isValid()).isTrue();
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void submissionsBeyondTheRingSizeAreSubmittedEarly() throws Exception {
    // 8 SQEs, 300 requests queued in one task: the queue is submitted whenever it fills.
    EventLoop loop = newLoop(IoUringSettings.fromProperties().withRingSize(8, 16));
    AtomicInteger completed = new AtomicInteger();
    Promise<Void> all = loop.newPromise();
    int n = 300;
    TestHandle h =
        new TestHandle(
            null,
            (reg, ev) -> {
              assertThat(ev.res()).isZero();
              if (completed.incrementAndGet() == n) {
                all.trySuccess(null);
              }
            });
    IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
    onLoop(
        loop,
        () -> {
          for (int i = 0; i < n; i++) {
            reg.submit(IoUringIoOps.newNop((short) i));
          }
          return null;
        });
    all.get(10, TimeUnit.SECONDS);
    assertThat(completed.get()).isEqualTo(n);
  }

  @Test
  void shutdownWithRequestsInFlightDrainsThemAndClosesHandles() throws Exception {
    IoHandlerFactory factory =
        IoUringIoHandler.newFactory(IoUringSettings.fromProperties().withRingSize(64, 128));
    MultiThreadEventLoopGroup group = new MultiThreadEventLoopGroup(1, factory);
    EventLoop loop = group.next();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = arena.allocate(64);
    List<Integer> recvResults = new CopyOnWriteArrayList<>();
    TestHandle h =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_RECV) {
                recvResults.add(ev.res());
              }
            });
    try {
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      onLoop(
          loop,
          () ->
              reg.submit(IoUringIoOps.newRecv(pair[0].intValue(), in.address(), 64, 0, (short) 0)));
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      assertThat(h.closed.get()).isTrue();
      // The recv finished before the ring went away: cancelled, or failed on the descriptor the
      // handle closed if it had not reached the kernel yet.
      assertThat(recvResults).hasSize(1);
      assertThat(recvResults.get(0)).isIn(-Errno.ECANCELED, -Errno.EBADF);
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void bufferRingHandsOverFilledBuffersAndRefillsTheirIds() throws Exception {
    EventLoop loop =
        newLoop(
            IoUringSettings.fromProperties()
                .withRingSize(64, 128)
                .withBufferRing(4, 16)
                .withIncrementalBuffers(false));
    IoUringIoHandler handler = handlers.get(loop);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    BlockingQueue<String> chunks = new LinkedBlockingQueue<>();
    Set<Integer> bufferIds = ConcurrentHashMap.newKeySet();
    MemorySegment out = arena.allocate(16);
    try {
      TestHandle h =
          new TestHandle(
              pair[0],
              (reg, ev) -> {
                if (ev.res() > 0) {
                  bufferIds.add(ev.bufferId());
                  ByteBuf b = takeBuffer(handler, ev);
                  chunks.add(b.toString(StandardCharsets.US_ASCII));
                  b.release();
                } else if (ev.bufferId() >= 0) {
                  recycleBuffer(handler, ev);
                }
                if (!ev.hasMore()) {
                  chunks.add("ended: " + ev.res());
                }
              });
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      short group = onLoop(loop, () -> bufferRingOf(handler).groupId());
      onLoop(
          loop,
          () -> reg.submit(IoUringIoOps.newRecvMultishot(pair[0].intValue(), group, (short) 0)));
      // Ten messages through one multishot request and a ring of four buffers.
      for (int i = 0; i < 10; i++) {
        byte[] msg = ("m" + i).getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(msg, 0, out, ValueLayout.JAVA_BYTE, 0, 2);
        assertThat(pair[1].send(out.address(), 2)).isEqualTo(2);
        assertThat(chunks.poll(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
      }
      assertThat(bufferIds).hasSize(4);
      pair[1].close();
      assertThat(chunks.poll(10, TimeUnit.SECONDS)).isEqualTo("ended: 0"); // end of stream
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void incrementalBufferRingPacksSmallMessagesIntoOneBufferAndMovesOnWhenItIsFull()
      throws Exception {
    EventLoop loop =
        newLoop(IoUringSettings.fromProperties().withRingSize(64, 128).withBufferRing(4, 16));
    IoUringIoHandler handler = handlers.get(loop);
    assertThat(onLoop(loop, () -> bufferRingOf(handler).incremental())).isTrue();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    BlockingQueue<String> chunks = new LinkedBlockingQueue<>();
    List<Integer> bufferIds = new CopyOnWriteArrayList<>();
    MemorySegment out = arena.allocate(16);
    try {
      TestHandle h =
          new TestHandle(
              pair[0],
              (reg, ev) -> {
                if (ev.res() > 0) {
                  bufferIds.add(ev.bufferId());
                  ByteBuf b = takeBuffer(handler, ev);
                  chunks.add(b.toString(StandardCharsets.US_ASCII));
                  b.release();
                } else if (ev.bufferId() >= 0) {
                  recycleBuffer(handler, ev);
                }
                if (!ev.hasMore()) {
                  chunks.add("ended: " + ev.res());
                }
              });
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      short group = onLoop(loop, () -> bufferRingOf(handler).groupId());
      onLoop(
          loop,
          () -> reg.submit(IoUringIoOps.newRecvMultishot(pair[0].intValue(), group, (short) 0)));
      // Two-byte messages into 16-byte buffers: eight share the first buffer, the rest the next.
      for (int i = 0; i < 10; i++) {
        byte[] msg = ("m" + i).getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(msg, 0, out, ValueLayout.JAVA_BYTE, 0, 2);
        assertThat(pair[1].send(out.address(), 2)).isEqualTo(2);
        assertThat(chunks.poll(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
      }
      assertThat(bufferIds.subList(0, 8)).containsOnly(bufferIds.get(0));
      assertThat(bufferIds.subList(8, 10)).containsOnly(bufferIds.get(8));
      assertThat(bufferIds.get(8)).isNotEqualTo(bufferIds.get(0));
      pair[1].close();
      assertThat(chunks.poll(10, TimeUnit.SECONDS)).isEqualTo("ended: 0");
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void incrementalBufferRingKeepsItsBuffersThroughManyEndsOfInput() throws Exception {
    // Two buffers: if an end of input (a completion without data) lost a buffer of the ring, the
    // third connection would find the ring empty (ENOBUFS) instead of its bytes.
    EventLoop loop =
        newLoop(IoUringSettings.fromProperties().withRingSize(64, 128).withBufferRing(2, 16));
    IoUringIoHandler handler = handlers.get(loop);
    MemorySegment out = arena.allocate(16);
    out.setString(0, "abc", StandardCharsets.US_ASCII);
    for (int i = 0; i < 12; i++) {
      Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
      BlockingQueue<String> chunks = new LinkedBlockingQueue<>();
      try {
        TestHandle h =
            new TestHandle(
                pair[0],
                (reg, ev) -> {
                  if (ev.res() > 0) {
                    ByteBuf b = takeBuffer(handler, ev);
                    chunks.add(b.toString(StandardCharsets.US_ASCII));
                    b.release();
                  } else if (ev.bufferId() >= 0) {
                    recycleBuffer(handler, ev);
                  }
                  if (!ev.hasMore()) {
                    chunks.add("ended: " + ev.res());
                  }
                });
        IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
        short group = onLoop(loop, () -> bufferRingOf(handler).groupId());
        onLoop(
            loop,
            () -> reg.submit(IoUringIoOps.newRecvMultishot(pair[0].intValue(), group, (short) 0)));
        assertThat(pair[1].send(out.address(), 3)).isEqualTo(3);
        pair[1].close();
        // The three bytes may arrive in two pieces when they straddle the end of a buffer.
        StringBuilder received = new StringBuilder();
        String chunk;
        while ((chunk = chunks.poll(10, TimeUnit.SECONDS)) != null && !chunk.startsWith("ended")) {
          received.append(chunk);
        }
        assertThat(received).hasToString("abc");
        assertThat(chunk).isEqualTo("ended: 0");
        onLoop(loop, reg::cancel);
      } finally {
        pair[0].close();
        pair[1].close();
      }
    }
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void cancelFromAnotherThreadWhileDataFlowsEndsWithOneFinalCompletion(IoUringSettings settings)
      throws Exception {
    EventLoop loop = newLoop(settings);
    IoUringIoHandler handler = handlers.get(loop);
    boolean multishot = settings.bufferRings();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = arena.allocate(256);
    MemorySegment out = arena.allocate(64);
    AtomicInteger finals = new AtomicInteger();
    AtomicInteger bytes = new AtomicInteger();
    Promise<Void> ended = loop.newPromise();
    TestHandle h =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.res() > 0) {
                bytes.addAndGet(ev.res());
                if (ev.bufferId() >= 0) {
                  takeBuffer(handler, ev).release();
                }
              } else if (ev.bufferId() >= 0) {
                recycleBuffer(handler, ev);
              }
              if (!ev.hasMore()) {
                // A cancel from the other thread may land between isValid() and submit(): the
                // submit then returns -1 and this completion was the last one.
                boolean resubmitted =
                    reg.isValid()
                        && !multishot
                        && ev.res() > 0
                        && reg.submit(
                                IoUringIoOps.newRecv(
                                    pair[0].intValue(), in.address(), 256, 0, (short) 0))
                            != -1;
                if (!resubmitted) {
                  finals.incrementAndGet();
                  ended.trySuccess(null);
                }
              }
            });
    Thread writer = null;
    try {
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      onLoop(
          loop,
          () ->
              multishot
                  ? reg.submit(
                      IoUringIoOps.newRecvMultishot(
                          pair[0].intValue(), bufferRingOf(handler).groupId(), (short) 0))
                  : reg.submit(
                      IoUringIoOps.newRecv(pair[0].intValue(), in.address(), 256, 0, (short) 0)));
      AtomicBoolean stop = new AtomicBoolean();
      writer =
          Thread.ofPlatform()
              .start(
                  () -> {
                    for (int i = 0; i < 20_000 && !stop.get(); i++) {
                      pair[1].send(out.address(), 64); // EAGAIN when full: fine
                    }
                  });
      while (bytes.get() < 64 * 16) {
        onLoop(loop, () -> null);
      }
      assertThat(reg.cancel()).isTrue(); // from this (non-loop) thread, handed to the loop
      ended.get(10, TimeUnit.SECONDS);
      stop.set(true);
      writer.join(TimeUnit.SECONDS.toMillis(10));
      onLoop(loop, () -> null);
      assertThat(finals.get()).isEqualTo(1);
      assertThat(onLoop(loop, handler::inflight)).isZero();
      assertThat(onLoop(loop, handler::registeredCount)).isZero();
    } finally {
      if (writer != null) {
        writer.join(TimeUnit.SECONDS.toMillis(10));
      }
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void slotsAreReusedSafelyAcrossManyRegistrations() throws Exception {
    EventLoop loop = newLoop(IoUringSettings.fromProperties().withRingSize(64, 128));
    IoUringIoHandler handler = handlers.get(loop);
    AtomicInteger stray = new AtomicInteger();
    // Each round: register, queue NOPs, cancel at once (completions arrive after the cancel),
    // then register again, likely into the same slot. A completion must never reach a handle
    // that did not submit it.
    for (int round = 0; round < 300; round++) {
      int me = round;
      TestHandle h =
          new TestHandle(
              null,
              (reg, ev) -> {
                if (ev.data() != (short) me) {
                  stray.incrementAndGet();
                }
              });
      IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
      onLoop(
          loop,
          () -> {
            for (int i = 0; i < 3; i++) {
              reg.submit(IoUringIoOps.newNop((short) me));
            }
            return reg.cancel();
          });
    }
    // The last rounds' NOPs and cancels complete within a few loop iterations: wait for them
    // through the loop (the deadline is only a hang guard).
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (onLoop(loop, handler::inflight) != 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(stray.get()).isZero();
    assertThat(onLoop(loop, handler::inflight)).isZero();
    assertThat(onLoop(loop, handler::registeredCount)).isZero();
  }

  private static ByteBuf takeBuffer(IoUringIoHandler handler, IoUringIoEvent ev) {
    return bufferRingOf(handler).take(ev.bufferId(), ev.res(), ev.flags());
  }

  private static void recycleBuffer(IoUringIoHandler handler, IoUringIoEvent ev) {
    bufferRingOf(handler).recycle(ev.bufferId());
  }

  private static BufferRing bufferRingOf(IoUringIoHandler handler) {
    try {
      return handler.bufferRing();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** An io_uring handle over a socket (or none), with a callback. */
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
