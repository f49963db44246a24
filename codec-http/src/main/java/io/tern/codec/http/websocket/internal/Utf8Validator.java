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
 * <p>The state between pieces is the number of continuation bytes still owed and the range the next
 * one must fall in (narrower than {@code 80..BF} right after {@code E0}, {@code ED}, {@code F0} and
 * {@code F4}, which is what excludes overlong forms, surrogates and code points above U+10FFFF).
 * Outside a sequence, eight bytes are checked at once for the high bit, so ASCII text costs one
 * load and one test per word. {@link #feed} returns at the first byte that cannot continue a valid
 * sequence, so a bad message fails as soon as that byte has arrived.
 *
 * <p>Not thread-safe; one per decoder.
 */
public final class Utf8Validator {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong SEGMENT_LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  private int need;
  private int lo = 0x80;
  private int hi = 0xBF;

  /** Creates a validator at the start of a text. */
  public Utf8Validator() {}

  /** Forgets any partial sequence: the next byte starts a new text. */
  public void reset() {
    need = 0;
    lo = 0x80;
    hi = 0xBF;
  }

  /**
   * Returns whether the bytes fed so far end on a character boundary (a complete text).
   *
   * @return {@code true} if no sequence is left open
   */
  public boolean isComplete() {
    return need == 0;
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
    while (i < end) {
      if (need == 0) {
        while (i + 8 <= end && (buf.getLongLE(i) & HIGH_BITS) == 0) {
          i += 8;
        }
        if (i == end) {
          break;
        }
      }
      if (!step(buf.getByte(i) & 0xFF)) {
        return i;
      }
      i++;
    }
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
    while (i < end) {
      if (need == 0) {
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
      if (!step(a[i] & 0xFF)) {
        return i;
      }
      i++;
    }
    return -1;
  }

  private long feed(MemorySegment s, long offset, int length) {
    long end = offset + length;
    long i = offset;
    MemorySegment m = s;
    while (i < end) {
      if (need == 0) {
        while (i + 8 <= end && (m.get(SEGMENT_LONG, i) & HIGH_BITS) == 0) {
          i += 8;
        }
        if (i == end) {
          break;
        }
      }
      if (!step(m.get(ValueLayout.JAVA_BYTE, i) & 0xFF)) {
        return i;
      }
      i++;
    }
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
    for (int i = offset; i < offset + length; i++) {
      if (!step(a[i] & 0xFF)) {
        return i;
      }
    }
    return -1;
  }

  private boolean step(int b) {
    if (need == 0) {
      if (b < 0x80) {
        return true;
      }
      if (b < 0xC2) {
        return false; // a continuation byte, or C0/C1 (overlong two-byte forms)
      }
      if (b < 0xE0) {
        need = 1;
      } else if (b < 0xF0) {
        need = 2;
        if (b == 0xE0) {
          lo = 0xA0; // overlong three-byte forms
        } else if (b == 0xED) {
          hi = 0x9F; // surrogates
        }
      } else if (b < 0xF5) {
        need = 3;
        if (b == 0xF0) {
          lo = 0x90; // overlong four-byte forms
        } else if (b == 0xF4) {
          hi = 0x8F; // above U+10FFFF
        }
      } else {
        return false;
      }
      return true;
    }
    if (b < lo || b > hi) {
      return false;
    }
    lo = 0x80;
    hi = 0xBF;
    need--;
    return true;
  }
}
