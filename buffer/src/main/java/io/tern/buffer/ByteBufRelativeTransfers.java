package io.tern.buffer;

import io.tern.buffer.internal.ByteBufs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ScatteringByteChannel;
import java.nio.charset.Charset;
import java.util.Objects;

/**
 * The relative bulk transfers of {@link ByteBuf}: {@code readBytes} from the reader index and
 * {@code writeBytes} at the writer index (growing the buffer), each built on the absolute transfer
 * of {@link ByteBufTransfers} and advancing its index by the number of bytes moved; plus {@code
 * skipBytes}, {@code readSlice} and the character-sequence reads and writes. Also the byte search
 * ({@code indexOf}, {@code bytesBefore}, {@code forEachByte}, {@code forEachByteDesc}) with the two
 * scan loops behind it, which implementations may override with faster ones. Package-private: users
 * see these methods on {@link ByteBuf}.
 */
abstract class ByteBufRelativeTransfers extends ByteBufTransfers {
  ByteBufRelativeTransfers(int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
  }

  /**
   * Reads {@code length} bytes into a new buffer from {@link #alloc()}, which the caller releases.
   *
   * @param length the number of bytes
   * @return the new buffer
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readBytes(int length) {
    int r = checkReadableBulk(length);
    ByteBuf copy = self().copy(r, length);
    readerIndex = r + length;
    return copy;
  }

  /**
   * Returns a slice of the next {@code length} readable bytes and advances the reader index; the
   * slice shares this buffer's reference count.
   *
   * @param length the number of bytes
   * @return the slice
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readSlice(int length) {
    int r = checkReadableBulk(length);
    ByteBuf slice = self().slice(r, length);
    readerIndex = r + length;
    return slice;
  }

  /**
   * Like {@link #readSlice(int)}, but the slice holds a new reference the caller releases.
   *
   * @param length the number of bytes
   * @return the retained slice
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readRetainedSlice(int length) {
    int r = checkReadableBulk(length);
    ByteBuf slice = self().retainedSlice(r, length);
    readerIndex = r + length;
    return slice;
  }

  /**
   * Reads bytes until {@code dst} is full.
   *
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.length} bytes are readable
   */
  public final ByteBuf readBytes(byte[] dst) {
    return readBytes(dst, 0, dst.length);
  }

  /**
   * Reads {@code length} bytes into {@code dst}.
   *
   * @param dst the destination
   * @param dstIndex the first index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if too few bytes are readable or {@code dst} is too small
   */
  public final ByteBuf readBytes(byte[] dst, int dstIndex, int length) {
    int r = checkReadableBulk(length);
    getBytes(r, dst, dstIndex, length);
    readerIndex = r + length;
    return self();
  }

  /**
   * Reads bytes until {@code dst} has no space remaining.
   *
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.remaining()} bytes are readable
   */
  public final ByteBuf readBytes(ByteBuffer dst) {
    int length = dst.remaining();
    int r = checkReadableBulk(length);
    getBytes(r, dst);
    readerIndex = r + length;
    return self();
  }

  /**
   * Reads bytes until {@code dst} is full, advancing its writer index.
   *
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.writableBytes()} bytes are readable
   */
  public final ByteBuf readBytes(ByteBuf dst) {
    return readBytes(dst, dst.writableBytes());
  }

  /**
   * Reads {@code length} bytes to {@code dst}'s writer index, advancing it.
   *
   * @param dst the destination
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if too few bytes are readable or writable
   */
  public final ByteBuf readBytes(ByteBuf dst, int length) {
    int r = checkReadableBulk(length);
    getBytes(r, dst, length);
    readerIndex = r + length;
    return self();
  }

  /**
   * Reads {@code length} bytes to {@code dst} at {@code dstIndex}.
   *
   * @param dst the destination
   * @param dstIndex the absolute index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if too few bytes are readable or {@code dst} is too small
   */
  public final ByteBuf readBytes(ByteBuf dst, int dstIndex, int length) {
    int r = checkReadableBulk(length);
    getBytes(r, dst, dstIndex, length);
    readerIndex = r + length;
    return self();
  }

