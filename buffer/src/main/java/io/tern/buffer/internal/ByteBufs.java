package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;

/**
 * Algorithms over any {@link ByteBuf} written once against its public API: moves, chunked copies,
 * zero fill, decoding without per-call scratch garbage, and the equality, ordering and hash that
 * must agree across every implementation.
 */
public final class ByteBufs {
  /** Size of the scratch chunk used by copies that go through a {@code byte[]}. */
  public static final int CHUNK = 8192;

  /** Largest region {@link #decode} decodes through the per-thread scratch array. */
  private static final int MAX_SCRATCH = 64 * 1024;

  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[1024]);

  private ByteBufs() {}

  /**
   * Reads a field of a buffer through its public API, for buffers made of other buffers (views,
   * composites): the other buffer checks the range again and reports its own release.
   *
   * @param buf the buffer holding the field
   * @param index the field's index in {@code buf}
   * @param width 1, 2, 4 or 8
   * @param bigEndian the byte order
   * @return the field, sign-extended
   */
  public static long getField(ByteBuf buf, int index, int width, boolean bigEndian) {
    return switch (width) {
      case 1 -> buf.getByte(index);
      case 2 -> bigEndian ? buf.getShort(index) : buf.getShortLE(index);
      case 4 -> bigEndian ? buf.getInt(index) : buf.getIntLE(index);
      default -> bigEndian ? buf.getLong(index) : buf.getLongLE(index);
    };
  }

  /**
   * Writes a field of a buffer through its public API; see {@link #getField}.
   *
   * @param buf the buffer holding the field
   * @param index the field's index in {@code buf}
   * @param width 1, 2, 4 or 8
   * @param value the value; its higher bytes are ignored
   * @param bigEndian the byte order
   */
  public static void setField(ByteBuf buf, int index, int width, long value, boolean bigEndian) {
    switch (width) {
      case 1 -> buf.setByte(index, (int) value);
      case 2 -> {
        if (bigEndian) {
          buf.setShort(index, (int) value);
        } else {
          buf.setShortLE(index, (int) value);
        }
      }
      case 4 -> {
        if (bigEndian) {
          buf.setInt(index, (int) value);
        } else {
          buf.setIntLE(index, (int) value);
        }
      }
      default -> {
        if (bigEndian) {
          buf.setLong(index, value);
        } else {
          buf.setLongLE(index, value);
        }
      }
    }
  }

  /** Moves {@code length} bytes from {@code from} down to index 0 of the same buffer. */
  public static void moveDown(ByteBuf buf, int from, int length) {
    if (buf.hasArray()) {
      int off = buf.arrayOffset();
      System.arraycopy(buf.array(), off + from, buf.array(), off, length);
    } else if (buf.hasMemorySegment()) {
      buf.setBytes(0, buf.memorySegment(), from, length);
    } else {
      // Ascending chunks never overwrite bytes not yet moved, since the destination is lower.
      byte[] tmp = new byte[Math.min(CHUNK, Math.max(length, 1))];
      for (int done = 0; done < length; ) {
        int n = Math.min(tmp.length, length - done);
        buf.getBytes(from + done, tmp, 0, n);
        buf.setBytes(done, tmp, 0, n);
        done += n;
      }
    }
  }

  /** Copies between two buffers neither of which exposes an array or a segment. */
  public static void copyViaArray(
      ByteBuf src, int srcIndex, ByteBuf dst, int dstIndex, int length) {
    if (length == 0) {
      return;
    }
    byte[] tmp = new byte[Math.min(CHUNK, length)];
    if (src == dst && srcIndex < dstIndex && srcIndex + length > dstIndex) {
      // Overlapping upward move: copy from the end.
      for (int left = length; left > 0; ) {
        int n = Math.min(tmp.length, left);
        left -= n;
        src.getBytes(srcIndex + left, tmp, 0, n);
        dst.setBytes(dstIndex + left, tmp, 0, n);
      }
      return;
    }
    for (int done = 0; done < length; ) {
      int n = Math.min(tmp.length, length - done);
      src.getBytes(srcIndex + done, tmp, 0, n);
      dst.setBytes(dstIndex + done, tmp, 0, n);
      done += n;
    }
  }

  /** Writes a range of a buffer without an array to a stream in chunks. */
  public static void writeTo(ByteBuf buf, int index, OutputStream out, int length)
      throws IOException {
    byte[] tmp = new byte[Math.min(CHUNK, Math.max(length, 1))];
    for (int done = 0; done < length; ) {
      int n = Math.min(tmp.length, length - done);
      buf.getBytes(index + done, tmp, 0, n);
      out.write(tmp, 0, n);
      done += n;
    }
  }

  /** Zeroes a checked range. */
  public static void fillZero(ByteBuf buf, int index, int length) {
    int i = index;
    int end = index + length;
    for (; i <= end - 8; i += 8) {
      buf.setLong(i, 0L);
    }
    for (; i < end; i++) {
      buf.setByte(i, 0);
    }
  }

  /** Decodes a checked range of a buffer without an array, reusing a per-thread scratch array. */
  public static String decode(ByteBuf buf, int index, int length, Charset charset) {
    byte[] scratch;
    if (length <= MAX_SCRATCH) {
      scratch = SCRATCH.get();
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, Math.min(MAX_SCRATCH, scratch.length << 1))];
        SCRATCH.set(scratch);
      }
    } else {
      scratch = new byte[length];
    }
    buf.getBytes(index, scratch, 0, length);
    return new String(scratch, 0, length, charset);
  }

  /** Hash of the readable bytes: 31-based over big-endian ints, then the remaining bytes. */
  public static int hashCode(ByteBuf buf) {
    int r = buf.readerIndex();
    int length = buf.readableBytes();
    int h = 1;
    int i = r;
    for (int end = r + (length & ~3); i < end; i += 4) {
      h = 31 * h + buf.getInt(i);
    }
    for (int end = r + length; i < end; i++) {
      h = 31 * h + buf.getByte(i);
    }
    return h == 0 ? 1 : h;
  }

  /** Whether the readable bytes of both buffers are the same. */
  public static boolean equals(ByteBuf a, ByteBuf b) {
    int length = a.readableBytes();
    if (length != b.readableBytes()) {
      return false;
    }
    int ai = a.readerIndex();
    int bi = b.readerIndex();
    int longs = length >>> 3;
    for (int k = 0; k < longs; k++, ai += 8, bi += 8) {
      if (a.getLong(ai) != b.getLong(bi)) {
        return false;
      }
    }
    for (int k = length & 7; k > 0; k--, ai++, bi++) {
      if (a.getByte(ai) != b.getByte(bi)) {
        return false;
      }
    }
    return true;
  }

  /** Unsigned lexicographic comparison of the readable bytes. */
  public static int compare(ByteBuf a, ByteBuf b) {
    int aLen = a.readableBytes();
    int bLen = b.readableBytes();
    int min = Math.min(aLen, bLen);
    int ai = a.readerIndex();
    int bi = b.readerIndex();
    int longs = min >>> 3;
    for (int k = 0; k < longs; k++, ai += 8, bi += 8) {
      long x = a.getLong(ai);
      long y = b.getLong(bi);
      if (x != y) {
        return Long.compareUnsigned(x, y);
      }
    }
    for (int k = min & 7; k > 0; k--, ai++, bi++) {
      int c = Integer.compare(a.getUnsignedByte(ai), b.getUnsignedByte(bi));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(aLen, bLen);
  }
}
