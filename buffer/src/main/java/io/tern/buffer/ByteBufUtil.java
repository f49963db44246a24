package io.tern.buffer;

import io.tern.buffer.internal.Kmp;
import io.tern.buffer.internal.SegmentByteBuf;
import io.tern.buffer.internal.text.HexDump;
import io.tern.buffer.internal.text.Utf8;
import io.tern.common.AsciiString;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Helpers over {@link ByteBuf}s: hex dumps, UTF-8 and ASCII encoding straight into a buffer's
 * memory, range equality and comparison, substring search, and conversions to and from {@link
 * AsciiString}.
 *
 * <h2>Threading</h2>
 *
 * <p>Every method is stateless and may be called from any thread, with the usual rule that a buffer
 * is used by one thread at a time.
 *
 * <h2>Ownership</h2>
 *
 * <p>No method releases or retains the buffers it is given. Methods that return a buffer or an
 * array return a new one the caller owns; the others keep no reference to their arguments.
 */
public final class ByteBufUtil {
  /**
   * From this many chars on, {@code writeUtf8} has the JDK encode a {@code String} that looks ASCII
   * and copies the result in bulk.
   */
  private static final int STRING_BULK_THRESHOLD = 32;

  /**
   * The same threshold for buffers without an array: below it, encoding through the per-thread
   * scratch array costs no garbage, where the JDK's bulk encoding allocates the whole byte array
   * (56 B/op for a 40-char string, against none for Netty).
   */
  private static final int DIRECT_BULK_THRESHOLD = 128;

  /**
   * How many leading chars must be ASCII for {@code writeUtf8} into native memory to try the bulk
   * path: text that is not mostly ASCII skips the scratch array from its first chars.
   */
  private static final int ASCII_LEAD_CHARS = 8;

  // Stands for an exact UTF-8 length not counted yet.
  private static final int UNCOUNTED = Integer.MIN_VALUE;

  private ByteBufUtil() {}

  // ---------------------------------------------------------------------------------------------
  // Hex dumps.

  /**
   * Returns the readable bytes as lower-case hex, two digits each.
   *
   * @param buf the buffer; its indexes stay
   * @return the hex string
   */
  public static String hexDump(ByteBuf buf) {
    return hexDump(buf, buf.readerIndex(), buf.readableBytes());
  }

  /**
   * Returns {@code [index, index + length)} as lower-case hex.
   *
   * @param buf the buffer
   * @param index the absolute start
   * @param length the number of bytes
   * @return the hex string
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static String hexDump(ByteBuf buf, int index, int length) {
    if (buf.hasArray()) {
      Objects.checkFromIndexSize(index, length, buf.capacity());
      return HexDump.hex(buf.array(), buf.arrayOffset() + index, length);
    }
    return HexDump.hex(getBytes(buf, index, length), 0, length);
  }

  /**
   * Returns {@code bytes} as lower-case hex.
   *
   * @param bytes the bytes
   * @return the hex string
   */
  public static String hexDump(byte[] bytes) {
    return HexDump.hex(bytes, 0, bytes.length);
  }

  /**
   * Returns {@code bytes[from, from + length)} as lower-case hex.
   *
   * @param bytes the bytes
   * @param from the first byte
   * @param length the number of bytes
   * @return the hex string
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static String hexDump(byte[] bytes, int from, int length) {
    Objects.checkFromIndexSize(from, length, bytes.length);
    return HexDump.hex(bytes, from, length);
  }

  /**
   * Parses hex digits (either case) into bytes, the reverse of {@link #hexDump(byte[])}.
   *
   * @param hex an even number of hex digits
   * @return the bytes
   * @throws IllegalArgumentException if the length is odd or a character is not a hex digit
   */
  public static byte[] decodeHexDump(CharSequence hex) {
    return HexDump.decode(hex, 0, hex.length());
  }

  /**
   * Parses {@code length} hex digits starting at {@code from}.
   *
   * @param hex the characters
   * @param from the first digit
   * @param length the number of digits, even
   * @return the bytes
   * @throws IllegalArgumentException if the length is odd or a character is not a hex digit
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static byte[] decodeHexDump(CharSequence hex, int from, int length) {
    Objects.checkFromIndexSize(from, length, hex.length());
    return HexDump.decode(hex, from, length);
  }

  /**
   * Returns a table of the readable bytes: offset, sixteen bytes in hex, and the printable ASCII
   * characters ({@code '.'} for others), framed like Netty's. Empty for no readable bytes.
   *
   * @param buf the buffer; its indexes stay
   * @return the multi-line dump
   */
  public static String prettyHexDump(ByteBuf buf) {
    StringBuilder out = new StringBuilder(80 * (buf.readableBytes() / 16 + 5));
    appendPrettyHexDump(out, buf);
    return out.toString();
  }

