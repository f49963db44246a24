package io.tern.transport.linux.internal.uring;

import io.tern.buffer.ByteBuf;
import java.util.Arrays;

/**
 * The buffers an io_uring channel's zero-copy sends ({@code SEND_ZC}, {@code SENDMSG_ZC}) lend to
 * the kernel. A zero-copy send completes twice: first with the bytes sent (the channel's write is
 * done and the next one may start), then with a notification ({@code IORING_CQE_F_NOTIF}) once the
 * kernel no longer reads the pages. The buffers stay retained here until that notification, so the
 * outbound buffer may move on, or the channel close, without freeing memory the kernel still sends.
 *
 * <p>Each loan has a tag (0 to {@link #MAX_LOANS} - 1) that the send carries in its {@code
 * user_data}, so notifications may come in any order. Loop thread only.
 */
public final class ZeroCopyLoans {
  /** Loans outstanding at most; a write beyond them goes as a plain send. */
  public static final int MAX_LOANS = 256;

  private final ByteBuf[][] loans = new ByteBuf[MAX_LOANS][];
  private int next;
  private int outstanding;
  private long lent;

  /**
   * Tells whether a new loan fits.
   *
   * @return {@code true} if fewer than {@link #MAX_LOANS} are outstanding
   */
  public boolean hasRoom() {
    return outstanding < MAX_LOANS;
  }

  /**
   * Takes over {@code buffers[0..count)} (their references move here; the array is not kept).
   *
   * @param buffers retained buffers of one send
   * @param count how many
   * @return the loan's tag
   */
  public int lend(ByteBuf[] buffers, int count) {
    assert hasRoom();
    while (loans[next] != null) {
      next = (next + 1) & (MAX_LOANS - 1);
    }
    int tag = next;
    loans[tag] = Arrays.copyOf(buffers, count);
    next = (next + 1) & (MAX_LOANS - 1);
    outstanding++;
    lent++;
    return tag;
  }

  /**
   * Releases a loan's buffers: the kernel is done with them.
   *
   * @param tag what {@link #lend} returned
   */
  public void returned(int tag) {
    ByteBuf[] bufs = loans[tag];
    if (bufs == null) {
      return;
    }
    loans[tag] = null;
    outstanding--;
    for (ByteBuf b : bufs) {
      b.release();
    }
  }

  /**
   * Returns how many loans are outstanding.
   *
   * @return loans awaiting their notification
   */
  public int outstanding() {
    return outstanding;
  }

  /**
   * Returns how many loans were made in total; for tests and diagnostics.
   *
   * @return loans since creation
   */
  public long lent() {
    return lent;
  }
}