  /**
   * Reads {@code length} bytes to a stream.
   *
   * @param out the stream
   * @param length the number of bytes
   * @return this buffer
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readBytes(OutputStream out, int length) throws IOException {
    int r = checkReadableBulk(length);
    getBytes(r, out, length);
    readerIndex = r + length;
    return self();
  }

  /**
   * Writes up to {@code length} readable bytes to a channel and advances the reader index by the
   * number written.
   *
   * @param out the channel
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final int readBytes(GatheringByteChannel out, int length) throws IOException {
    int r = checkReadableBulk(length);
    int n = getBytes(r, out, length);
    readerIndex = r + n;
    return n;
  }

  /**
   * Writes up to {@code length} readable bytes to a file at {@code position} and advances the
   * reader index by the number written.
   *
   * @param out the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final int readBytes(FileChannel out, long position, int length) throws IOException {
    int r = checkReadableBulk(length);
    int n = getBytes(r, out, position, length);
    readerIndex = r + n;
    return n;
  }

  /**
   * Decodes {@code length} readable bytes with {@code charset} and advances the reader index.
   *
   * @param length the number of bytes
   * @param charset the encoding
   * @return the decoded characters
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final CharSequence readCharSequence(int length, Charset charset) {
    int r = checkReadableBulk(length);
    String s = self().toString(r, length, charset);
    readerIndex = r + length;
    return s;
  }

  /**
   * Advances the reader index by {@code length}.
   *
   * @param length the number of bytes to skip
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf skipBytes(int length) {
    readerIndex = checkReadableBulk(length) + length;
    return self();
  }

  /**
   * Writes all of {@code src}.
   *
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeBytes(byte[] src) {
    return writeBytes(src, 0, src.length);
  }

  /**
   * Writes {@code length} bytes of {@code src}.
   *
   * @param src the source
   * @param srcIndex the first index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the range is outside {@code src} or the buffer cannot grow
   *     enough
   */
  public final ByteBuf writeBytes(byte[] src, int srcIndex, int length) {
    Objects.checkFromIndexSize(srcIndex, length, src.length);
    int w = prepareWrite(length);
    copyFrom(w, src, srcIndex, length);
    writerIndex = w + length;
    return self();
  }

  /**
   * Writes the remaining bytes of {@code src}, advancing its position.
   *
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeBytes(ByteBuffer src) {
    int length = src.remaining();
    int w = prepareWrite(length);
    setBytes(w, src);
    writerIndex = w + length;
    return self();
  }

  /**
   * Writes the readable bytes of {@code src}, advancing its reader index.
   *
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeBytes(ByteBuf src) {
    return writeBytes(src, src.readableBytes());
  }

  /**
   * Writes {@code length} readable bytes of {@code src}, advancing its reader index.
   *
   * @param src the source
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if {@code src} has too few readable bytes or the buffer
   *     cannot grow enough
   */
  public final ByteBuf writeBytes(ByteBuf src, int length) {
    int r = src.readerIndex;
    if (length > src.writerIndex - r) {
      throw new IndexOutOfBoundsException(
          "length(" + length + ") exceeds src.readableBytes(" + src.readableBytes() + ")");
    }
    writeBytes(src, r, length);
    src.readerIndex = r + length;
    return self();
  }

  /**
   * Writes {@code length} bytes of {@code src} at {@code srcIndex}; {@code src}'s indexes stay.
   *
   * @param src the source
   * @param srcIndex the absolute index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the range is outside {@code src} or the buffer cannot grow
   *     enough
   */
  public final ByteBuf writeBytes(ByteBuf src, int srcIndex, int length) {
    int w = prepareWrite(length);
    src.getBytes(srcIndex, self(), w, length);
    writerIndex = w + length;
    return self();
  }