  /**
   * Returns a table of {@code [index, index + length)}; offsets in the table count from 0.
   *
   * @param buf the buffer
   * @param index the absolute start
   * @param length the number of bytes
   * @return the multi-line dump
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static String prettyHexDump(ByteBuf buf, int index, int length) {
    StringBuilder out = new StringBuilder(80 * (length / 16 + 5));
    appendPrettyHexDump(out, buf, index, length);
    return out.toString();
  }

  /**
   * Appends {@link #prettyHexDump(ByteBuf)} of the readable bytes to {@code out}.
   *
   * @param out where to append
   * @param buf the buffer; its indexes stay
   */
  public static void appendPrettyHexDump(StringBuilder out, ByteBuf buf) {
    appendPrettyHexDump(out, buf, buf.readerIndex(), buf.readableBytes());
  }

  /**
   * Appends a table of {@code [index, index + length)} to {@code out}.
   *
   * @param out where to append
   * @param buf the buffer
   * @param index the absolute start
   * @param length the number of bytes
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static void appendPrettyHexDump(StringBuilder out, ByteBuf buf, int index, int length) {
    if (buf.hasArray()) {
      Objects.checkFromIndexSize(index, length, buf.capacity());
      HexDump.appendPretty(out, buf.array(), buf.arrayOffset() + index, length);
    } else {
      HexDump.appendPretty(out, getBytes(buf, index, length), 0, length);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // UTF-8 and ASCII.

  /**
   * Returns the exact number of bytes {@code seq} takes in UTF-8 (unpaired surrogates count as the
   * one byte {@code '?'} they are written as), without encoding it.
   *
   * @param seq the characters
   * @return the byte count
   */
  public static int utf8Bytes(CharSequence seq) {
    return Utf8.length(seq, 0, seq.length());
  }

  /**
   * Returns the exact UTF-8 byte count of {@code seq[start, end)}.
   *
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @return the byte count
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static int utf8Bytes(CharSequence seq, int start, int end) {
    Objects.checkFromToIndex(start, end, seq.length());
    return Utf8.length(seq, start, end);
  }

  /**
   * Returns an upper bound of the UTF-8 size of {@code seq}: three bytes per char.
   *
   * @param seq the characters
   * @return {@code 3 * seq.length()}
   */
  public static int utf8MaxBytes(CharSequence seq) {
    return utf8MaxBytes(seq.length());
  }

  /**
   * Returns an upper bound of the UTF-8 size of {@code length} chars.
   *
   * @param length the number of chars
   * @return {@code 3 * length}
   */
  public static int utf8MaxBytes(int length) {
    return length * Utf8.MAX_BYTES_PER_CHAR;
  }

  /**
   * Encodes {@code seq} in UTF-8 at the writer index, growing the buffer as needed, and advances
   * the writer index. Unpaired surrogates are written as {@code '?'}, as {@link
   * String#getBytes(java.nio.charset.Charset)} does. Heap and native buffers, and views of them,
   * are written in place without an intermediate array.
   *
   * @param buf the destination
   * @param seq the characters
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   * @throws java.nio.ReadOnlyBufferException if the buffer is read-only
   */
  public static int writeUtf8(ByteBuf buf, CharSequence seq) {
    return writeUtf8(buf, seq, 0, seq.length());
  }

