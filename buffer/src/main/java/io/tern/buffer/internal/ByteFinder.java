package io.tern.buffer.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the first occurrence of one byte value, eight bytes at a time: the processor behind {@code
 * ByteBuf.indexOf} and {@code bytesBefore}. As a {@link BulkByteProcessor} it is handed whole
 * ranges by heap and segment buffers (and, through their parents' and components' scans, by slices,
 * duplicates and composites); fed byte by byte it answers {@code b != value}.
 *
 * <p>A range is read as little-endian longs, so the lowest byte of a long is the lowest address.
 * Each long is XORed with the value repeated eight times, which turns a matching byte into zero,
 * and {@code (x - 0x0101…01) & ~x & 0x8080…80} sets the top bit of every zero byte. That test can
 * also flag a byte <em>above</em> a zero byte (through the borrow), never one below it, so the
 * lowest flagged byte, {@code numberOfTrailingZeros / 8}, is always the first match. A range that
 * is not a multiple of eight ends with a word that overlaps the one before it (whose bytes are
 * known not to match), so only ranges under eight bytes go byte by byte.
 *
 * <p>Stateless: one shared instance per byte value, so a search allocates nothing whatever the JIT
 * does with escape analysis.
 */
public final class ByteFinder implements BulkByteProcessor {
  private static final VarHandle ARRAY_LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong SEGMENT_LONG_LE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private static final ByteFinder[] FINDERS = new ByteFinder[256];

  static {
    for (int i = 0; i < FINDERS.length; i++) {
      FINDERS[i] = new ByteFinder((byte) i);
    }
  }

  private final byte value;
  private final long pattern;

  private ByteFinder(byte value) {
    this.value = value;
    this.pattern = (value & 0xFFL) * ONES;
  }

  /**
   * Returns the finder of {@code value}.
   *
   * @param value the byte to find
   * @return the shared finder
   */
  public static ByteFinder of(byte value) {
    return FINDERS[value & 0xFF];
  }

  @Override
  public boolean process(byte b) {
    return b != value;
  }

  @Override
  public int scan(byte[] array, int offset, int from, int to) {
    int i = offset + from;
    int end = offset + to;
    if (to - from < Long.BYTES) {
      for (; i < end; i++) {
        if (array[i] == value) {
          return i - offset;
        }
      }
      return -1;
    }
    long p = pattern;
    for (int last = end - Long.BYTES; ; i += Long.BYTES) {
      // The last word overlaps the one before it, whose bytes did not match.
      i = Math.min(i, last);
      long found = zeroBytes((long) ARRAY_LONG_LE.get(array, i) ^ p);
      if (found != 0) {
        return i - offset + (Long.numberOfTrailingZeros(found) >>> 3);
      }
      if (i == last) {
        return -1;
      }
    }
  }

  @Override
  public int scan(MemorySegment memory, long offset, int from, int to) {
    if (to - from < Long.BYTES) {
      for (int i = from; i < to; i++) {
        if (memory.get(ValueLayout.JAVA_BYTE, offset + i) == value) {
          return i;
        }
      }
      return -1;
    }
    long p = pattern;
    for (int i = from, last = to - Long.BYTES; ; i += Long.BYTES) {
      // The last word overlaps the one before it, whose bytes did not match.
      i = Math.min(i, last);
      long found = zeroBytes(memory.get(SEGMENT_LONG_LE, offset + i) ^ p);
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
      if (i == last) {
        return -1;
      }
    }
  }

  // The top bit of each zero byte of x (and possibly of bytes above the first zero byte).
  private static long zeroBytes(long x) {
    return (x - ONES) & ~x & HIGHS;
  }
}
