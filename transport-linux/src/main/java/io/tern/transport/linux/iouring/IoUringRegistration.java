package io.tern.transport.linux.iouring;

import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.internal.uring.IoUringConstants;
import io.tern.transport.linux.internal.uring.UserData;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.RejectedExecutionException;

/**
 * An {@link IoUringIoHandle}'s registration: its slot in the handler's table, and the {@code
 * user_data} of every request still in flight, so {@link #cancel()} can cancel each one and the
 * slot is freed only after the last completion (a freed slot never receives a late completion).
 *
 * <p>{@link #submit} and the fast-path {@link #prepare} run on the loop thread; {@link #cancel()}
 * may come from any thread and is handed to the loop.
 */
final class IoUringRegistration implements IoRegistration {
  private static final VarHandle VALID;

  static {
    try {
      VALID =
          MethodHandles.lookup().findVarHandle(IoUringRegistration.class, "valid", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final IoUringIoHandle handle;
  private final IoUringIoHandler handler;
  private int slot;
  private int generation;
  private long[] inflight = new long[4];
  private int inflightCount;
  private boolean freed;
  private volatile boolean valid = true;

  IoUringRegistration(IoUringIoHandler handler, IoUringIoHandle handle) {
    this.handler = handler;
    this.handle = handle;
  }

  /**
   * Returns the io_uring registration behind a channel's registration (the event loop wraps it).
   *
   * @param registration a registration with an {@link IoUringIoHandler}, or {@code null}
   * @return the registration, or {@code null} for {@code null}
   */
  static IoUringRegistration of(IoRegistration registration) {
    return registration == null ? null : (IoUringRegistration) registration.attachment();
  }

  void bind(int slot, int generation) {
    this.slot = slot;
    this.generation = generation;
  }

  /** Returns this registration: channels of this transport use its fast path and handler. */
  @Override
  public Object attachment() {
    return this;
  }

  IoUringIoHandler handler() {
    return handler;
  }

  /**
   * Queues the request; it is submitted with the loop's next {@code io_uring_enter}.
   *
   * @return the request's {@code user_data}, or -1 if this registration was cancelled
   */
  @Override
  public long submit(IoOps ops) {
    if (!(ops instanceof IoUringIoOps o)) {
      throw new IllegalArgumentException("unsupported ops: " + ops);
    }
    return prepare(
        o.opcode(),
        o.flags(),
        o.ioPrio(),
        o.fd(),
        o.off(),
        o.addr(),
        o.len(),
        o.opFlags(),
        o.bufIndex(),
        o.personality(),
        o.spliceFdIn(),
        o.addr3(),
        o.data());
  }

  /** {@link #submit} without the ops object, for the transport's own channels. */
  long prepare(
      byte opcode,
      byte flags,
      short ioPrio,
      int fd,
      long off,
      long addr,
      int len,
      int opFlags,
      short bufIndex,
      short personality,
      int spliceFdIn,
      long addr3,
      short data) {
    assert handler.loop().inEventLoop();
    if (!valid) {
      return -1;
    }
    long userData = UserData.encode(slot, generation, opcode, data);
    handler.enqueue(
        opcode,
        flags,
        ioPrio,
        fd,
        off,
        addr,
        len,
        opFlags,
        userData,
        bufIndex,
        personality,
        spliceFdIn,
        addr3);
    if ((flags & IoUringConstants.IOSQE_CQE_SKIP_SUCCESS) == 0) {
      if (inflightCount == inflight.length) {
        inflight = Arrays.copyOf(inflight, inflightCount * 2);
      }
      inflight[inflightCount++] = userData;
      handler.inflightChanged(1);
    }
    return userData;
  }

  /** Called by the handler for each completion of this registration's requests. */
  void complete(IoUringIoEvent event, long userData, int res, int flags) {
    if ((flags & IoUringConstants.CQE_F_MORE) == 0) {
      for (int i = 0; i < inflightCount; i++) {
        if (inflight[i] == userData) {
          inflight[i] = inflight[--inflightCount];
          handler.inflightChanged(-1);
          break;
        }
      }
    }
    try {
      handle.handle(this, event.set(userData, res, flags));
    } finally {
      if (!valid && inflightCount == 0) {
        free();
      }
    }
  }

  /**
   * Returns whether requests are still in flight.
   *
   * @return the count
   */
  int inflight() {
    return inflightCount;
  }

  @Override
  public boolean isValid() {
    return valid;
  }

  /**
   * Stops new submissions and asks the kernel to cancel every request in flight; their completions
   * (mostly {@code -ECANCELED}) still reach the handle.
   */
  @Override
  public boolean cancel() {
    if (!VALID.compareAndSet(this, true, false)) {
      return false;
    }
    if (handler.loop().inEventLoop()) {
      cancelInflight();
    } else {
      try {
        handler.loop().execute(this::cancelInflight);
      } catch (RejectedExecutionException e) {
        // The loop is gone; destroying the ring cancelled everything.
      }
    }
    return true;
  }

  /**
   * Asks the kernel to cancel this registration's requests in flight that carry {@code data}; their
   * completions still arrive. Loop thread only.
   *
   * @param data the tag the requests were submitted with
   */
  void cancelRequests(short data) {
    for (int i = 0; i < inflightCount; i++) {
      if (UserData.data(inflight[i]) == data) {
        handler.enqueueCancel(inflight[i]);
      }
    }
  }

  private void cancelInflight() {
    handler.registrationCancelled();
    for (int i = 0; i < inflightCount; i++) {
      handler.enqueueCancel(inflight[i]);
    }
    if (inflightCount == 0) {
      free();
    }
  }

  private void free() {
    if (!freed) {
      freed = true;
      handler.free(slot);
    }
  }

  @Override
  public String toString() {
    return "IoUringRegistration(slot="
        + slot
        + ", inflight="
        + inflightCount
        + ", valid="
        + valid
        + ")";
  }
}
