package io.tern.transport.linux.iouring;

import io.tern.transport.linux.internal.channel.FlushedIovecs;
import io.tern.transport.linux.internal.sys.IovArray;
import java.util.Arrays;

/**
 * The {@code iovec} array and retaining gatherer one stream write in flight needs, lent by the
 * loop's {@link IoUringIoHandler} for the time between the request's submission and its completion
 * and then given back, so a connection that is not writing holds neither (the array is native
 * memory: 1 KiB per connection otherwise, kept for the connection's life).
 *
 * <p>{@link Pool} keeps the vectors given back for the next write of any channel on the loop, up to
 * a bound, and frees the rest. Loop thread only.
 */
final class WriteVectors {
  /** Entries of each array: a write gathers at most this many buffers. */
  static final int MAX_IOV = 64;

  final IovArray iov = new IovArray(MAX_IOV, Integer.MAX_VALUE);
  final FlushedIovecs gathered = FlushedIovecs.retaining();

  private WriteVectors() {}

  /** The free vectors of one loop. */
  static final class Pool {
    // More writes than this in flight at once on one loop allocate and free their own vectors.
    private static final int MAX_POOLED = 256;

    private WriteVectors[] free = new WriteVectors[16];
    private int count;

    /** Lends vectors, reusing given-back ones first. */
    WriteVectors take() {
      if (count == 0) {
        return new WriteVectors();
      }
      WriteVectors v = free[--count];
      free[count] = null;
      return v;
    }

    /** Takes vectors back once their write completed and released what it retained. */
    void giveBack(WriteVectors v) {
      if (count == MAX_POOLED) {
        v.iov.close();
        return;
      }
      if (count == free.length) {
        free = Arrays.copyOf(free, Math.min(MAX_POOLED, count * 2));
      }
      free[count++] = v;
    }

    /** Frees every pooled array; the loop is ending. */
    void close() {
      for (int i = 0; i < count; i++) {
        free[i].iov.close();
        free[i] = null;
      }
      count = 0;
    }
  }
}
