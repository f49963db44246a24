package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SEND;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SEND_ZC;

import io.tern.transport.linux.internal.channel.FlushedIovecs;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.uring.IoUringConstants;
import io.tern.transport.linux.internal.uring.ZeroCopyLoans;
import io.tern.transport.spi.ChannelOutboundBuffer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The write submission of one {@link IoUringStreamChannel}: at most one write in flight, whose
 * flushed buffers become one {@code SEND} (a single buffer) or {@code WRITEV} over {@link
 * WriteVectors} the loop lends for the time of the write, or a zero-copy {@code SEND_ZC} / {@code
 * SENDMSG_ZC} at the loop's threshold, whose buffers stay lent ({@link ZeroCopyLoans}) until the
 * kernel's notification. The buffers of a write are retained until its completion, so a close that
 * releases the outbound buffer never frees memory the kernel still reads.
 *
 * <p>The channel decides when to write and what a completion means for its pipeline; this class
 * only gathers, submits, and gives back what a completed write held. Event loop only.
 */
final class StreamWrites {
  /** The user data of a plain write's completion. */
  static final short WRITE = 2;

  /** A zero-copy write's user data: this + the tag of its {@link ZeroCopyLoans} loan. */
  static final short WRITE_ZC = 0x100;

  /** What {@link #zeroCopyCompleted} found. */
  enum ZeroCopyResult {
    /** The kernel's notification: the loan is back, nothing else happened. */
    NOTIFICATION,
    /** The socket takes no zero-copy sends (nothing was sent): send plainly, from now on. */
    REFUSED,
    /** The bytes sent: complete the write with them. */
    SENT
  }

  // struct msghdr on LP64: iov @16, iovlen @24 (the rest stays zero)
  private static final int MSGHDR_SIZE = 56;

  private boolean inFlight;
  // Lent by the loop while a write is in flight, given back when it completes.
  private WriteVectors vectors;
  private MemorySegment msghdr; // for SENDMSG_ZC; allocated on first use, freed on close
  private ZeroCopyLoans loans;
  private boolean zeroCopyRefused; // the socket answered EOPNOTSUPP: plain sends from now on
  private long writingBytes;
  private IoUringIoHandler handler; // of the last write, to submit it early on close

  /** Whether a write is in flight. */
  boolean inFlight() {
    return inFlight;
  }

  /** Outstanding zero-copy loans, or {@code null} before the first zero-copy write; for tests. */
  ZeroCopyLoans zeroCopyLoans() {
    return loans;
  }

  /**
   * Gathers the flushed buffers at the head of {@code in} (retaining them) and submits them as one
   * write on {@code file}; does nothing if nothing could be gathered.
   *
   * @param r the channel's registration
   * @param file the channel's socket, as {@code r}'s requests name it
   * @param in the outbound buffer; its current message is a readable buffer
   */
  void submit(IoUringRegistration r, SocketFile file, ChannelOutboundBuffer in) {
    IoUringIoHandler h = r.handler();
    WriteVectors v = h.takeWriteVectors();
    IovArray iov = v.iov;
    FlushedIovecs gathered = v.gathered;
    if (gathered.gather(in, iov, Integer.MAX_VALUE) == 0) {
      h.giveBackWriteVectors(v);
      return;
    }
    vectors = v;
    writingBytes = iov.bytes();
    inFlight = true;
    handler = h;
    if (zeroCopy(h, iov)) {
      submitZeroCopy(r, file, v);
    } else if (iov.count() == 1) {
      SocketRequests.send(r, OP_SEND, file, gathered.firstAddress(), (int) writingBytes, WRITE);
    } else {
      SocketRequests.writev(r, file, iov.address(), iov.count(), WRITE);
    }
  }

  /** Whether the write gathered now goes as a zero-copy send. */
  private boolean zeroCopy(IoUringIoHandler h, IovArray iov) {
    int threshold = h.sendZcThreshold();
    return threshold >= 0
        && writingBytes >= threshold
        && !zeroCopyRefused
        && (iov.count() == 1 || h.sendmsgZc())
        && (loans == null || loans.hasRoom());
  }

  /**
   * Submits the gathered write as {@code SEND_ZC} (one buffer) or {@code SENDMSG_ZC}; the retained
   * buffers move to a loan that the send's notification returns.
   */
  private void submitZeroCopy(IoUringRegistration r, SocketFile file, WriteVectors v) {
    if (loans == null) {
      loans = new ZeroCopyLoans();
    }
    IovArray iov = v.iov;
    short data = (short) (WRITE_ZC + v.gathered.lendRetained(loans));
    if (iov.count() == 1) {
      SocketRequests.send(r, OP_SEND_ZC, file, v.gathered.firstAddress(), (int) writingBytes, data);
      return;
    }
    if (msghdr == null) {
      msghdr = LibC.calloc(MSGHDR_SIZE);
    }
    msghdr.set(ValueLayout.JAVA_LONG, 16, iov.address());
    msghdr.set(ValueLayout.JAVA_LONG, 24, iov.count());
    SocketRequests.sendmsgZeroCopy(r, file, msghdr.address(), data);
  }

  /**
   * A zero-copy send's completion: the first carries the bytes sent ({@code F_MORE} when a
   * notification follows), the notification returns the loan. On {@link ZeroCopyResult#REFUSED} the
   * write is over (not in flight, its vectors given back); on {@link ZeroCopyResult#SENT} the
   * channel completes it with {@link #completed()}.
   *
   * @param tag the loan's tag (the user data less {@link #WRITE_ZC})
   * @param res the completion's result
   * @param flags the completion's flags
   * @return what the completion was
   */
  ZeroCopyResult zeroCopyCompleted(int tag, int res, int flags) {
    if ((flags & IoUringConstants.CQE_F_NOTIF) != 0) {
      loans.returned(tag);
      return ZeroCopyResult.NOTIFICATION;
    }
    if ((flags & IoUringConstants.CQE_F_MORE) == 0) {
      loans.returned(tag);
    }
    if (res == -Errno.EOPNOTSUPP) {
      zeroCopyRefused = true;
      completed();
      return ZeroCopyResult.REFUSED;
    }
    return ZeroCopyResult.SENT;
  }

  /**
   * Ends the write in flight: releases what it retained and gives its vectors back to the loop. The
   * channel removes the written bytes from its outbound buffer first, while the write still counts
   * as in flight (so a flush from a promise listener waits for {@code writeReady}).
   *
   * @return whether the write had gathered more than one buffer
   */
  boolean completed() {
    inFlight = false;
    WriteVectors v = vectors;
    if (v == null) {
      return false;
    }
    vectors = null;
    boolean gatheredMany = v.iov.count() > 1;
    v.gathered.releaseRetained();
    handler.giveBackWriteVectors(v);
    return gatheredMany;
  }

  /**
   * The channel closes: a write flushed just before (an answer, then close) may still sit in the
   * submission queue, naming the descriptor by number, so it is submitted before the number is
   * closed; the write memory is freed unless a write still uses it (then {@link #freeMemory()} on
   * its completion).
   */
  void closing() {
    if (inFlight && handler != null) {
      handler.submitPending();
    }
    if (!inFlight) {
      freeMemory();
    }
  }

  /** Frees the msghdr once no write uses it. */
  void freeMemory() {
    if (msghdr != null) {
      LibC.free(msghdr);
      msghdr = null;
    }
  }
}
