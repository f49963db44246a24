package io.tern.buffer.internal.text;

import io.tern.buffer.internal.NativeMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * UTF-8 and ASCII encoding of {@link CharSequence}s straight into a {@code byte[]} or a {@link
 * MemorySegment}, without an intermediate {@code byte[]}. Unpaired surrogates become {@code '?'},
 * as {@code String.getBytes(UTF_8)} does. Stateless; any thread.
 */
public final class Utf8 {
  /** The most bytes one {@code char} takes (a surrogate pair takes 4 for 2 chars). */
  public static final int MAX_BYTES_PER_CHAR = 3;

  private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

  /**
   * A multi-byte sequence goes into native memory as one store (two for three bytes): its bytes in
   * memory order, whatever the platform's order.
   */
  private static final ValueLayout.OfShort SHORT_LE =
      ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private static final ValueLayout.OfInt INT_LE =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  /** The same single stores of a multi-byte sequence into a {@code byte[]}. */
  private static final VarHandle SHORT_VIEW =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  private static final VarHandle INT_VIEW =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /** Eight bytes of a {@code byte[]} at once, for the ASCII test of the scratch array. */
  private static final VarHandle LONG_VIEW =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The high bit of each of eight bytes: set only by non-ASCII bytes. */
  private static final long HIGH_BITS = 0x8080808080808080L;

  /** Every native address; see {@link NativeMemory#ALL}. */
  private static final MemorySegment ALL = NativeMemory.ALL;

  /** Chars encoded per chunk through the scratch array: their worst case fills it. */
  private static final int CHUNK_CHARS = 1364;

  /**
   * Up to this many chars, text goes into native memory one store per byte (one per sequence for
   * UTF-8); longer Latin-1 text through the scratch array and one bulk copy. The scratch array's
   * lookup and the copy cost a fixed ~12 ns that short text does not earn back (smoke, CPU time for
   * 39 chars: writeAscii 16 ns per byte against 21 through the scratch array, writeUtf8 35 against
   * 40).
   */
  public static final int DIRECT_STORE_MAX_CHARS = 64;

  /** Per-thread scratch for segment writes; 3 bytes per char plus 1 for a pair at the end. */
  private static final ThreadLocal<byte[]> SCRATCH =
      ThreadLocal.withInitial(() -> new byte[CHUNK_CHARS * MAX_BYTES_PER_CHAR + 1]);

  private Utf8() {}

  /**
   * Returns whether the first {@code count} chars from {@code start} (or fewer, to the end) are
   * ASCII: a cheap guess whether the whole string is.
   *
   * @param s the string
   * @param start the first char
   * @param count how many chars to look at
   * @return {@code true} if none of them is above {@code 0x7F}
   */
  public static boolean startsAscii(String s, int start, int count) {
    int end = Math.min(s.length(), start + count);
    for (int i = start; i < end; i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /**
   * Encodes {@code seq[start, end)} into {@code dst} like {@link #encode(CharSequence, int, int,
   * MemorySegment, long)}: short text byte by byte, longer text through a per-thread array copied
   * in bulk, which beats per-byte segment stores.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param dst the destination
   * @param offset where the first byte goes
   * @return the offset after the last byte written
   */
  public static long encodeChunked(
      CharSequence seq, int start, int end, MemorySegment dst, long offset) {
    if (end - start <= DIRECT_STORE_MAX_CHARS) {
      return encode(seq, start, end, dst, offset);
    }
    byte[] scratch = SCRATCH.get();
    int i = start;
    while (i < end) {
      int chunkEnd = Math.min(end, i + CHUNK_CHARS);
      if (chunkEnd < end && Character.isHighSurrogate(seq.charAt(chunkEnd - 1))) {
        chunkEnd++; // keep a surrogate pair together
      }
      int n = encode(seq, i, chunkEnd, scratch, 0);
      MemorySegment.copy(scratch, 0, dst, BYTE, offset, n);
      offset += n;
      i = chunkEnd;
    }
    return offset;
  }

  /**
   * Counts the bytes {@code seq[start, end)} takes in UTF-8.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @return the exact byte count
   */
  public static int length(CharSequence seq, int start, int end) {
    int bytes = end - start;
    int i = start;
    // Only non-ASCII characters add to the one byte per char counted above.
    while (i < end && seq.charAt(i) < 0x80) {
      i++;
    }
    for (; i < end; i++) {
      char c = seq.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        bytes += 1;
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < end
            && Character.isLowSurrogate(seq.charAt(i + 1))) {
          bytes += 2; // 4 bytes for 2 chars
          i++;
        } // else: unpaired, written as '?'
      } else {
        bytes += 2;
      }
    }
    return bytes;
  }

