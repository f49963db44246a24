package io.tern.transport.linux.epoll;

import static io.tern.transport.linux.internal.sys.LinuxConstants.EPOLLET;
import static io.tern.transport.linux.internal.sys.LinuxConstants.EPOLLIN;
import static io.tern.transport.linux.internal.sys.LinuxConstants.EPOLL_CTL_ADD;

import io.tern.common.SystemProperties;
import io.tern.transport.EventLoop;
import io.tern.transport.IoHandle;
import io.tern.transport.IoHandler;
import io.tern.transport.IoHandlerContext;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.internal.SlotTable;
import io.tern.transport.linux.internal.channel.FlushedIovecs;
import io.tern.transport.linux.internal.channel.LinuxDatagramIo;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.EventFd;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.sys.Native;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * An edge-triggered epoll {@link IoHandler}: waits in {@code epoll_pwait2} (or {@code epoll_wait}
 * plus a {@code timerfd}) and dispatches readiness to {@link EpollIoHandle}s as {@link
 * EpollIoEvent}s. Interest changes are {@link EpollIoOps} submitted through the handle's {@link
 * IoRegistration}.
 *
 * <p><b>Wake-ups.</b> {@link #wakeup()} writes to an {@code eventfd} registered edge-triggered: the
 * write makes the current or next wait return (sticky), and the counter is never read, because each
 * write is a new edge. The loop protocol calls {@code wakeup()} at most once per wait and never
 * from the loop itself.
 *
 * <p><b>Deadlines.</b> The wait ends at the loop's next scheduled task with nanosecond resolution
 * through {@code epoll_pwait2} (Linux 5.11); on older kernels a {@code timerfd} armed with the
 * remaining delay gives the same resolution at the cost of one more system call per timed wait.
 *
 * <p><b>No allocation per event.</b> Events land in one native {@code epoll_event} array (grown
 * when a wait fills it, up to {@code io.tern.transport.linux.epoll.maxEvents}); one {@link
 * EpollIoEvent} is reused for every dispatch. Each registration's {@code epoll_event.data} is its
 * slot and the slot's generation, so a stale event for a cancelled handle is dropped.
 *
 * <h2>Threading</h2>
 *
 * <p>Every method except {@link #wakeup()} runs on the loop thread; {@link IoRegistration#cancel()}
 * from another thread is handed to the loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its epoll instance, {@code eventfd}, {@code timerfd} and native arrays, and releases them
 * in {@link #destroy()}; the registered descriptors stay their handles'.
 */
public final class EpollIoHandler implements IoHandler {
  private static final System.Logger LOGGER = System.getLogger(EpollIoHandler.class.getName());
  private static final long WAKEUP_KEY = 0;
  private static final long TIMER_KEY = 0x7fff_ffff_0000_0000L;

  /**
   * The largest event array, {@code io.tern.transport.linux.epoll.maxEvents} (default 4096); it
   * starts at 128 and doubles when a wait fills it.
   */
  static final int MAX_EVENTS =
      Math.max(16, SystemProperties.getInt("io.tern.transport.linux.epoll.maxEvents", 4096));

  private final EventLoop loop;
  private final int epfd;
  private final EventFd wakeupFd;
  private final int timerFd;
  private final boolean pwait2;
  private final int eventSize;
  private final int dataOffset;
  private final SlotTable<EpollRegistration> registrations = new SlotTable<>();
  private final EpollIoEvent event = new EpollIoEvent();
  // scratch: [0, 16) epoll_event for epoll_ctl, [16, 32) timespec, [32, 64) itimerspec
  private final MemorySegment scratch;
  private final IovArray iovArray = new IovArray(LinuxConstants.IOV_MAX, Long.MAX_VALUE);
  // One gatherer for the loop: a stream channel's gathering write fills and uses it within one
  // call, so channels need not hold one each (an idle connection is smaller).
  private final FlushedIovecs gatherer = FlushedIovecs.borrowing();
  private MessageArray messageArray;
  private MemorySegment events;
  private int maxEvents;
  // Handles to call again with EPOLLIN after the next wait (readAgain); swapped with the second
  // array while dispatching, so a handle asking again from its call waits for the next iteration.
  private EpollRegistration[] again = new EpollRegistration[16];
  private EpollRegistration[] againRunning = new EpollRegistration[16];
  private int againCount;
  private long waits;
  private boolean destroyed;

  private EpollIoHandler(EventLoop loop, boolean usePwait2, int initialEvents) {
    Epoll.ensureAvailability();
    this.loop = loop;
    this.eventSize = Native.ARCH.epollEventSize;
    this.dataOffset = Native.ARCH.epollDataOffset;
    int ep = LibC.epollCreate1(LinuxConstants.EPOLL_CLOEXEC);
    if (ep < 0) {
      throw new UncheckedIOException(Errors.ioException("epoll_create1", ep));
    }
    this.epfd = ep;
    this.scratch = LibC.calloc(64);
    EventFd wake = null;
    int timer = -1;
    try {
      wake = new EventFd();
      ctl(EPOLL_CTL_ADD, wake.fd(), EPOLLIN | EPOLLET, WAKEUP_KEY);
      boolean p2 = usePwait2 && probePwait2();
      if (!p2) {
        timer =
            Errors.check(
                "timerfd_create",
                LibC.timerfdCreate(
                    LinuxConstants.CLOCK_MONOTONIC,
                    LinuxConstants.TFD_NONBLOCK | LinuxConstants.TFD_CLOEXEC));
        ctl(EPOLL_CTL_ADD, timer, EPOLLIN | EPOLLET, TIMER_KEY);
      }
      this.pwait2 = p2;
    } catch (IOException | RuntimeException e) {
      if (wake != null) {
        wake.close();
      }
      if (timer >= 0) {
        LibC.close(timer);
      }
      LibC.close(ep);
      LibC.free(scratch);
      iovArray.close();
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
    this.wakeupFd = wake;
    this.timerFd = timer;
    this.maxEvents = Math.min(initialEvents, MAX_EVENTS);
    this.events = LibC.calloc((long) maxEvents * eventSize);
  }

  /**
   * Returns a factory of epoll handlers.
   *
   * @return the factory
   * @throws UnsupportedOperationException if epoll is not {@linkplain Epoll#isAvailable()
   *     available}
   */
  public static IoHandlerFactory newFactory() {
    Epoll.ensureAvailability();
    return loop -> new EpollIoHandler(loop, true, 128);
  }

  /** For tests: {@code usePwait2 = false} forces the timerfd fallback. */
  static IoHandlerFactory newFactory(boolean usePwait2, int initialEvents) {
    Epoll.ensureAvailability();
    return loop -> new EpollIoHandler(loop, usePwait2, initialEvents);
  }

  /** Whether deadlines use {@code epoll_pwait2} (else the timerfd); for tests. */
  boolean usesPwait2() {
    return pwait2;
  }

  /** The current capacity of the native event array; for tests. */
  int eventCapacity() {
    return maxEvents;
  }

  private boolean probePwait2() {
    scratch.set(ValueLayout.JAVA_LONG, 16, 0L);
    scratch.set(ValueLayout.JAVA_LONG, 24, 0L);
    int r = LibC.epollPwait2(epfd, events(), 1, scratch.address() + 16);
    return r != -Errno.ENOSYS && r != -Errno.EPERM;
  }

  private long events() {
    return events == null ? scratch.address() + 32 : events.address();
  }

  private void ctl(int op, int fd, int interest, long key) throws IOException {
    scratch.set(ValueLayout.JAVA_INT_UNALIGNED, 0, interest);
    scratch.set(ValueLayout.JAVA_LONG_UNALIGNED, dataOffset, key);
    Errors.check("epoll_ctl", LibC.epollCtl(epfd, op, fd, scratch.address()));
  }

  /**
   * {@code epoll_ctl} that reports a failure as its result instead of throwing: the registration
   * paths decide what a refused descriptor means.
   *
   * @return 0, or the negative {@code errno}
   */
  int ctlOrErrno(int op, int fd, int interest, long key) {
    scratch.set(ValueLayout.JAVA_INT_UNALIGNED, 0, interest);
    scratch.set(ValueLayout.JAVA_LONG_UNALIGNED, dataOffset, key);
    return LibC.epollCtl(epfd, op, fd, op == LinuxConstants.EPOLL_CTL_DEL ? 0 : scratch.address());
  }

  @Override
  public int run(IoHandlerContext context) {
    int n;
    waits++;
    if (!context.canBlock() || againCount > 0) {
      n = LibC.epollWait(epfd, events.address(), maxEvents, 0);
    } else {
      long delay = context.delayNanos();
      if (delay == Long.MAX_VALUE) {
        n = LibC.epollWait(epfd, events.address(), maxEvents, -1);
      } else if (delay <= 0) {
        n = LibC.epollWait(epfd, events.address(), maxEvents, 0);
      } else if (pwait2) {
        scratch.set(ValueLayout.JAVA_LONG, 16, delay / 1_000_000_000L);
        scratch.set(ValueLayout.JAVA_LONG, 24, delay % 1_000_000_000L);
        n = LibC.epollPwait2(epfd, events.address(), maxEvents, scratch.address() + 16);
      } else {
        armTimer(delay);
        n = LibC.epollWait(epfd, events.address(), maxEvents, -1);
      }
    }
    if (n < 0) {
      if (n != -Errno.EINTR) {
        LOGGER.log(System.Logger.Level.WARNING, "epoll_wait failed: " + Errno.message(-n));
      }
      return 0;
    }
    // Those that asked before this wait first: what they ask now waits for the next one.
    int handled = dispatchAgain();
    handled += dispatch(n);
    if (n == maxEvents && maxEvents < MAX_EVENTS) {
      growEvents();
    }
    return handled;
  }

  /**
   * Asks for {@code r}'s handle to be called with {@code EPOLLIN} once more in the next {@link
   * #run}, after that run's {@code epoll_wait} (which then does not block). For an edge-triggered
   * reader that stopped with data left (no new edge will announce it): rather than a task, which
   * the same task pass would run again and again while the socket stays full, this lets the reader
   * take turns with the readiness of every other socket, its own writability included. Loop thread
   * only.
   *
   * @param r a registration of this handler
   */
  void readAgain(EpollRegistration r) {
    if (againCount == again.length) {
      again = Arrays.copyOf(again, againCount * 2);
    }
    again[againCount++] = r;
  }

  private int dispatchAgain() {
    int count = againCount;
    if (count == 0) {
      return 0;
    }
    EpollRegistration[] running = again;
    again =
        againRunning.length >= running.length
            ? againRunning
            : new EpollRegistration[running.length];
    againRunning = running;
    againCount = 0;
    int handled = 0;
    for (int i = 0; i < count; i++) {
      EpollRegistration r = running[i];
      running[i] = null;
      if (!r.isValid()) {
        continue;
      }
      r.readAgainServedAt = waits;
      handled++;
      try {
        r.handle.handle(r, event.events(EPOLLIN));
      } catch (RuntimeException e) {
        LOGGER.log(System.Logger.Level.WARNING, "Handle " + r.handle + " failed", e);
      }
    }
    return handled;
  }

  /** {@code epoll_wait} calls so far; for tests. */
  long waits() {
    return waits;
  }

  private void armTimer(long delayNanos) {
    // itimerspec at 32: it_interval zero (one-shot), it_value = delay.
    scratch.set(ValueLayout.JAVA_LONG, 32, 0L);
    scratch.set(ValueLayout.JAVA_LONG, 40, 0L);
    scratch.set(ValueLayout.JAVA_LONG, 48, delayNanos / 1_000_000_000L);
    scratch.set(ValueLayout.JAVA_LONG, 56, delayNanos % 1_000_000_000L);
    int r = LibC.timerfdSettime(timerFd, 0, scratch.address() + 32, 0);
    if (r < 0) {
      LOGGER.log(System.Logger.Level.WARNING, "timerfd_settime failed: " + Errno.message(-r));
    }
  }

  private int dispatch(int n) {
    int handled = 0;
    MemorySegment ev = events;
    for (int i = 0; i < n; i++) {
      long at = (long) i * eventSize;
      int ready = ev.get(ValueLayout.JAVA_INT_UNALIGNED, at);
      long key = ev.get(ValueLayout.JAVA_LONG_UNALIGNED, at + dataOffset);
      int slot = (int) key;
      if (slot == 0) {
        continue; // the wake-up eventfd or the timerfd: waking was all they had to do
      }
      EpollRegistration r = registrations.get(slot);
      if (r == null || registrations.generation(slot) != (int) (key >>> 32) || !r.isValid()) {
        continue;
      }
      if (r.readAgainServedAt == waits) {
        // Read again after this very wait already: it saw what this edge announces.
        ready &= ~EPOLLIN;
        if (ready == 0) {
          continue;
        }
      }
      handled++;
      try {
        r.handle.handle(r, event.events(ready));
      } catch (RuntimeException e) {
        LOGGER.log(System.Logger.Level.WARNING, "Handle " + r.handle + " failed", e);
      }
    }
    return handled;
  }

  private void growEvents() {
    int size = Math.min(maxEvents * 2, MAX_EVENTS);
    MemorySegment bigger = LibC.calloc((long) size * eventSize);
    LibC.free(events);
    events = bigger;
    maxEvents = size;
  }

  @Override
  public void wakeup() {
    wakeupFd.signal();
  }

  @Override
  public void prepareToDestroy() {
    Arrays.fill(again, 0, againCount, null);
    againCount = 0;
    registrations.forEach(
        r -> {
          r.cancel();
          try {
            r.handle.close();
          } catch (Exception e) {
            LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + r.handle, e);
          }
        });
  }

  @Override
  public void destroy() {
    if (destroyed) {
      return;
    }
    destroyed = true;
    wakeupFd.close();
    if (timerFd >= 0) {
      LibC.close(timerFd);
    }
    LibC.close(epfd);
    LibC.free(events);
    LibC.free(scratch);
    iovArray.close();
    if (messageArray != null) {
      messageArray.close();
    }
  }

  @Override
  public IoRegistration register(IoHandle handle) throws IOException {
    if (!(handle instanceof EpollIoHandle h)) {
      throw new IllegalArgumentException("not an EpollIoHandle: " + handle);
    }
    EpollRegistration r = new EpollRegistration(this, h);
    int slot = registrations.add(r);
    long key = ((long) registrations.generation(slot) << 32) | slot;
    int res = ctlOrErrno(EPOLL_CTL_ADD, h.fd(), EPOLLET, key);
    if (res < 0) {
      registrations.remove(slot);
      throw Errors.ioException("epoll_ctl", res);
    }
    r.bind(slot, key);
    return r;
  }

  @Override
  public boolean isCompatible(Class<? extends IoHandle> handleType) {
    return EpollIoHandle.class.isAssignableFrom(handleType);
  }

  EventLoop loop() {
    return loop;
  }

  /** The loop's shared iovec array for gathering writes; loop thread only. */
  IovArray iovArray() {
    return iovArray;
  }

  /** The loop's gatherer of flushed buffers into {@link #iovArray()}; loop thread only. */
  FlushedIovecs gatherer() {
    return gatherer;
  }

  /**
   * The loop's shared {@code mmsghdr} array for {@code recvmmsg}/{@code sendmmsg} ({@link
   * LinuxDatagramIo#MAX_DATAGRAMS_PER_CALL} entries), created on first use; loop thread only.
   */
  MessageArray messageArray() {
    MessageArray m = messageArray;
    if (m == null) {
      messageArray = m = new MessageArray(LinuxDatagramIo.MAX_DATAGRAMS_PER_CALL);
    }
    return m;
  }

  void free(int slot) {
    registrations.remove(slot);
  }

  @Override
  public int registeredHandles() {
    return registrations.size();
  }
}
