package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.iouring.IoUringLoops.onLoop;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.IoUringConstants;
import io.tern.transport.linux.iouring.IoUringLoops.TestHandle;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The io_uring handler's ring and loop mechanics: the features this kernel has, the ring's set-up
 * flags in every configuration, wake-ups, deadlines, a full submission queue, and shutdown with
 * requests in flight. Requests over sockets: {@link IoUringSocketRequestsTest}; cancellation:
 * {@link IoUringCancellationTest}; provided buffers: {@link IoUringBufferRingTest}.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringIoHandlerTest {
  @RegisterExtension final IoUringLoops loops = new IoUringLoops();

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
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void ringIsSetUpWithTheAllowedFeatures(IoUringSettings settings) throws Exception {
    EventLoop loop = loops.newLoop(settings);
    IoUringIoHandler h = loops.handler(loop);
    int flags = onLoop(loop, h::setupFlags);
    assertThat((flags & IoUringConstants.SETUP_SINGLE_ISSUER) != 0)
        .isEqualTo(settings.singleIssuer());
    assertThat((flags & IoUringConstants.SETUP_DEFER_TASKRUN) != 0)
        .isEqualTo(settings.singleIssuer() && settings.deferTaskrun());
    assertThat(onLoop(loop, h::isRingFdRegistered)).isEqualTo(settings.registeredRing());
    assertThat(onLoop(loop, () -> h.bufferRing() != null)).isEqualTo(settings.bufferRings());
  }

  @ParameterizedTest
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void noWakeupIsLostUnderCrossThreadSubmissions(IoUringSettings settings) throws Exception {
    EventLoop loop = loops.newLoop(settings);
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
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void scheduledDeadlinesEndTheWaitWithoutAWakeup(IoUringSettings settings) throws Exception {
    EventLoop loop = loops.newLoop(settings);
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

  @Test
  void submissionsBeyondTheRingSizeAreSubmittedEarly() throws Exception {
    // 8 SQEs, 300 requests queued in one task: the queue is submitted whenever it fills.
    EventLoop loop = loops.newLoop(IoUringSettings.fromProperties().withRingSize(8, 16));
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
    IoHandlerFactory factory = IoUringIoHandler.newFactory(IoUringLoops.small());
    MultiThreadEventLoopGroup group = new MultiThreadEventLoopGroup(1, factory);
    EventLoop loop = group.next();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = loops.arena().allocate(64);
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
}
