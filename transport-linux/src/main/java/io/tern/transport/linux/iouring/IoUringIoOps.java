package io.tern.transport.linux.iouring;

import io.tern.transport.IoOps;
import io.tern.transport.linux.internal.uring.IoUringConstants;

/**
 * One io_uring request (a submission queue entry) an {@link IoUringIoHandle} asks its {@link
 * IoUringIoHandler} to queue, through {@link io.tern.transport.IoRegistration#submit}. The fields
 * mirror {@code struct io_uring_sqe}; {@code user_data} is chosen by the handler (it encodes the
 * registration, the opcode and {@link #data()}) and returned by {@code submit}, so the request can
 * be cancelled with {@link #newAsyncCancel(long, short)}.
 *
 * <p>Addresses are native memory the submitter keeps valid until the request completes. Requests
 * queued during a loop iteration are submitted together, with one {@code io_uring_enter}, before
 * the loop waits again.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; built and submitted on the loop thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the native memory its addresses name is the submitter's to
 * keep valid until the request completes.
 *
 * @param opcode {@code IORING_OP_*}
 * @param flags {@code IOSQE_*}
 * @param ioPrio the SQE priority field, which also carries send/recv and accept flags (e.g.
 *     multishot)
 * @param fd the descriptor
 * @param off the offset field (the second address of some opcodes)
 * @param addr {@code addr}: a buffer, an iovec array, a sockaddr, or a user_data to cancel
 * @param len {@code len}: a length or an iovec count
 * @param opFlags the per-opcode flags word ({@code msg_flags}, {@code accept_flags}, ...)
 * @param bufIndex {@code buf_index}/{@code buf_group}
 * @param personality {@code personality}
 * @param spliceFdIn {@code splice_fd_in}/{@code file_index}
 * @param addr3 {@code addr3}
 * @param data a tag of the handle's choosing, returned in {@link IoUringIoEvent#data()}
 */
