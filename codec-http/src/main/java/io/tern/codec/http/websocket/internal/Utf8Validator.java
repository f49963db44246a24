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
 * <p>A table-driven automaton: each byte is first mapped to one of twelve classes (ASCII, three
 * ranges of continuation bytes, invalid bytes, and the lead bytes grouped by what they allow next),
 * then the state and the class index the next state. Its states are "between characters", "one, two
 * or three continuation bytes owed", and four states for the second byte after {@code E0}, {@code
 * ED}, {@code F0} and {@code F4}, whose narrower ranges are what exclude overlong forms, surrogates
 * and code points above U+10FFFF. Two table loads per byte and no data-dependent branch but the
 * reject test, where a chain of comparisons mispredicts on mixed text. Between characters, eight
 * bytes are still checked at once for the high bit, so ASCII text costs one load and one test per
 * word. {@link #feed} returns at the first byte that cannot continue a valid sequence, so a bad
 * message fails as soon as that byte has arrived.
 *
 * <p>Not thread-safe; one per decoder.
 */
public final class Utf8Validator {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong SEGMENT_LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  // Byte classes.
  private static final int ASCII = 0;
  private static final int CONT_80_8F = 1;
  private static final int CONT_90_9F = 2;
  private static final int CONT_A0_BF = 3;
  private static final int INVALID = 4; // C0, C1, F5..FF
  private static final int LEAD_2 = 5; // C2..DF
  private static final int LEAD_E0 = 6;
  private static final int LEAD_3 = 7; // E1..EC, EE, EF
  private static final int LEAD_ED = 8;
  private static final int LEAD_F0 = 9;
  private static final int LEAD_4 = 10; // F1..F3
  private static final int LEAD_F4 = 11;

  // States, multiplied by the number of classes so that state + class indexes the transition
  // table (and every state fits in a byte).
  private static final int ACCEPT = 0;
  private static final int NEED_1 = 12;
  private static final int NEED_2 = 24;
  private static final int NEED_3 = 36;
  private static final int AFTER_E0 = 48; // A0..BF, then one more
  private static final int AFTER_ED = 60; // 80..9F, then one more
  private static final int AFTER_F0 = 72; // 90..BF, then two more
  private static final int AFTER_F4 = 84; // 80..8F, then two more
  private static final int REJECT = 96;

  private static final byte[] CLASSES = new byte[256];
  private static final byte[] NEXT = new byte[REJECT + 12];

  static {
    for (int b = 0; b < 256; b++) {
      int c;
      if (b < 0x80) {
        c = ASCII;
      } else if (b < 0x90) {
        c = CONT_80_8F;
      } else if (b < 0xA0) {
        c = CONT_90_9F;
      } else if (b < 0xC0) {
        c = CONT_A0_BF;
      } else if (b < 0xC2) {
        c = INVALID;
      } else if (b < 0xE0) {
        c = LEAD_2;
      } else if (b == 0xE0) {
        c = LEAD_E0;
      } else if (b == 0xED) {
        c = LEAD_ED;
      } else if (b < 0xF0) {
        c = LEAD_3;
      } else if (b == 0xF0) {
        c = LEAD_F0;
      } else if (b < 0xF4) {
        c = LEAD_4;
      } else if (b == 0xF4) {
        c = LEAD_F4;
      } else {
        c = INVALID;
      }
      CLASSES[b] = (byte) c;
    }
    java.util.Arrays.fill(NEXT, (byte) REJECT);
    set(ACCEPT, ASCII, ACCEPT);
    set(ACCEPT, LEAD_2, NEED_1);
    set(ACCEPT, LEAD_E0, AFTER_E0);
    set(ACCEPT, LEAD_3, NEED_2);
    set(ACCEPT, LEAD_ED, AFTER_ED);
    set(ACCEPT, LEAD_F0, AFTER_F0);
    set(ACCEPT, LEAD_4, NEED_3);
    set(ACCEPT, LEAD_F4, AFTER_F4);
    for (int c : new int[] {CONT_80_8F, CONT_90_9F, CONT_A0_BF}) {
      set(NEED_1, c, ACCEPT);
      set(NEED_2, c, NEED_1);
      set(NEED_3, c, NEED_2);
    }
    set(AFTER_E0, CONT_A0_BF, NEED_1);
    set(AFTER_ED, CONT_80_8F, NEED_1);
    set(AFTER_ED, CONT_90_9F, NEED_1);
    set(AFTER_F0, CONT_90_9F, NEED_2);
    set(AFTER_F0, CONT_A0_BF, NEED_2);
    set(AFTER_F4, CONT_80_8F, NEED_2);
  }

  private static void set(int state, int byteClass, int next) {
    NEXT[state + byteClass] = (byte) next;
  }

  /** The automaton's state: one of the constants above, never {@code REJECT} between calls. */
  private int state = ACCEPT;

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
    return state == ACCEPT;
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
    int s = state;
    while (i < end) {
      if (s == ACCEPT) {
        while (i + 8 <= end && (buf.getLongLE(i) & HIGH_BITS) == 0) {
          i += 8;
        }
        if (i == end) {
          break;
        }
      }
      s = NEXT[s + CLASSES[buf.getByte(i) & 0xFF]];
      if (s == REJECT) {
        return i;
      }
      i++;
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
    int s = state;
    while (i < end) {
      if (s == ACCEPT) {
        while (i + 8 <= end && ((long) LONGS.get(a, i) & HIGH_BITS) == 0) {
          i += 8;
        }
        while (i < end && a[i] >= 0) {
          i++;
        }
        if (i == end) {
          break;
        }
      }
      s = NEXT[s + CLASSES[a[i] & 0xFF]];
      if (s == REJECT) {
        return i;
      }
      i++;
    }
    state = s;
    return -1;
  }

  private long feed(MemorySegment m, long offset, int length) {
    long end = offset + length;
    long i = offset;
    int s = state;
    while (i < end) {
      if (s == ACCEPT) {
        while (i + 8 <= end && (m.get(SEGMENT_LONG, i) & HIGH_BITS) == 0) {
          i += 8;
        }
        if (i == end) {
          break;
        }
      }
      s = NEXT[s + CLASSES[m.get(ValueLayout.JAVA_BYTE, i) & 0xFF]];
      if (s == REJECT) {
        return i;
      }
      i++;
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
    int s = state;
    for (int i = offset; i < offset + length; i++) {
      s = NEXT[s + CLASSES[a[i] & 0xFF]];
      if (s == REJECT) {
        return i;
      }
    }
    state = s;
    return -1;
  }
}