  /**
   * Writes up to {@code length} bytes read from a stream (one read call).
   *
   * @param in the stream
   * @param length the maximum number of bytes
   * @return the number of bytes written, or {@code -1} at the end of the stream
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeBytes(InputStream in, int length) throws IOException {
    int w = prepareWrite(length);
    int n = setBytes(w, in, length);
    if (n > 0) {
      writerIndex = w + n;
    }
    return n;
  }

  /**
   * Writes up to {@code length} bytes read from a channel (one read call).
   *
   * @param in the channel
   * @param length the maximum number of bytes
   * @return the number of bytes written, or {@code -1} at the end of the stream
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeBytes(ScatteringByteChannel in, int length) throws IOException {
    int w = prepareWrite(length);
    int n = setBytes(w, in, length);
    if (n > 0) {
      writerIndex = w + n;
    }
    return n;
  }

  /**
   * Writes up to {@code length} bytes read from a file at {@code position}.
   *
   * @param in the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes written, or {@code -1} at the end of the file
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeBytes(FileChannel in, long position, int length) throws IOException {
    int w = prepareWrite(length);
    int n = setBytes(w, in, position, length);
    if (n > 0) {
      writerIndex = w + n;
    }
    return n;
  }

  /**
   * Writes {@code length} zero bytes.
   *
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeZero(int length) {
    int w = prepareWrite(length);
    ByteBufs.fillZero(self(), w, length);
    writerIndex = w + length;
    return self();
  }

  /**
   * Encodes {@code sequence} with {@code charset} at the writer index.
   *
   * @param sequence the characters
   * @param charset the encoding
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeCharSequence(CharSequence sequence, Charset charset) {
    byte[] bytes = sequence.toString().getBytes(charset);
    writeBytes(bytes);
    return bytes.length;
  }

  // ---------------------------------------------------------------------------------------------
  // Search: the public methods check and clamp, then run one of the two scan loops below.

  /**
   * Finds {@code value} between two indexes: forward in {@code [fromIndex, toIndex)} when {@code
   * fromIndex <= toIndex}, otherwise backward from {@code fromIndex - 1} down to {@code toIndex}.
   * Indexes are clamped to the capacity.
   *
   * @param fromIndex where to start
   * @param toIndex where to stop
   * @param value the byte to find
   * @return the absolute index of the first match, or {@code -1}
   */
  public final int indexOf(int fromIndex, int toIndex, byte value) {
    ensureAccessible();
    if (fromIndex <= toIndex) {
      int from = Math.max(fromIndex, 0);
      int to = Math.min(toIndex, capacity);
      return from >= to ? -1 : scanAsc(from, to, b -> b != value);
    }
    int from = Math.min(fromIndex, capacity);
    int to = Math.max(toIndex, 0);
    return from <= to ? -1 : scanDesc(to, from, b -> b != value);
  }

  /**
   * Returns the number of readable bytes before the first {@code value}.
   *
   * @param value the byte to find
   * @return the distance from the reader index, or {@code -1} if not readable
   */
  public final int bytesBefore(byte value) {
    return bytesBefore(readerIndex, readableBytes(), value);
  }

  /**
   * Returns the number of bytes before the first {@code value} among the next {@code length}
   * readable bytes.
   *
   * @param length the number of bytes to search
   * @param value the byte to find
   * @return the distance from the reader index, or {@code -1}
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final int bytesBefore(int length, byte value) {
    return bytesBefore(checkReadableBulk(length), length, value);
  }

  /**
   * Returns the number of bytes before the first {@code value} in {@code [index, index + length)}.
   *
   * @param index the absolute start
   * @param length the number of bytes to search
   * @param value the byte to find
   * @return the distance from {@code index}, or {@code -1}
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int bytesBefore(int index, int length, byte value) {
    checkIndex(index, length);
    int i = scanAsc(index, index + length, b -> b != value);
    return i < 0 ? -1 : i - index;
  }

  /**
   * Visits the readable bytes in ascending order until {@code processor} returns {@code false}.
   *
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   */
  public final int forEachByte(ByteProcessor processor) {
    ensureAccessible();
    return scanAsc(readerIndex, writerIndex, processor);
  }

  /**
   * Visits {@code [index, index + length)} in ascending order until {@code processor} returns
   * {@code false}.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int forEachByte(int index, int length, ByteProcessor processor) {
    checkIndex(index, length);
    return scanAsc(index, index + length, processor);
  }

  /**
   * Visits the readable bytes in descending order until {@code processor} returns {@code false}.
   *
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   */
  public final int forEachByteDesc(ByteProcessor processor) {
    ensureAccessible();
    return scanDesc(readerIndex, writerIndex, processor);
  }

  /**
   * Visits {@code [index, index + length)} in descending order until {@code processor} returns
   * {@code false}.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int forEachByteDesc(int index, int length, ByteProcessor processor) {
    checkIndex(index, length);
    return scanDesc(index, index + length, processor);
  }

  /**
   * Scans {@code [start, end)} in ascending order; a subclass may override it with a faster loop.
   *
   * @param start a checked start index
   * @param end a checked end index
   * @param processor the visitor
   * @return the index where {@code processor} stopped, or {@code -1}
   */
  protected int scanAsc(int start, int end, ByteProcessor processor) {
    for (int i = start; i < end; i++) {
      if (!processor.process(loadByte(i))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Scans {@code [start, end)} in descending order; a subclass may override it with a faster loop.
   *
   * @param start a checked start index
   * @param end a checked end index
   * @param processor the visitor
   * @return the index where {@code processor} stopped, or {@code -1}
   */
  protected int scanDesc(int start, int end, ByteProcessor processor) {
    for (int i = end - 1; i >= start; i--) {
      if (!processor.process(loadByte(i))) {
        return i;
      }
    }
    return -1;
  }
}
