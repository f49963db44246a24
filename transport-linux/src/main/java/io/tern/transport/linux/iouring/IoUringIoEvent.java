package io.tern.transport.linux.iouring;

import io.tern.transport.IoEvent;
import io.tern.transport.linux.internal.uring.IoUringConstants;
import io.tern.transport.linux.internal.uring.UserData;

/**
 * One io_uring completion delivered to an {@link IoUringIoHandle}: what completed ({@link
 * #opcode()}, {@link #data()}), its result and its flags.
 *
 * <h2>Threading</h2>
 *
 * <p>The handler reuses one instance for every completion, so the hot path allocates nothing: read
 * it during {@link io.tern.transport.IoHandle#handle} on the loop thread and do not keep it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a provided buffer it names ({@link #bufferId()}) is the
 * receiving handle's to take or recycle.
 */
public final class IoUringIoEvent implements IoEvent {
  private long userData;
  private int res;
  private int flags;

  IoUringIoEvent() {}

  IoUringIoEvent set(long userData, int res, int flags) {
    this.userData = userData;
    this.res = res;
    this.flags = flags;
    return this;
  }

  /**
   * Returns the request's opcode.
   *
   * @return an {@code IORING_OP_*} value, e.g. {@link IoUringIoOps#OP_RECV}
   */
  public byte opcode() {
    return UserData.opcode(userData);
  }

  /**
   * Returns the tag the handle gave the request.
   *
   * @return {@link IoUringIoOps#data()}
   */
  public short data() {
    return UserData.data(userData);
  }

  /**
   * Returns the request's {@code user_data}, as {@code submit} returned it.
   *
   * @return the user_data
   */
  public long userData() {
    return userData;
  }

  /**
   * Returns the result.
   *
   * @return bytes transferred, a new descriptor, 0, or {@code -errno}
   */
  public int res() {
    return res;
  }

  /**
   * Returns the completion flags.
   *
   * @return {@code IORING_CQE_F_*}
   */
  public int flags() {
    return flags;
  }

  /**
   * Returns whether the request will complete again (a multishot request still armed, or a
   * zero-copy send whose notification is to follow).
   *
   * @return {@code IORING_CQE_F_MORE}
   */
  public boolean hasMore() {
    return (flags & IoUringConstants.CQE_F_MORE) != 0;
  }

  /**
   * Returns the provided buffer the completion used.
   *
   * @return the buffer id, or -1 when {@code IORING_CQE_F_BUFFER} is not set
   */
  public int bufferId() {
    return (flags & IoUringConstants.CQE_F_BUFFER) != 0
        ? flags >>> IoUringConstants.CQE_BUFFER_SHIFT
        : -1;
  }

  /**
   * Returns whether this is a zero-copy send's notification (the buffer may now be reused).
   *
   * @return {@code IORING_CQE_F_NOTIF}
   */
  public boolean isNotification() {
    return (flags & IoUringConstants.CQE_F_NOTIF) != 0;
  }

  @Override
  public String toString() {
    return "IoUringIoEvent(op="
        + opcode()
        + ", data="
        + data()
        + ", res="
        + res
        + ", flags=0x"
        + Integer.toHexString(flags)
        + ")";
  }
}
