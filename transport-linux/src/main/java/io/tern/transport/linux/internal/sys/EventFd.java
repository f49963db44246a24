package io.tern.transport.linux.internal.sys;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A non-blocking {@code eventfd} used to wake an event loop from other threads.
 *
 * <p>{@link #signal()} may be called from any thread, also concurrently with {@link #close()}: a
 * guard counts signals in progress, and close waits for them before releasing the descriptor, so a
 * late signal never writes to a reused descriptor number. A signal after close does nothing.
 * Everything else is for the owning loop thread.
 */
public final class EventFd implements AutoCloseable {
  private static final int CLOSED = 1 << 30;

  private final int fd;
  private final MemorySegment one;
  private final AtomicInteger guard = new AtomicInteger();

  /**
   * Opens a non-blocking, close-on-exec eventfd with counter 0.
   *
   * @throws IOException if {@code eventfd(2)} fails
   */
  public EventFd() throws IOException {
    fd =
        Errors.check(
            "eventfd", LibC.eventfd(0, LinuxConstants.EFD_NONBLOCK | LinuxConstants.EFD_CLOEXEC));
    one = LibC.calloc(8);
    one.set(ValueLayout.JAVA_LONG, 0, 1L);
  }

  /**
   * Returns the descriptor.
   *
   * @return the fd
   */
  public int fd() {
    return fd;
  }

  /** Adds 1 to the counter, making the descriptor readable; sticky until read. Any thread. */
  public void signal() {
    if ((guard.incrementAndGet() & CLOSED) == 0) {
      LibC.write(fd, one.address(), 8);
    }
    guard.decrementAndGet();
  }

  /**
   * Reads and resets the counter.
   *
   * @param scratch 8 bytes of native memory
   * @return the counter value, or {@code -errno} ({@code -EAGAIN} when it was 0)
   */
  public long drain(MemorySegment scratch) {
    long r = LibC.read(fd, scratch.address(), 8);
    return r < 0 ? r : scratch.get(ValueLayout.JAVA_LONG, 0);
  }

  /** Closes the descriptor once no {@link #signal()} is in progress. */
  @Override
  public void close() {
    for (; ; ) {
      int g = guard.get();
      if ((g & CLOSED) != 0) {
        return;
      }
      if (guard.compareAndSet(g, g | CLOSED)) {
        break;
      }
    }
    while ((guard.get() & ~CLOSED) != 0) {
      Thread.onSpinWait();
    }
    LibC.close(fd);
    LibC.free(one);
  }
}