  /**
   * Encodes {@code seq[start, end)} in UTF-8 at the writer index; see {@link #writeUtf8(ByteBuf,
   * CharSequence)}.
   *
   * @param buf the destination
   * @param seq the characters
   * @param start the first character
   * @param end the end, exclusive
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the range is out of bounds or the buffer cannot grow
   */
  public static int writeUtf8(ByteBuf buf, CharSequence seq, int start, int end) {
    Objects.checkFromToIndex(start, end, seq.length());
    int chars = end - start;
    // The exact UTF-8 length once counted (only ever for a String, which cannot change between
    // counting and writing), so that sizing the buffer never counts the text a second time.
    int exact = UNCOUNTED;
    if ((long) chars * Utf8.MAX_BYTES_PER_CHAR > buf.writableBytes()
        && seq instanceof String s
        && !buf.isReadOnly()) {
      long address = rawAddress(buf);
      if (address >= 0 || buf.hasArray()) {
        exact = Utf8.length(s, start, end);
        if (exact <= buf.writableBytes()) {
          return writeUtf8InPlace(buf, s, start, end, address, exact);
        }
      }
    }
    return reserveAndWrite(buf, seq, start, end, utf8MaxBytes(chars), exact);
  }

  /**
   * Encodes {@code s[start, end)}, whose exact UTF-8 length fits the writable bytes, at the writer
   * index of a buffer whose memory can be written directly ({@code address >= 0}: native memory at
   * that address; otherwise its array).
   *
   * <p>Why: encoders size their buffer from the message, so the text fits but three bytes per char
   * do not, and reserving the worst case would grow the buffer (a new pooled region and a copy) for
   * room it never uses. A {@code String} cannot change between measuring and writing, so its exact
   * length bounds the writes.
   */
  private static int writeUtf8InPlace(
      ByteBuf buf, String s, int start, int end, long address, int exact) {
    int writerIndex = buf.writerIndex();
    if (address >= 0) {
      Utf8.encodeAsciiLedAt(s, start, end, address + writerIndex);
    } else {
      int base = buf.arrayOffset();
      Utf8.encode(s, start, end, buf.array(), base + writerIndex);
    }
    buf.writerIndex(writerIndex + exact);
    return exact;
  }