  /**
   * Encodes {@code seq[start, end)} into {@code dst} from {@code pos}, which has room for {@link
   * #length} bytes.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param dst the destination
   * @param pos where the first byte goes
   * @return the position after the last byte written
   */
  public static int encode(CharSequence seq, int start, int end, byte[] dst, int pos) {
    for (int i = start; i < end; i++) {
      char c = seq.charAt(i);
      // One store per sequence, as encodeAt does: one bounds check per char instead of per byte.
      // The packing is written out in both loops on purpose: with shared helpers C2 compiles
      // encodeAt about 15 % slower (1,360 against 1,190 ns for 1,040 mixed chars).
      if (c < 0x80) {
        dst[pos++] = (byte) c;
      } else if (c < 0x800) {
        SHORT_VIEW.set(dst, pos, (short) ((0xC0 | (c >> 6)) | ((0x80 | (c & 0x3F)) << 8)));
        pos += 2;
      } else if (Character.isSurrogate(c)) {
        char low = i + 1 < end ? seq.charAt(i + 1) : 0;
        if (Character.isHighSurrogate(c) && Character.isLowSurrogate(low)) {
          int cp = Character.toCodePoint(c, low);
          INT_VIEW.set(
              dst,
              pos,
              (0xF0 | (cp >> 18))
                  | ((0x80 | ((cp >> 12) & 0x3F)) << 8)
                  | ((0x80 | ((cp >> 6) & 0x3F)) << 16)
                  | ((0x80 | (cp & 0x3F)) << 24));
          pos += 4;
          i++;
        } else {
          dst[pos++] = '?';
        }
      } else {
        SHORT_VIEW.set(dst, pos, (short) ((0xE0 | (c >> 12)) | ((0x80 | ((c >> 6) & 0x3F)) << 8)));
        dst[pos + 2] = (byte) (0x80 | (c & 0x3F));
        pos += 3;
      }
    }
    return pos;
  }

  /**
   * Encodes {@code seq[start, end)} into {@code dst} from {@code offset}, which has room for {@link
   * #length} bytes.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param dst the destination
   * @param offset where the first byte goes
   * @return the offset after the last byte written
   */
  public static long encode(CharSequence seq, int start, int end, MemorySegment dst, long offset) {
    long pos = offset;
    for (int i = start; i < end; i++) {
      char c = seq.charAt(i);
      if (c < 0x80) {
        dst.set(BYTE, pos++, (byte) c);
      } else if (c < 0x800) {
        dst.set(BYTE, pos++, (byte) (0xC0 | (c >> 6)));
        dst.set(BYTE, pos++, (byte) (0x80 | (c & 0x3F)));
      } else if (Character.isSurrogate(c)) {
        char low = i + 1 < end ? seq.charAt(i + 1) : 0;
        if (Character.isHighSurrogate(c) && Character.isLowSurrogate(low)) {
          int cp = Character.toCodePoint(c, low);
          dst.set(BYTE, pos++, (byte) (0xF0 | (cp >> 18)));
          dst.set(BYTE, pos++, (byte) (0x80 | ((cp >> 12) & 0x3F)));
          dst.set(BYTE, pos++, (byte) (0x80 | ((cp >> 6) & 0x3F)));
          dst.set(BYTE, pos++, (byte) (0x80 | (cp & 0x3F)));
          i++;
        } else {
          dst.set(BYTE, pos++, (byte) '?');
        }
      } else {
        dst.set(BYTE, pos++, (byte) (0xE0 | (c >> 12)));
        dst.set(BYTE, pos++, (byte) (0x80 | ((c >> 6) & 0x3F)));
        dst.set(BYTE, pos++, (byte) (0x80 | (c & 0x3F)));
      }
    }
    return pos;
  }

