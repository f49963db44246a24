package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * XOR of a payload with the 4-byte masking key of RFC 6455, section 5.3, eight bytes at a time.
 *
 * <p>The key repeats every four bytes, so a {@code long} holding it twice masks eight payload bytes
 * with one XOR. A range that starts at payload offset {@code k} uses the key rotated by {@code k %
 * 4}, which is how masking resumes where it stopped when a frame arrives in pieces. Array and
 * native buffers are reached directly (one bounds check per range, none per word); other buffers go
 * through {@code getLong}/{@code setLong}, still a word at a time.
 */
public final class Masking {
  private static final ValueLayout.OfLong SEGMENT_LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

  private Masking() {}

  /**
   * Returns the key rotated so that its first byte is the one applying at payload offset {@code
   * offset}.
   *
   * @param key the masking key, first byte most significant
   * @param offset the payload offset of the first byte to mask
   * @return the rotated key
   */
  public static int rotate(int key, long offset) {
    return Integer.rotateLeft(key, (int) (offset & 3) * 8);
  }

  /**
   * Masks (or unmasks: the operation is its own inverse) {@code length} bytes of {@code buf} at
   * {@code index} in place.
   *
   * @param buf the buffer, writable
   * @param index absolute index of the first byte
   * @param length number of bytes
   * @param key the key as it applies at {@code index} (see {@link #rotate})
   */
  public static void maskInPlace(ByteBuf buf, int index, int length, int key) {
    if (length == 0) {
      return;
    }
    if (buf.hasArray()) {
      maskHeap(
          MemorySegment.ofArray(buf.array()).asSlice(buf.arrayOffset() + index, length),
          length,
          key);
    } else if (buf.hasMemorySegment()) {
      maskSegment(buf.memorySegment().asSlice(index, length), length, key);
    } else {
      long word = (key & 0xFFFFFFFFL) | ((long) key << 32);
      int i = index;
      int end = index + length;
      for (; i + 8 <= end; i += 8) {
        buf.setLong(i, buf.getLong(i) ^ word);
      }
      for (int k = 0; i < end; i++, k++) {
        buf.setByte(i, buf.getByte(i) ^ (key >>> (24 - 8 * (k & 3))));
      }
    }
  }

  /**
   * Copies {@code length} bytes of {@code src} at {@code srcIndex} into {@code dst} at {@code
   * dstIndex}, masked (the source is not changed): a bulk copy, then masking in place in {@code
   * dst}, both of which the JIT vectorizes (a single loop reading one segment and writing another
   * it does not vectorize, not knowing whether they overlap).
   *
   * @param src the source buffer
   * @param srcIndex absolute index in {@code src}
   * @param dst the destination buffer, writable, with room for the bytes
   * @param dstIndex absolute index in {@code dst}
   * @param length number of bytes
   * @param key the key as it applies at the first byte
   */
  public static void maskCopy(
      ByteBuf src, int srcIndex, ByteBuf dst, int dstIndex, int length, int key) {
    if (src.hasMemorySegment() && dst.hasMemorySegment()) {
      MemorySegment d = dst.memorySegment().asSlice(dstIndex, length);
      MemorySegment.copy(src.memorySegment(), srcIndex, d, 0, length);
      maskSegment(d, length, key);
    } else if (src.hasArray() && dst.hasArray()) {
      mask(
          src.array(),
          src.arrayOffset() + srcIndex,
          dst.array(),
          dst.arrayOffset() + dstIndex,
          length,
          key);
    } else {
      dst.setBytes(dstIndex, src, srcIndex, length);
      maskInPlace(dst, dstIndex, length, key);
    }
  }

  /**
   * Masks {@code length} bytes of {@code src} into {@code dst} at the same offsets.
   *
   * @param src the source array
   * @param srcOffset offset in {@code src}
   * @param dst the destination array (may be {@code src})
   * @param dstOffset offset in {@code dst}
   * @param length number of bytes
   * @param key the key as it applies at the first byte
   */
  public static void mask(
      byte[] src, int srcOffset, byte[] dst, int dstOffset, int length, int key) {
    if (src != dst || srcOffset != dstOffset) {
      System.arraycopy(src, srcOffset, dst, dstOffset, length);
    }
    maskHeap(MemorySegment.ofArray(dst).asSlice(dstOffset, length), length, key);
  }

  private static void maskSegment(MemorySegment m, int length, int key) {
    if (m.isNative()) {
      maskNative(m, length, key);
    } else {
      maskHeap(m, length, key);
    }
  }

  // maskNative and maskHeap are the same loop, kept apart on purpose: the JIT profiles a method's
  // segment accesses by the segment's class, and one loop seeing both native and array segments
  // was compiled into code several times slower than either alone. Each loop counts with an int
  // over a segment of known length, the form the JIT turns into vector instructions: about five
  // times faster on 64 KiB than the same loop counting with a long, or a byte-array view VarHandle.

  private static void maskNative(MemorySegment m, int length, int key) {
    long word = (key & 0xFFFFFFFFL) | ((long) key << 32);
    int words = length & ~7;
    for (int i = 0; i < words; i += 8) {
      m.set(SEGMENT_LONG, i, m.get(SEGMENT_LONG, i) ^ word);
    }
    for (int i = words; i < length; i++) {
      byte b = m.get(ValueLayout.JAVA_BYTE, i);
      m.set(ValueLayout.JAVA_BYTE, i, (byte) (b ^ (key >>> (24 - 8 * (i & 3)))));
    }
  }

  private static void maskHeap(MemorySegment m, int length, int key) {
    long word = (key & 0xFFFFFFFFL) | ((long) key << 32);
    int words = length & ~7;
    for (int i = 0; i < words; i += 8) {
      m.set(SEGMENT_LONG, i, m.get(SEGMENT_LONG, i) ^ word);
    }
    for (int i = words; i < length; i++) {
      byte b = m.get(ValueLayout.JAVA_BYTE, i);
      m.set(ValueLayout.JAVA_BYTE, i, (byte) (b ^ (key >>> (24 - 8 * (i & 3)))));
    }
  }

  /**
   * Masks byte by byte; the reference the word-at-a-time paths are tested and measured against.
   *
   * @param a the array
   * @param from first offset
   * @param length number of bytes
   * @param key the key as it applies at {@code from}
   */
  public static void maskBytewise(byte[] a, int from, int length, int key) {
    for (int i = 0; i < length; i++) {
      a[from + i] ^= (byte) (key >>> (24 - 8 * (i & 3)));
    }
  }
}
