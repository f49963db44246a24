package io.tern.transport.linux.epoll;

import static io.tern.transport.linux.internal.sys.LinuxConstants.EPOLLET;

import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;

/**
 * An {@link EpollIoHandle}'s registration with an {@link EpollIoHandler}: its slot, its key ({@code
 * epoll_event.data}) and its current interest. {@link #submit} runs on the loop thread; {@link
 * #cancel()} may come from any thread and is handed to the loop.
 */
final class EpollRegistration implements IoRegistration {
  private static final VarHandle VALID;

  static {
    try {
      VALID = MethodHandles.lookup().findVarHandle(EpollRegistration.class, "valid", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final EpollIoHandle handle;
  private final EpollIoHandler handler;
  private int slot;
  private long key;
  private int interest = EPOLLET;
  private volatile boolean valid = true;
  // the handler's wait count when it last called this handle through readAgain (loop thread)
  long readAgainServedAt = -1;

  EpollRegistration(EpollIoHandler handler, EpollIoHandle handle) {
    this.handler = handler;
    this.handle = handle;
  }

  void bind(int slot, long key) {
    this.slot = slot;
    this.key = key;
  }

  /** Returns this registration: channels of this transport reach the handler through it. */
  @Override
  public Object attachment() {
    return this;
  }

  EpollIoHandler handler() {
    return handler;
  }

  /**
   * Changes the interest set with {@code EPOLL_CTL_MOD} when it differs from the current one.
   *
   * @return 0, or {@code -errno} when {@code epoll_ctl} failed (e.g. the descriptor was closed)
   */
  @Override
  public long submit(IoOps ops) {
    if (!(ops instanceof EpollIoOps o)) {
      throw new IllegalArgumentException("unsupported ops: " + ops);
    }
    if (!valid) {
      return 0;
    }
    int wanted = o.events() | EPOLLET;
    if (wanted == interest) {
      return 0;
    }
    int r = handler.ctlOrErrno(LinuxConstants.EPOLL_CTL_MOD, handle.fd(), wanted, key);
    if (r < 0) {
      return r;
    }
    interest = wanted;
    return 0;
  }

  @Override
  public boolean isValid() {
    return valid;
  }

  @Override
  public boolean cancel() {
    if (!VALID.compareAndSet(this, true, false)) {
      return false;
    }
    if (handler.loop().inEventLoop()) {
      deregister();
    } else {
      try {
        handler.loop().execute(this::deregister);
      } catch (RejectedExecutionException e) {
        // The loop is gone; closing the epoll descriptor dropped every registration.
      }
    }
    return true;
  }

  private void deregister() {
    // The descriptor may already be closed (then the kernel dropped it): ENOENT/EBADF are fine.
    handler.ctlOrErrno(LinuxConstants.EPOLL_CTL_DEL, handle.fd(), 0, 0);
    handler.free(slot);
  }

  @Override
  public String toString() {
    return "EpollRegistration(fd=" + handle.fd() + ", slot=" + slot + ", valid=" + valid + ")";
  }
}
