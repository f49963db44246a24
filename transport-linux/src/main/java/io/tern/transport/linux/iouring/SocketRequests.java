package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.ACCEPT_MULTISHOT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.IOSQE_BUFFER_SELECT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_ACCEPT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_CONNECT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_POLL_ADD;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_RECV;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SENDMSG_ZC;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_WRITEV;
import static io.tern.transport.linux.internal.uring.IoUringConstants.RECV_MULTISHOT;

import io.tern.transport.linux.internal.sys.LinuxConstants;

/**
 * The io_uring requests the transport's socket channels queue, each one SQE filled through {@link
 * IoUringRegistration#prepare} (no ops object). Only the fields a request uses are named here; the
 * rest stay zero. A stream channel's socket is named by its {@link SocketFile} (a fixed file slot
 * or the descriptor). Every method returns the request's {@code user_data} (-1 if the registration
 * was cancelled). Loop thread only.
 */
final class SocketRequests {
  private SocketRequests() {}

  /** One {@code RECV} into {@code length} bytes at {@code address}. */
  static long recv(IoUringRegistration r, SocketFile f, long address, int length, short data) {
    return r.prepare(
        OP_RECV,
        f.flags(),
        (short) 0,
        f.target(),
        0,
        address,
        length,
        0,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /** A multishot {@code RECV} taking its buffers from provided-buffer group {@code group}. */
  static long recvMultishot(IoUringRegistration r, SocketFile f, short group, short data) {
    return r.prepare(
        OP_RECV,
        (byte) (IOSQE_BUFFER_SELECT | f.flags()),
        RECV_MULTISHOT,
        f.target(),
        0,
        0,
        0,
        0,
        group,
        (short) 0,
        0,
        0,
        data);
  }

  /** {@code SEND} or {@code SEND_ZC} ({@code opcode}) of one piece of memory. */
  static long send(
      IoUringRegistration r, byte opcode, SocketFile f, long address, int length, short data) {
    return r.prepare(
        opcode,
        f.flags(),
        (short) 0,
        f.target(),
        0,
        address,
        length,
        LinuxConstants.MSG_NOSIGNAL,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /** {@code WRITEV} over {@code count} {@code iovec}s at {@code iov}. */
  static long writev(IoUringRegistration r, SocketFile f, long iov, int count, short data) {
    return r.prepare(
        OP_WRITEV,
        f.flags(),
        (short) 0,
        f.target(),
        0,
        iov,
        count,
        0,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /** {@code SENDMSG_ZC} of the {@code struct msghdr} at {@code msghdr}. */
  static long sendmsgZeroCopy(IoUringRegistration r, SocketFile f, long msghdr, short data) {
    return r.prepare(
        OP_SENDMSG_ZC,
        f.flags(),
        (short) 0,
        f.target(),
        0,
        msghdr,
        1,
        LinuxConstants.MSG_NOSIGNAL,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /** {@code CONNECT} to the {@code sockaddr} of {@code length} bytes at {@code address}. */
  static long connect(IoUringRegistration r, SocketFile f, long address, int length, short data) {
    // the address length goes in the SQE's off field
    return r.prepare(
        OP_CONNECT,
        f.flags(),
        (short) 0,
        f.target(),
        length,
        address,
        0,
        0,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }

  /** One-shot {@code POLL_ADD} for {@code events} ({@code POLLOUT}, say). */
  static long poll(IoUringRegistration r, int fd, int events, short data) {
    return poll(r, (byte) 0, fd, events, data);
  }

  /** One-shot {@code POLL_ADD} on a stream channel's socket. */
  static long poll(IoUringRegistration r, SocketFile f, int events, short data) {
    return poll(r, f.flags(), f.target(), events, data);
  }

  private static long poll(IoUringRegistration r, byte flags, int fd, int events, short data) {
    return r.prepare(
        OP_POLL_ADD, flags, (short) 0, fd, 0, 0, 0, events, (short) 0, (short) 0, 0, 0, data);
  }

  /** {@code ACCEPT} of non-blocking, close-on-exec sockets; multishot where the kernel has it. */
  static long accept(IoUringRegistration r, int fd, boolean multishot, short data) {
    return r.prepare(
        OP_ACCEPT,
        (byte) 0,
        multishot ? ACCEPT_MULTISHOT : 0,
        fd,
        0,
        0,
        0,
        LinuxConstants.SOCK_NONBLOCK | LinuxConstants.SOCK_CLOEXEC,
        (short) 0,
        (short) 0,
        0,
        0,
        data);
  }
}
