package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Incremental UTF-8 validation (RFC 3629) of a byte stream that arrives in pieces: a text message
 * split across frames, and each frame across reads.
 *
 * <p>An automaton with nine states: "error", "between characters", "one, two or three continuation
 * bytes owed", and four states for the second byte after {@code E0}, {@code ED}, {@code F0} and
 * {@code F4}, whose narrower ranges are what exclude overlong forms, surrogates and code points
 * above U+10FFFF. It is laid out as a <em>shift automaton</em>: each state is a bit offset (a
 * multiple of six), and the table entry of a byte is one {@code long} holding, at each state's
 * offset, the six-bit offset of the state that byte leads to. One step is then {@code state =
 * ROW[b] >>> state}: the table load depends only on the byte, so loads for the next bytes issue
 * ahead, and the chain from one byte's state to the next is a single shift (Java masks a {@code
 * long}'s shift distance to six bits, so the state needs no masking between steps). A table indexed
 * by state and byte class costs two dependent loads per byte instead, which is what bounded the
 * previous version on mixed text.
 *
 * <p>The error state is offset 0, where every row holds 0: once entered it is never left, so a run
 * of bytes needs one test at its end, not one per byte; the run is replayed byte by byte only when
 * it failed, to name the first bad byte. Input is read eight bytes at a time (one bounds check per
 * word, the bytes taken from the word by shifts); between characters a word without a high bit is
 * ASCII and skipped with one test. {@link #feed} reports the first byte that cannot continue a
 * valid sequence, so a bad message fails as soon as the word holding that byte has arrived.
 *
 * <p>Not thread-safe; one per decoder.
 */
public final class Utf8Validator {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong SEGMENT_LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  // States: bit offsets into a row (six bits each). ERROR must be 0 (see the class comment).
  private static final int ERROR = 0;
  private static final int ACCEPT = 6;
  private static final int NEED_1 = 12;
  private static final int NEED_2 = 18;
  private static final int NEED_3 = 24;
  private static final int AFTER_E0 = 30; // A0..BF, then one more
  private static final int AFTER_ED = 36; // 80..9F, then one more
  private static final int AFTER_F0 = 42; // 90..BF, then two more
  private static final int AFTER_F4 = 48; // 80..8F, then two more

  /** Per byte value: at each state's offset, the offset of the next state. */
  private static final long[] ROWS = new long[256];

  static {
    for (int b = 0; b < 256; b++) {
      long row = 0;
      for (int state = ACCEPT; state <= AFTER_F4; state += 6) {
        row |= (long) next(state, b) << state;
      }
      ROWS[b] = row;
    }
  }

  /** The transition function, spelled out range by range (used to build {@link #ROWS}). */
  private static int next(int state, int b) {
    boolean cont = b >= 0x80 && b <= 0xBF;
    return switch (state) {
      case ACCEPT -> {
        if (b < 0x80) {
          yield ACCEPT;
        } else if (b >= 0xC2 && b <= 0xDF) {
          yield NEED_1;
        } else if (b == 0xE0) {
          yield AFTER_E0;
        } else if (b == 0xED) {
          yield AFTER_ED;
        } else if (b >= 0xE1 && b <= 0xEF) {
          yield NEED_2;
        } else if (b == 0xF0) {
          yield AFTER_F0;
        } else if (b >= 0xF1 && b <= 0xF3) {
          yield NEED_3;
        } else if (b == 0xF4) {
          yield AFTER_F4;
        }
        yield ERROR; // continuation bytes, C0, C1, F5..FF
      }
      case NEED_1 -> cont ? ACCEPT : ERROR;
      case NEED_2 -> cont ? NEED_1 : ERROR;
      case NEED_3 -> cont ? NEED_2 : ERROR;
      case AFTER_E0 -> b >= 0xA0 && b <= 0xBF ? NEED_1 : ERROR;
      case AFTER_ED -> b >= 0x80 && b <= 0x9F ? NEED_1 : ERROR;
      case AFTER_F0 -> b >= 0x90 && b <= 0xBF ? NEED_2 : ERROR;
      case AFTER_F4 -> b >= 0x80 && b <= 0x8F ? NEED_2 : ERROR;
      default -> ERROR;
    };
  }

  /**
   * The automaton's state: a state offset in its low six bits (higher bits are left over from the
   * last row and ignored by every shift); never {@code ERROR} between calls.
   */
  private long state = ACCEPT;

  /** Creates a validator at the start of a text. */
  public Utf8Validator() {}

  /** Forgets any partial sequence: the next byte starts a new text. */
  public void reset() {
    state = ACCEPT;
  }

  /**
   * Returns whether the bytes fed so far end on a character boundary (a complete text).
   *
   * @return {@code true} if no sequence is left open
   */
  public boolean isComplete() {
    return (state & 63) == ACCEPT;
  }

  private static long step(long s, int b) {
    return ROWS[b & 0xFF] >>> s;
  }

  /** Runs the eight bytes of {@code w} (little-endian: lowest byte first) from state {@code s}. */
  private static long step8(long s, long w) {
    s = ROWS[(int) w & 0xFF] >>> s;
    s = ROWS[(int) (w >>> 8) & 0xFF] >>> s;
    s = ROWS[(int) (w >>> 16) & 0xFF] >>> s;
    s = ROWS[(int) (w >>> 24) & 0xFF] >>> s;
    s = ROWS[(int) (w >>> 32) & 0xFF] >>> s;
    s = ROWS[(int) (w >>> 40) & 0xFF] >>> s;
    s = ROWS[(int) (w >>> 48) & 0xFF] >>> s;
    return ROWS[(int) (w >>> 56) & 0xFF] >>> s;
  }

  /** Returns the position (0 to 7) of the byte of {@code w} that moves {@code s} into the error. */
  private static int firstBad(long s, long w) {
    for (int k = 0; ; k++) {
      s = step(s, (int) (w >>> (8 * k)));
      if ((s & 63) == ERROR) {
        return k;
      }
    }
  }

  /**
   * Validates {@code length} bytes of {@code buf} at {@code index}, continuing the current text.
   *
   * @param buf the buffer
   * @param index absolute index of the first byte
   * @param length number of bytes
   * @return {@code -1} if every byte may continue a valid text, else the index of the first byte
   *     that may not (the validator is then in an undefined state until {@link #reset})
   */
  public int feed(ByteBuf buf, int index, int length) {
    if (buf.hasArray()) {
      int base = buf.arrayOffset();
      int bad = feed(buf.array(), base + index, length);
      return bad < 0 ? -1 : bad - base;
    }
    if (buf.hasMemorySegment()) {
      long bad = feed(buf.memorySegment(), index, length);
      return (int) bad;
    }
    int end = index + length;
    int i = index;
    long s = state;
    for (; i + 8 <= end; i += 8) {
      long w = buf.getLongLE(i);
      if ((w & HIGH_BITS) == 0 && (s & 63) == ACCEPT) {
        continue;
      }
      long after = step8(s, w);
      if ((after & 63) == ERROR) {
        return i + firstBad(s, w);
      }
      s = after;
    }
    for (; i < end; i++) {
      s = step(s, buf.getByte(i));
      if ((s & 63) == ERROR) {
        return i;
      }
    }
    state = s;
    return -1;
  }

  /**
   * Validates {@code length} bytes of {@code a} at {@code offset}, continuing the current text.
   *
   * @param a the array
   * @param offset first offset
   * @param length number of bytes
   * @return {@code -1} if valid so far, else the offset of the first bad byte
   */
  public int feed(byte[] a, int offset, int length) {
    int end = offset + length;
    int i = offset;
    long s = state;
    for (; i + 8 <= end; i += 8) {
      long w = (long) LONGS.get(a, i);
      if ((w & HIGH_BITS) == 0 && (s & 63) == ACCEPT) {
        continue;
      }
      long after = step8(s, w);
      if ((after & 63) == ERROR) {
        return i + firstBad(s, w);
      }
      s = after;
    }
    for (; i < end; i++) {
      s = step(s, a[i]);
      if ((s & 63) == ERROR) {
        return i;
      }
    }
    state = s;
    return -1;
  }

  private long feed(MemorySegment m, long offset, int length) {
    long end = offset + length;
    long i = offset;
    long s = state;
    for (; i + 8 <= end; i += 8) {
      long w = m.get(SEGMENT_LONG, i);
      if ((w & HIGH_BITS) == 0 && (s & 63) == ACCEPT) {
        continue;
      }
      long after = step8(s, w);
      if ((after & 63) == ERROR) {
        return i + firstBad(s, w);
      }
      s = after;
    }
    for (; i < end; i++) {
      s = step(s, m.get(ValueLayout.JAVA_BYTE, i));
      if ((s & 63) == ERROR) {
        return i;
      }
    }
    state = s;
    return -1;
  }

  /**
   * Validates byte by byte with no word fast path; the reference the fast path is tested and
   * measured against.
   *
   * @param a the array
   * @param offset first offset
   * @param length number of bytes
   * @return {@code -1} if valid so far, else the offset of the first bad byte
   */
  public int feedBytewise(byte[] a, int offset, int length) {
    long s = state;
    for (int i = offset; i < offset + length; i++) {
      s = step(s, a[i]);
      if ((s & 63) == ERROR) {
        return i;
      }
    }
    state = s;
    return -1;
  }
}
