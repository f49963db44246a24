package io.tern.transport.linux.internal.sys;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A Linux file descriptor that is closed exactly once, plus the shutdown state a socket needs.
 *
 * <p>Reads and writes take raw native addresses and return the byte count or {@code -errno} (see
 * {@link LibC}); callers turn errors into exceptions where they know the context. {@link #close()}
 * may be called from any thread, once wins; all other methods are for the owner's thread.
 */
public class FileDescriptor implements AutoCloseable {
  private static final int CLOSED = 1;
  private static final int INPUT_SHUTDOWN = 2;
  private static final int OUTPUT_SHUTDOWN = 4;
  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(FileDescriptor.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The descriptor number; stays set after close so late log lines can name it. */
  protected final int fd;

  @SuppressWarnings("unused") // through STATE
  private volatile int state;

  /**
   * Wraps an open descriptor; this object now owns it.
   *
   * @param fd the descriptor, 0 or more
   */
  public FileDescriptor(int fd) {
    if (fd < 0) {
      throw new IllegalArgumentException("fd: " + fd);
    }
    this.fd = fd;
  }

  /**
   * Returns the descriptor number.
   *
   * @return the fd
   */
  public final int intValue() {
    return fd;
  }

  /**
   * Returns whether {@link #close()} has not been called.
   *
   * @return {@code true} while open
   */
  public final boolean isOpen() {
    return (state & CLOSED) == 0;
  }

  /**
   * Returns whether the input side was shut down through this object.
   *
   * @return {@code true} after a read shutdown
   */
  public final boolean isInputShutdown() {
    return (state & INPUT_SHUTDOWN) != 0;
  }

  /**
   * Returns whether the output side was shut down through this object.
   *
   * @return {@code true} after a write shutdown
   */
  public final boolean isOutputShutdown() {
    return (state & OUTPUT_SHUTDOWN) != 0;
  }

  /**
   * Records a shutdown; returns whether this call changed anything.
   *
   * @param input whether the input side is shut down
   * @param output whether the output side is shut down
   * @return {@code false} if those sides were already marked or the descriptor is closed
   */
  protected final boolean markShutdown(boolean input, boolean output) {
    int bits = (input ? INPUT_SHUTDOWN : 0) | (output ? OUTPUT_SHUTDOWN : 0);
    for (; ; ) {
      int s = state;
      if ((s & CLOSED) != 0 || (s & bits) == bits) {
        return false;
      }
      if (STATE.compareAndSet(this, s, s | bits)) {
        return true;
      }
    }
  }

  /**
   * Marks the descriptor closed without closing it, for a caller that closes it another way (an
   * io_uring {@code CLOSE}).
   *
   * @return {@code true} if this call marked it; the caller then owns the actual close
   */
  public final boolean markClosed() {
    for (; ; ) {
      int s = state;
      if ((s & CLOSED) != 0) {
        return false;
      }
      if (STATE.compareAndSet(this, s, s | CLOSED)) {
        return true;
      }
    }
  }

  /**
   * Closes the descriptor once; later calls do nothing.
   *
   * @throws IOException if {@code close(2)} reports an error (the descriptor is released anyway)
   */
  @Override
  public void close() throws IOException {
    if (markClosed()) {
      Errors.check("close", LibC.close(fd));
    }
  }

  /**
   * {@code read(2)} into native memory.
   *
   * @param address where to store
   * @param length at most this many bytes
   * @return bytes read, 0 at end of stream, or {@code -errno} ({@code -EAGAIN}: nothing to read)
   */
  public final long read(long address, long length) {
    return LibC.read(fd, address, length);
  }

  /**
   * {@code write(2)} from native memory.
   *
   * @param address the bytes
   * @param length how many
   * @return bytes written, or {@code -errno} ({@code -EAGAIN}: no room)
   */
  public final long write(long address, long length) {
    return LibC.write(fd, address, length);
  }

  /**
   * {@code writev(2)} of every entry in {@code iov}.
   *
   * @param iov the regions
   * @return bytes written, or {@code -errno}
   */
  public final long writev(IovArray iov) {
    return LibC.writev(fd, iov.address(), iov.count());
  }

  /**
   * Creates a non-blocking, close-on-exec pipe.
   *
   * @return {@code [read end, write end]}
   * @throws IOException if {@code pipe2} fails
   */
  public static FileDescriptor[] pipe() throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment fds = arena.allocate(ValueLayout.JAVA_INT, 2);
      Errors.check(
          "pipe2", LibC.pipe2(fds.address(), LinuxConstants.O_NONBLOCK | LinuxConstants.O_CLOEXEC));
      return new FileDescriptor[] {
        new FileDescriptor(fds.getAtIndex(ValueLayout.JAVA_INT, 0)),
        new FileDescriptor(fds.getAtIndex(ValueLayout.JAVA_INT, 1))
      };
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(fd=" + fd + (isOpen() ? ")" : ", closed)");
  }
}
