package io.tern.buffer;

import io.tern.buffer.internal.ByteFinder;

/**
 * The search family of {@link ByteBuf} ({@code indexOf}, {@code bytesBefore}, {@code forEachByte},
 * {@code forEachByteDesc}): range checks and clamping, then one ascending or descending scan of the
 * buffer's core. A search for one byte value scans with the shared {@link ByteFinder} of that
 * value, which heap and segment buffers run eight bytes at a time.
 *
 * <p>Uses only the buffer's public methods and its core ({@code scanAsc}, {@code scanDesc}, the
 * checks); holds no state.
 */
final class ByteSearch {
  private ByteSearch() {}

  static int indexOf(ByteBuf buf, int fromIndex, int toIndex, byte value) {
    buf.ensureAccessible();
    int capacity = buf.capacity();
    if (fromIndex <= toIndex) {
      int from = Math.max(fromIndex, 0);
      int to = Math.min(toIndex, capacity);
      return from >= to ? -1 : buf.scanAsc(from, to, ByteFinder.of(value));
    }
    int from = Math.min(fromIndex, capacity);
    int to = Math.max(toIndex, 0);
    return from <= to ? -1 : buf.scanDesc(to, from, ByteFinder.of(value));
  }

  static int bytesBefore(ByteBuf buf, int index, int length, byte value) {
    buf.checkIndex(index, length);
    int i = buf.scanAsc(index, index + length, ByteFinder.of(value));
    return i < 0 ? -1 : i - index;
  }

  static int forEachByte(ByteBuf buf, int index, int length, ByteProcessor processor) {
    buf.checkIndex(index, length);
    return buf.scanAsc(index, index + length, processor);
  }

  static int forEachByteDesc(ByteBuf buf, int index, int length, ByteProcessor processor) {
    buf.checkIndex(index, length);
    return buf.scanDesc(index, index + length, processor);
  }
}