public record IoUringIoOps(
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
    short data)
    implements IoOps {

  /** {@code IORING_OP_NOP}. */
  public static final byte OP_NOP = IoUringConstants.OP_NOP;

  /** {@code IORING_OP_WRITEV}. */
  public static final byte OP_WRITEV = IoUringConstants.OP_WRITEV;

  /** {@code IORING_OP_POLL_ADD}. */
  public static final byte OP_POLL_ADD = IoUringConstants.OP_POLL_ADD;

  /** {@code IORING_OP_ACCEPT}. */
  public static final byte OP_ACCEPT = IoUringConstants.OP_ACCEPT;

  /** {@code IORING_OP_ASYNC_CANCEL}. */
  public static final byte OP_ASYNC_CANCEL = IoUringConstants.OP_ASYNC_CANCEL;

  /** {@code IORING_OP_CONNECT}. */
  public static final byte OP_CONNECT = IoUringConstants.OP_CONNECT;

  /** {@code IORING_OP_CLOSE}. */
  public static final byte OP_CLOSE = IoUringConstants.OP_CLOSE;

  /** {@code IORING_OP_READ}. */
  public static final byte OP_READ = IoUringConstants.OP_READ;

  /** {@code IORING_OP_WRITE}. */
  public static final byte OP_WRITE = IoUringConstants.OP_WRITE;

  /** {@code IORING_OP_SEND}. */
  public static final byte OP_SEND = IoUringConstants.OP_SEND;

  /** {@code IORING_OP_RECV}. */
  public static final byte OP_RECV = IoUringConstants.OP_RECV;

  /** {@code IORING_OP_SHUTDOWN}. */
  public static final byte OP_SHUTDOWN = IoUringConstants.OP_SHUTDOWN;

  /** {@code IORING_OP_SEND_ZC} (Linux 6.0). */
  public static final byte OP_SEND_ZC = IoUringConstants.OP_SEND_ZC;

  /** {@code IOSQE_BUFFER_SELECT}: take the buffer from the group in {@link #bufIndex()}. */
  public static final byte IOSQE_BUFFER_SELECT = IoUringConstants.IOSQE_BUFFER_SELECT;

  /** {@code IORING_ACCEPT_MULTISHOT}, in {@link #ioPrio()} of an accept. */
  public static final short ACCEPT_MULTISHOT = IoUringConstants.ACCEPT_MULTISHOT;

  /** {@code IORING_RECV_MULTISHOT}, in {@link #ioPrio()} of a receive. */
  public static final short RECV_MULTISHOT = IoUringConstants.RECV_MULTISHOT;

  /**
   * A no-op, completing with result 0.
   *
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newNop(short data) {
    return new IoUringIoOps(
        OP_NOP, (byte) 0, (short) 0, -1, 0, 0, 0, 0, (short) 0, (short) 0, 0, 0, data);
  }

  /**
   * Receives into a buffer ({@code IORING_OP_RECV}).
   *
   * @param fd the socket
   * @param address the buffer
   * @param length its size
   * @param msgFlags {@code MSG_*}
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newRecv(int fd, long address, int length, int msgFlags, short data) {
    return new IoUringIoOps(
        OP_RECV, (byte) 0, (short) 0, fd, 0, address, length, msgFlags, (short) 0, (short) 0, 0, 0,
        data);
  }

  /**
   * Receives into buffers of a provided buffer ring, completing once per arrival until it fails or
   * is cancelled ({@code IORING_OP_RECV} with {@code IORING_RECV_MULTISHOT} and {@code
   * IOSQE_BUFFER_SELECT}; Linux 6.0).
   *
   * @param fd the socket
   * @param bufferGroup the ring's group id
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newRecvMultishot(int fd, short bufferGroup, short data) {
    return new IoUringIoOps(
        OP_RECV,
        IOSQE_BUFFER_SELECT,
        RECV_MULTISHOT,
        fd,
        0,
        0,
        0,
        0,
        bufferGroup,
        (short) 0,
        0,
        0,
        data);
  }

  /**
   * Sends a buffer ({@code IORING_OP_SEND}).
   *
   * @param fd the socket
   * @param address the bytes
   * @param length how many
   * @param msgFlags {@code MSG_*} ({@code MSG_NOSIGNAL} is wise)
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newSend(int fd, long address, int length, int msgFlags, short data) {
    return new IoUringIoOps(
        OP_SEND, (byte) 0, (short) 0, fd, 0, address, length, msgFlags, (short) 0, (short) 0, 0, 0,
        data);
  }

  /**
   * Writes an iovec array ({@code IORING_OP_WRITEV}).
   *
   * @param fd the descriptor
   * @param iovAddress the iovec array
   * @param iovCount its entries
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newWritev(int fd, long iovAddress, int iovCount, short data) {
    return new IoUringIoOps(
        OP_WRITEV,
        (byte) 0,
        (short) 0,
        fd,
        0,
        iovAddress,
        iovCount,
        0,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /**
   * Accepts connections ({@code IORING_OP_ACCEPT}); each completion's result is a new descriptor.
   *
   * @param fd the listening socket
   * @param address room for the peer address, or 0
   * @param addressLength address of a {@code socklen_t} holding its size, or 0
   * @param acceptFlags {@code SOCK_NONBLOCK | SOCK_CLOEXEC} and friends
   * @param multishot whether one request accepts until cancelled (Linux 5.19)
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newAccept(
      int fd, long address, long addressLength, int acceptFlags, boolean multishot, short data) {
    return new IoUringIoOps(
        OP_ACCEPT,
        (byte) 0,
        multishot ? ACCEPT_MULTISHOT : 0,
        fd,
        addressLength,
        address,
        0,
        acceptFlags,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /**
   * Connects a socket ({@code IORING_OP_CONNECT}).
   *
   * @param fd the socket
   * @param address the peer's sockaddr
   * @param addressLength its length
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newConnect(int fd, long address, int addressLength, short data) {
    return new IoUringIoOps(
        OP_CONNECT,
        (byte) 0,
        (short) 0,
        fd,
        addressLength,
        address,
        0,
        0,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /**
   * Shuts down a socket ({@code IORING_OP_SHUTDOWN}).
   *
   * @param fd the socket
   * @param how {@code SHUT_RD} (0), {@code SHUT_WR} (1) or {@code SHUT_RDWR} (2)
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newShutdown(int fd, int how, short data) {
    return new IoUringIoOps(
        OP_SHUTDOWN, (byte) 0, (short) 0, fd, 0, 0, how, 0, (short) 0, (short) 0, 0, 0, data);
  }

  /**
   * Closes a descriptor ({@code IORING_OP_CLOSE}).
   *
   * @param fd the descriptor
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newClose(int fd, short data) {
    return new IoUringIoOps(
        OP_CLOSE, (byte) 0, (short) 0, fd, 0, 0, 0, 0, (short) 0, (short) 0, 0, 0, data);
  }

  /**
   * Cancels an earlier request ({@code IORING_OP_ASYNC_CANCEL}); the cancelled request completes
   * with {@code -ECANCELED}, this one with 0, {@code -ENOENT} (already done) or {@code -EALREADY}.
   *
   * @param userData what {@code submit} returned for the request to cancel
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newAsyncCancel(long userData, short data) {
    return new IoUringIoOps(
        OP_ASYNC_CANCEL,
        (byte) 0,
        (short) 0,
        -1,
        0,
        userData,
        0,
        0,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /**
   * Waits for readiness ({@code IORING_OP_POLL_ADD}), once or, with {@code multishot}, until
   * cancelled.
   *
   * @param fd the descriptor
   * @param events {@code POLLIN}/{@code POLLOUT}/... bits (the same values as {@code EPOLL*})
   * @param multishot whether to keep reporting
   * @param data the handle's tag
   * @return the ops
   */
  public static IoUringIoOps newPollAdd(int fd, int events, boolean multishot, short data) {
    return new IoUringIoOps(
        OP_POLL_ADD,
        (byte) 0,
        (short) 0,
        fd,
        0,
        0,
        multishot ? 1 : 0,
        events,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }
}
