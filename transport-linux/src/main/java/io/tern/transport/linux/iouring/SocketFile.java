package io.tern.transport.linux.iouring;

import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.FixedFiles;
import io.tern.transport.linux.internal.uring.IoUringConstants;

/**
 * A stream channel's socket as its io_uring requests name it: a slot of the loop's registered
 * (fixed) file table with {@code IOSQE_FIXED_FILE}, or, when the loop has no table or it is full,
 * the plain descriptor. The descriptor itself stays open either way, for the system calls the
 * channel makes directly (socket options, {@code shutdown}, {@code sendfile}).
 *
 * <p>Closing order ({@link #detach()}, then closing the descriptor): entries still waiting in the
 * submission queue name the slot, so they are submitted first; then the slot is emptied, which lets
 * the kernel release the socket once the requests in flight on it (cancelled by then) completed,
 * exactly as the descriptor's own references do without a table.
 *
 * <p>Loop thread only.
 */
final class SocketFile {
  private final Socket socket;
  private IoUringIoHandler handler;
  private FixedFiles table;
  private int slot = -1;
  private int target;
  private byte flags;

  SocketFile(Socket socket) {
    this.socket = socket;
    this.target = socket.intValue();
  }

  /**
   * Returns this socket's name for requests on {@code r}'s loop, taking a slot of its table on
   * first use.
   *
   * @param r the channel's registration
   * @return this, attached
   */
  SocketFile on(IoUringRegistration r) {
    if (handler == null) {
      attach(r.handler());
    }
    return this;
  }

  private void attach(IoUringIoHandler h) {
    handler = h;
    FixedFiles t = h.fixedFiles();
    if (t == null || !socket.isOpen()) {
      return;
    }
    int s = t.add(socket.intValue());
    if (s >= 0) {
      table = t;
      slot = s;
      target = s;
      flags = IoUringConstants.IOSQE_FIXED_FILE;
    }
  }

  /**
   * Returns what a request's {@code fd} field holds: the slot, or the descriptor.
   *
   * @return the slot or descriptor
   */
  int target() {
    return target;
  }

  /**
   * Returns the SQE flags naming the file: {@code IOSQE_FIXED_FILE} for a slot, else 0.
   *
   * @return the flags to or into a request's own
   */
  byte flags() {
    return flags;
  }

  /**
   * Returns whether the socket holds a slot of its loop's table.
   *
   * @return whether requests use the fixed file
   */
  boolean isFixed() {
    return slot >= 0;
  }

  /**
   * Gives the slot back before the descriptor is closed: submits the queued entries that may name
   * it, then empties it. Requests in flight keep the socket open until they complete.
   */
  void detach() {
    if (slot < 0) {
      return;
    }
    handler.submitPendingIfAny();
    table.remove(slot);
    slot = -1;
    table = null;
    target = socket.intValue();
    flags = 0;
  }
}
