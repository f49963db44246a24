package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
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
    long word = (key & 0xFFFFFFFFL) | ((long) key << 32);
    if (buf.hasArray()) {
      int from = buf.arrayOffset() + index;
      mask(buf.array(), from, buf.array(), from, length, key);
    } else if (buf.hasMemorySegment()) {
      maskSegment(buf.memorySegment(), index, length, word, key);
    } else {
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
   * dstIndex}, masked, in one pass (the source is not changed).
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
      MemorySegment s = src.memorySegment().asSlice(srcIndex, length);
      MemorySegment d = dst.memorySegment().asSlice(dstIndex, length);
      long word = (key & 0xFFFFFFFFL) | ((long) key << 32);
      long i = 0;
      for (; i + 8 <= length; i += 8) {
        d.set(SEGMENT_LONG, i, s.get(SEGMENT_LONG, i) ^ word);
      }
      for (; i < length; i++) {
        byte b = s.get(ValueLayout.JAVA_BYTE, i);
        d.set(ValueLayout.JAVA_BYTE, i, (byte) (b ^ (key >>> (24 - 8 * (i & 3)))));
      }
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
    long word = (key & 0xFFFFFFFFL) | ((long) key << 32);
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      LONGS.set(dst, dstOffset + i, (long) LONGS.get(src, srcOffset + i) ^ word);
    }
    for (; i < length; i++) {
      dst[dstOffset + i] = (byte) (src[srcOffset + i] ^ (key >>> (24 - 8 * (i & 3))));
    }
  }

  private static void maskSegment(MemorySegment s, long from, int length, long word, int key) {
    MemorySegment m = s.asSlice(from, length);
    long i = 0;
    for (; i + 8 <= length; i += 8) {
      m.set(SEGMENT_LONG, i, m.get(SEGMENT_LONG, i) ^ word);
    }
    for (; i < length; i++) {
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
