package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.iouring.IoUringLoops.bufferRingOf;
import static io.tern.transport.linux.iouring.IoUringLoops.onLoop;
import static io.tern.transport.linux.iouring.IoUringLoops.recycleBuffer;
import static io.tern.transport.linux.iouring.IoUringLoops.takeBuffer;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.iouring.IoUringLoops.TestHandle;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cancellation through the io_uring handler: a registration's cancel ends every request it has in
 * flight (their completions still arrive, the last one frees the slot), one request cancelled by
 * its {@code user_data}, a cancel from another thread while data flows, and slots reused across
 * many registrations without a late completion reaching a new handle.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringCancellationTest {
  @RegisterExtension final IoUringLoops loops = new IoUringLoops();

  @ParameterizedTest
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void cancelCancelsInFlightRequestsAndTheirCompletionsStillArrive(IoUringSettings settings)
      throws Exception {
    EventLoop loop = loops.newLoop(settings);
    IoUringIoHandler handler = loops.handler(loop);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = loops.arena().allocate(64);
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
    EventLoop loop = loops.newLoop(IoUringLoops.small());
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = loops.arena().allocate(64);
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

  @ParameterizedTest
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void cancelFromAnotherThreadWhileDataFlowsEndsWithOneFinalCompletion(IoUringSettings settings)
      throws Exception {
    EventLoop loop = loops.newLoop(settings);
    IoUringIoHandler handler = loops.handler(loop);
    boolean multishot = settings.bufferRings();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = loops.arena().allocate(256);
    MemorySegment out = loops.arena().allocate(64);
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
    EventLoop loop = loops.newLoop(IoUringLoops.small());
    IoUringIoHandler handler = loops.handler(loop);
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
}