  /**
   * Makes {@code reserveBytes} writable, then encodes {@code seq} in UTF-8 at the writer index.
   * Reserving room for later writes at the same time avoids growing the buffer twice; if the
   * reservation is too small for {@code seq}, the buffer grows to fit anyway.
   *
   * @param buf the destination
   * @param seq the characters
   * @param reserveBytes the number of bytes to make writable first
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public static int reserveAndWriteUtf8(ByteBuf buf, CharSequence seq, int reserveBytes) {
    return reserveAndWrite(buf, seq, 0, seq.length(), reserveBytes, UNCOUNTED);
  }

  // exact: the UTF-8 length of seq[start, end) if the caller counted it, else UNCOUNTED; counted
  // here at most once.
  private static int reserveAndWrite(
      ByteBuf buf, CharSequence seq, int start, int end, int reserveBytes, int exact) {
    int chars = end - start;
    if (reserveBytes > buf.writableBytes()) {
      if (reserveBytes > buf.maxWritableBytes()) {
        // The worst case does not fit: reserve what this text needs, exactly.
        if (exact == UNCOUNTED) {
          exact = Utf8.length(seq, start, end);
        }
        reserveBytes = Math.max(exact, 0);
      }
      buf.ensureWritable(reserveBytes);
    }
    if (buf.writableBytes() < (long) chars * Utf8.MAX_BYTES_PER_CHAR) {
      // In-place encoding never checks bounds: make sure this text fits.
      if (exact == UNCOUNTED) {
        exact = Utf8.length(seq, start, end);
      }
      buf.ensureWritable(exact);
    }
    int writerIndex = buf.writerIndex();
    long address = rawAddress(buf);
    if (address >= 0 && buf.writableBytes() >= (long) chars * Utf8.MAX_BYTES_PER_CHAR) {
      // Native memory this module owns: straight in, no intermediate array and no garbage. Only
      // when the worst case fits: these stores check no bounds of their own, and a CharSequence
      // changed by another thread since it was measured must not write past the end. A longer
      // string that starts with ASCII goes through the scratch array in bulk as far as it is ASCII.
      long at = address + writerIndex;
      long after;
      if (seq instanceof String s && Utf8.startsAscii(s, start, ASCII_LEAD_CHARS)) {
        after =
            chars > Utf8.DIRECT_STORE_MAX_CHARS
                ? Utf8.encodeLatin1At(s, start, end, at)
                : Utf8.encodeAsciiLedAt(s, start, end, at);
      } else {
        after = Utf8.encodeAt(seq, start, end, at);
      }
      int written = (int) (after - at);
      buf.writerIndex(writerIndex + written);
      return written;
    }
    if (chars >= (buf.hasArray() ? STRING_BULK_THRESHOLD : DIRECT_BULK_THRESHOLD)
        && seq instanceof String s
        && Utf8.startsAscii(s, start, STRING_BULK_THRESHOLD)) {
      // The JDK copies ASCII-only strings in bulk (vectorised): for all but short strings that
      // look ASCII, encoding to a temporary array and copying it beats a char loop. Text that
      // starts with non-ASCII goes through the loops below, which do not allocate.
      byte[] bytes =
          (start == 0 && end == s.length() ? s : s.substring(start, end))
              .getBytes(StandardCharsets.UTF_8);
      buf.writeBytes(bytes);
      return bytes.length;
    }
    if (buf.hasArray()) {
      int base = buf.arrayOffset();
      int end0 = Utf8.encode(seq, start, end, buf.array(), base + writerIndex);
      buf.writerIndex(end0 - base);
      return end0 - base - writerIndex;
    }
    if (buf.hasMemorySegment() && !buf.isReadOnly()) {
      MemorySegment segment = buf.memorySegment();
      int written = (int) (Utf8.encodeChunked(seq, start, end, segment, writerIndex) - writerIndex);
      buf.writerIndex(writerIndex + written);
      return written;
    }
    byte[] bytes = seq.subSequence(start, end).toString().getBytes(StandardCharsets.UTF_8);
    buf.writeBytes(bytes);
    return bytes.length;
  }

  /**
   * Writes {@code seq} as one byte per char at the writer index, growing the buffer as needed:
   * chars up to {@code 0xFF} as their value, others as {@code '?'} (the input is meant to be
   * ASCII). An {@link AsciiString} is copied in bulk.
   *
   * @param buf the destination
   * @param seq the characters
   * @return the number of bytes written, {@code seq.length()}
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public static int writeAscii(ByteBuf buf, CharSequence seq) {
    if (seq instanceof AsciiString ascii) {
      return writeAscii(buf, ascii);
    }
    int length = seq.length();
    // Written in place, never through an intermediate array: a String whose chars all fit in a
    // byte is copied in bulk by the JDK, anything else goes char by char (see Utf8.encodeAscii).
    buf.ensureWritable(length);
    int writerIndex = buf.writerIndex();
    long address = rawAddress(buf);
    if (address >= 0) {
      Utf8.encodeAsciiAt(seq, 0, length, address + writerIndex);
    } else if (buf.hasArray()) {
      Utf8.encodeAscii(seq, 0, length, buf.array(), buf.arrayOffset() + writerIndex);
    } else if (buf.hasMemorySegment() && !buf.isReadOnly()) {
      Utf8.encodeAscii(seq, 0, length, buf.memorySegment(), writerIndex);
    } else {
      buf.writeBytes(seq.toString().getBytes(StandardCharsets.ISO_8859_1));
      return length;
    }
    buf.writerIndex(writerIndex + length);
    return length;
  }

  /**
   * The native address of index 0 of a live native buffer whose memory this module owns (unpooled
   * and pooled direct buffers), or -1: text goes into such memory byte by byte with one range check
   * up front (the caller's {@code ensureWritable}). Views, wrappers and released buffers answer -1
   * and take the checked {@code memorySegment()} path, which reports a release.
   */
  private static long rawAddress(ByteBuf buf) {
    return buf instanceof SegmentByteBuf segmentBuf ? segmentBuf.rawAddress() : -1;
  }

  /**
   * Copies an {@link AsciiString}'s bytes at the writer index, growing the buffer as needed.
   *
   * @param buf the destination
   * @param ascii the characters
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public static int writeAscii(ByteBuf buf, AsciiString ascii) {
    buf.writeBytes(ascii.array(), ascii.arrayOffset(), ascii.length());
    return ascii.length();
  }

  /**
   * Copies the readable bytes into a new {@link AsciiString}; the buffer's indexes stay.
   *
   * @param buf the source
   * @return the string, one char per byte
   */
  public static AsciiString toAsciiString(ByteBuf buf) {
    return toAsciiString(buf, buf.readerIndex(), buf.readableBytes());
  }