  /**
   * Writes the low byte of each char of {@code seq[start, end)}: ASCII, with chars above {@code
   * 0xFF} as {@code '?'}, like {@code String.getBytes(US_ASCII)} for ASCII input.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param dst the destination
   * @param pos where the first byte goes
   */
  @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int), only where it is exact
  public static void encodeAscii(CharSequence seq, int start, int end, byte[] dst, int pos) {
    if (seq instanceof String s && fitsLatin1(s, start, end)) {
      // Every char is its own byte, so the JDK's bulk copy of a compact string's bytes is exact.
      // It is never used otherwise: it keeps the low 8 bits of larger chars (U+010A would become
      // a line feed).
      s.getBytes(start, end, dst, pos);
      return;
    }
    for (int i = start; i < end; i++) {
      dst[pos++] = asciiByte(seq.charAt(i));
    }
  }

  /**
   * Returns whether no char of {@code s[start, end)} is above {@code 0xFF}. For a compact (Latin-1)
   * string the JIT proves the answer from the representation and drops the loop; only a string that
   * holds a larger char is scanned.
   */
  private static boolean fitsLatin1(String s, int start, int end) {
    for (int i = start; i < end; i++) {
      if (s.charAt(i) > 0xFF) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes the low byte of each char of {@code seq[start, end)} into a segment, like {@link
   * #encodeAscii(CharSequence, int, int, byte[], int)}: short text byte by byte, longer text
   * through the per-thread scratch array (the array path copies in bulk, byte-by-byte segment
   * stores do not).
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param dst the destination
   * @param offset where the first byte goes
   */
  public static void encodeAscii(
      CharSequence seq, int start, int end, MemorySegment dst, long offset) {
    if (end - start <= DIRECT_STORE_MAX_CHARS) {
      for (int i = start; i < end; i++) {
        dst.set(BYTE, offset++, asciiByte(seq.charAt(i)));
      }
      return;
    }
    byte[] scratch = SCRATCH.get();
    int i = start;
    while (i < end) {
      int n = Math.min(end - i, scratch.length);
      encodeAscii(seq, i, i + n, scratch, 0);
      MemorySegment.copy(scratch, 0, dst, BYTE, offset, n);
      offset += n;
      i += n;
    }
  }

  /**
   * Encodes {@code seq[start, end)} in UTF-8 straight into native memory at {@code address}, no
   * scratch array and no copy: ASCII one store per byte, a 2-byte sequence as one 16-bit store, a
   * 3-byte one as a 16-bit and a byte store, a surrogate pair as one 32-bit store (fewer stores,
   * each with {@link NativeMemory#ALL}'s one compare: smoke, CPU time for 31 mixed chars 37 against
   * 51 ns byte by byte; Netty 51). Never a byte past the sequence being written. The caller owns
   * the memory (a live buffer's {@code rawAddress()} plus an index) and has checked that it has
   * room for {@link #length} bytes; an address of a released buffer (negative) fails {@code ALL}'s
   * compare.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param address where the first byte goes
   * @return the address after the last byte written
   */
  public static long encodeAt(CharSequence seq, int start, int end, long address) {
    // No ASCII-run loop in front of this one (see encodeAsciiLedAt): with it, C2 compiled this loop
    // slower for mixed text (smoke, CPU time for 1,040 mixed chars: 1,447 against 1,090 ns).
    long pos = address;
    for (int i = start; i < end; i++) {
      char c = seq.charAt(i);
      if (c < 0x80) {
        ALL.set(BYTE, pos++, (byte) c);
      } else if (c < 0x800) {
        ALL.set(SHORT_LE, pos, (short) ((0xC0 | (c >> 6)) | ((0x80 | (c & 0x3F)) << 8)));
        pos += 2;
      } else if (Character.isSurrogate(c)) {
        char low = i + 1 < end ? seq.charAt(i + 1) : 0;
        if (Character.isHighSurrogate(c) && Character.isLowSurrogate(low)) {
          int cp = Character.toCodePoint(c, low);
          ALL.set(
              INT_LE,
              pos,
              (0xF0 | (cp >> 18))
                  | ((0x80 | ((cp >> 12) & 0x3F)) << 8)
                  | ((0x80 | ((cp >> 6) & 0x3F)) << 16)
                  | ((0x80 | (cp & 0x3F)) << 24));
          pos += 4;
          i++;
        } else {
          ALL.set(BYTE, pos++, (byte) '?');
        }
      } else {
        ALL.set(SHORT_LE, pos, (short) ((0xE0 | (c >> 12)) | ((0x80 | ((c >> 6) & 0x3F)) << 8)));
        ALL.set(BYTE, pos + 2, (byte) (0x80 | (c & 0x3F)));
        pos += 3;
      }
    }
    return pos;
  }

  /**
   * Encodes {@code seq[start, end)} like {@link #encodeAt}, for text that starts with ASCII: the
   * leading ASCII run one store per byte, addressed by the loop index (so the JIT checks {@code
   * ALL}'s bound once for the run), the rest by {@link #encodeAt}.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param address where the first byte goes; room for {@link #length} bytes
   * @return the address after the last byte written
   */
  public static long encodeAsciiLedAt(CharSequence seq, int start, int end, long address) {
    long base = address - start;
    int i = start;
    for (; i < end; i++) {
      char c = seq.charAt(i);
      if (c >= 0x80) {
        return encodeAt(seq, i, end, base + i);
      }
      ALL.set(BYTE, base + i, (byte) c);
    }
    return base + end;
  }

  /**
   * Encodes {@code s[start, end)} in UTF-8 into native memory like {@link #encodeAt}, for a string
   * that is mostly ASCII: a string whose chars all fit in a byte (free to tell for a compact
   * string) is copied into the per-thread scratch array by the JDK's bulk {@code getBytes}, tested
   * eight bytes at a time for non-ASCII and copied out in bulk up to the first non-ASCII byte; from
   * there, and for other strings, {@link #encodeAt} char by char. Allocates nothing, unlike {@code
   * String.getBytes(UTF_8)}.
   *
   * @param s the string
   * @param start the first character
   * @param end the end, exclusive
   * @param address where the first byte goes; room for {@link #length} bytes
   * @return the address after the last byte written
   */
  @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int), only where it is exact
  public static long encodeLatin1At(String s, int start, int end, long address) {
    if (!fitsLatin1(s, start, end)) {
      return encodeAsciiLedAt(s, start, end, address);
    }
    byte[] scratch = SCRATCH.get();
    long pos = address;
    int i = start;
    while (i < end) {
      int n = Math.min(end - i, scratch.length);
      s.getBytes(i, i + n, scratch, 0);
      int ascii = asciiPrefix(scratch, n);
      MemorySegment.copy(scratch, 0, ALL, BYTE, pos, ascii);
      pos += ascii;
      i += ascii;
      if (ascii < n) {
        return encodeAt(s, i, end, pos);
      }
    }
    return pos;
  }

  /** The number of leading bytes of {@code bytes[0, n)} below {@code 0x80}. */
  private static int asciiPrefix(byte[] bytes, int n) {
    int i = 0;
    for (; i <= n - Long.BYTES; i += Long.BYTES) {
      long high = (long) LONG_VIEW.get(bytes, i) & HIGH_BITS;
      if (high != 0) {
        return i + Long.numberOfTrailingZeros(high) / Byte.SIZE;
      }
    }
    for (; i < n; i++) {
      if (bytes[i] < 0) {
        return i;
      }
    }
    return n;
  }

  /**
   * Writes the low byte of each char of {@code seq[start, end)} (chars above {@code 0xFF} as {@code
   * '?'}) straight into native memory at {@code address}; the caller owns the memory and has
   * checked that {@code end - start} bytes fit (see {@link #encodeAt}). Up to {@value
   * #DIRECT_STORE_MAX_CHARS} chars, and for text that is not a Latin-1 {@code String}, one store
   * per byte; longer Latin-1 strings through the scratch array and one bulk copy per chunk.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @param address where the first byte goes
   */
  @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int), only where it is exact
  public static void encodeAsciiAt(CharSequence seq, int start, int end, long address) {
    if (end - start > DIRECT_STORE_MAX_CHARS
        && seq instanceof String s
        && fitsLatin1(s, start, end)) {
      // Longer Latin-1 text: the JDK's bulk copy of the string's bytes into the scratch array and
      // one bulk copy out (smoke, CPU time for 1,040 chars: 34-49 ns, 33 ns per byte; Netty 31-51).
      byte[] scratch = SCRATCH.get();
      long pos = address;
      for (int i = start; i < end; ) {
        int n = Math.min(end - i, scratch.length);
        s.getBytes(i, i + n, scratch, 0);
        MemorySegment.copy(scratch, 0, ALL, BYTE, pos, n);
        pos += n;
        i += n;
      }
      return;
    }
    long base = address - start;
    for (int i = start; i < end; i++) {
      ALL.set(BYTE, base + i, asciiByte(seq.charAt(i)));
    }
  }

  private static byte asciiByte(char c) {
    return c > 0xFF ? (byte) '?' : (byte) c;
  }
}