  /**
   * Copies {@code [index, index + length)} into a new {@link AsciiString}.
   *
   * @param buf the source
   * @param index the absolute start
   * @param length the number of bytes
   * @return the string, one char per byte
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static AsciiString toAsciiString(ByteBuf buf, int index, int length) {
    return new AsciiString(getBytes(buf, index, length), 0, length, false);
  }

  // ---------------------------------------------------------------------------------------------
  // Copies, equality, ordering, search.

  /**
   * Copies the readable bytes into a new array; the indexes stay.
   *
   * @param buf the source
   * @return the bytes
   */
  public static byte[] getBytes(ByteBuf buf) {
    return getBytes(buf, buf.readerIndex(), buf.readableBytes());
  }

  /**
   * Copies {@code [index, index + length)} into a new array.
   *
   * @param buf the source
   * @param index the absolute start
   * @param length the number of bytes
   * @return the bytes
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static byte[] getBytes(ByteBuf buf, int index, int length) {
    return getBytes(buf, index, length, true);
  }

  /**
   * Returns {@code [index, index + length)} as an array: the backing array itself when {@code copy}
   * is false and that array holds exactly this range, otherwise a copy.
   *
   * @param buf the source
   * @param index the absolute start
   * @param length the number of bytes
   * @param copy {@code false} to allow returning the backing array (the caller must then not modify
   *     it, nor use it after the buffer is released)
   * @return the bytes
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public static byte[] getBytes(ByteBuf buf, int index, int length, boolean copy) {
    Objects.checkFromIndexSize(index, length, buf.capacity());
    if (buf.hasArray()) {
      byte[] array = buf.array();
      int start = buf.arrayOffset() + index;
      if (!copy && start == 0 && length == array.length) {
        return array;
      }
      return Arrays.copyOfRange(array, start, start + length);
    }
    byte[] bytes = new byte[length];
    buf.getBytes(index, bytes, 0, length);
    return bytes;
  }

  /**
   * Compares {@code length} bytes of {@code a} from {@code aStart} with {@code b} from {@code
   * bStart}.
   *
   * @param a one buffer
   * @param aStart the absolute start in {@code a}
   * @param b the other buffer
   * @param bStart the absolute start in {@code b}
   * @param length the number of bytes
   * @return {@code true} if both ranges lie below their buffer's writer index and hold the same
   *     bytes
   * @throws IllegalArgumentException if an index or the length is negative
   */
  public static boolean equals(ByteBuf a, int aStart, ByteBuf b, int bStart, int length) {
    if (aStart < 0 || bStart < 0 || length < 0) {
      throw new IllegalArgumentException(
          "negative index or length: " + aStart + ", " + bStart + ", " + length);
    }
    if (a.writerIndex() - length < aStart || b.writerIndex() - length < bStart) {
      return false;
    }
    if (a.hasArray() && b.hasArray()) {
      int ao = a.arrayOffset() + aStart;
      int bo = b.arrayOffset() + bStart;
      return Arrays.equals(a.array(), ao, ao + length, b.array(), bo, bo + length);
    }
    if (a.hasMemorySegment() && b.hasMemorySegment()) {
      return MemorySegment.mismatch(
              a.memorySegment(),
              aStart,
              aStart + length,
              b.memorySegment(),
              bStart,
              bStart + length)
          < 0;
    }
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      if (a.getLong(aStart + i) != b.getLong(bStart + i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (a.getByte(aStart + i) != b.getByte(bStart + i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Compares the readable bytes of two buffers as unsigned bytes, lexicographically, like {@link
   * ByteBuf#compareTo(ByteBuf)}.
   *
   * @param a one buffer
   * @param b the other
   * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
   */
  public static int compare(ByteBuf a, ByteBuf b) {
    return a.compareTo(b);
  }

  /**
   * Finds the readable bytes of {@code needle} among the readable bytes of {@code haystack}, in
   * time linear in the haystack.
   *
   * @param needle what to find; an empty needle is found at the haystack's reader index
   * @param haystack where to look
   * @return the absolute index in {@code haystack} where the first match starts, or {@code -1}
   */
  public static int indexOf(ByteBuf needle, ByteBuf haystack) {
    int n = needle.readableBytes();
    int h = haystack.readableBytes();
    if (n == 0) {
      return haystack.readerIndex();
    }
    if (n > h) {
      return -1;
    }
    if (n == 1) {
      return haystack.indexOf(
          haystack.readerIndex(), haystack.writerIndex(), needle.getByte(needle.readerIndex()));
    }
    return Kmp.indexOf(getBytes(needle), haystack);
  }
}
