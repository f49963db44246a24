package io.tern.buffer;

import io.tern.buffer.internal.ByteBufs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ScatteringByteChannel;
import java.nio.charset.Charset;
import java.util.Objects;

/**
 * The absolute bulk transfers of {@link ByteBuf}: {@code getBytes} and {@code setBytes} between an
 * index of this buffer and arrays, NIO buffers, memory segments, other buffers, streams and
 * channels, plus {@code setZero} and {@code setCharSequence}. No index of this buffer changes.
 * Package-private: users see these methods on {@link ByteBuf}.
 */
abstract class ByteBufTransfers extends ByteBufRelativeAccess {
  ByteBufTransfers(int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
  }

  /**
   * Fills {@code dst} from {@code index}.
   *
   * @param index the absolute index
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.length} bytes remain
   */
  public final ByteBuf getBytes(int index, byte[] dst) {
    return getBytes(index, dst, 0, dst.length);
  }

  /**
   * Copies {@code length} bytes from {@code index} into {@code dst}.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param dstIndex the first index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf getBytes(int index, byte[] dst, int dstIndex, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(dstIndex, length, dst.length);
    copyTo(index, dst, dstIndex, length);
    return self();
  }

  /**
   * Copies bytes from {@code index} into {@code dst} until it has no space remaining, advancing its
   * position.
   *
   * @param index the absolute index
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.remaining()} bytes remain
   * @throws ReadOnlyBufferException if {@code dst} is read-only
   */
  public final ByteBuf getBytes(int index, ByteBuffer dst) {
    int length = dst.remaining();
    checkIndex(index, length);
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    if (dst.hasArray()) {
      copyTo(index, dst.array(), dst.arrayOffset() + position, length);
    } else {
      copyTo(index, MemorySegment.ofBuffer(dst), 0, length);
    }
    dst.position(position + length);
    return self();
  }

  /**
   * Copies {@code length} bytes from {@code index} into a memory segment.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param dstOffset the first offset in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf getBytes(int index, MemorySegment dst, long dstOffset, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(dstOffset, length, dst.byteSize());
    copyTo(index, dst, dstOffset, length);
    return self();
  }

  /**
   * Copies bytes from {@code index} into {@code dst} until it is full, advancing its writer index.
   *
   * @param index the absolute index
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.writableBytes()} bytes remain
   */
  public final ByteBuf getBytes(int index, ByteBuf dst) {
    return getBytes(index, dst, dst.writableBytes());
  }

  /**
   * Copies {@code length} bytes from {@code index} to {@code dst}'s writer index, advancing it.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf getBytes(int index, ByteBuf dst, int length) {
    int w = dst.writerIndex;
    if (length > dst.capacity - w) {
      throw new IndexOutOfBoundsException(
          "length(" + length + ") exceeds dst.writableBytes(" + dst.writableBytes() + ")");
    }
    getBytes(index, dst, w, length);
    dst.writerIndex = w + length;
    return self();
  }

  /**
   * Copies {@code length} bytes from {@code index} to {@code dst} at {@code dstIndex}; no index of
   * either buffer changes. The buffers may be the same and the ranges may overlap.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param dstIndex the absolute index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   * @throws ReadOnlyBufferException if {@code dst} is read-only
   */
  public final ByteBuf getBytes(int index, ByteBuf dst, int dstIndex, int length) {
    checkIndex(index, length);
    dst.checkIndex(dstIndex, length);
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (dst.hasArray()) {
      copyTo(index, dst.array(), dst.arrayOffset() + dstIndex, length);
    } else if (dst.hasMemorySegment()) {
      copyTo(index, dst.memorySegment(), dstIndex, length);
    } else if (self().hasArray()) {
      dst.copyFrom(dstIndex, self().array(), self().arrayOffset() + index, length);
    } else if (self().hasMemorySegment()) {
      dst.copyFrom(dstIndex, self().memorySegment(), index, length);
    } else {
      ByteBufs.copyViaArray(self(), index, dst, dstIndex, length);
    }
    return self();
  }

  /**
   * Writes {@code length} bytes from {@code index} to a stream.
   *
   * @param index the absolute index
   * @param out the stream
   * @param length the number of bytes
   * @return this buffer
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf getBytes(int index, OutputStream out, int length) throws IOException {
    checkIndex(index, length);
    if (self().hasArray()) {
      out.write(self().array(), self().arrayOffset() + index, length);
    } else {
      ByteBufs.writeTo(self(), index, out, length);
    }
    return self();
  }

  /**
   * Writes up to {@code length} bytes from {@code index} to a channel (one write call).
   *
   * @param index the absolute index
   * @param out the channel
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int getBytes(int index, GatheringByteChannel out, int length) throws IOException {
    checkIndex(index, length);
    if (self().nioBufferCount() == 1) {
      return out.write(nioBuffer(index, length));
    }
    return (int) out.write(self().nioBuffers(index, length));
  }

  /**
   * Writes up to {@code length} bytes from {@code index} to a file at {@code position}, without
   * changing the file's position.
   *
   * @param index the absolute index
   * @param out the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int getBytes(int index, FileChannel out, long position, int length)
      throws IOException {
    checkIndex(index, length);
    int written = 0;
    for (ByteBuffer b : self().nioBuffers(index, length)) {
      int n = out.write(b, position + written);
      written += n;
      if (b.hasRemaining()) {
        break;
      }
    }
    return written;
  }

  /**
   * Copies {@code src} to {@code index}.
   *
   * @param index the absolute index
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code src.length} bytes remain
   */
  public final ByteBuf setBytes(int index, byte[] src) {
    return setBytes(index, src, 0, src.length);
  }

  /**
   * Copies {@code length} bytes of {@code src} to {@code index}.
   *
   * @param index the absolute index
   * @param src the source
   * @param srcIndex the first index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, byte[] src, int srcIndex, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(srcIndex, length, src.length);
    copyFrom(index, src, srcIndex, length);
    return self();
  }

  /**
   * Copies the remaining bytes of {@code src} to {@code index}, advancing its position.
   *
   * @param index the absolute index
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code src.remaining()} bytes remain
   */
  public final ByteBuf setBytes(int index, ByteBuffer src) {
    int length = src.remaining();
    checkIndex(index, length);
    int position = src.position();
    if (src.hasArray()) {
      copyFrom(index, src.array(), src.arrayOffset() + position, length);
    } else {
      copyFrom(index, MemorySegment.ofBuffer(src), 0, length);
    }
    src.position(position + length);
    return self();
  }

  /**
   * Copies {@code length} bytes of a memory segment to {@code index}.
   *
   * @param index the absolute index
   * @param src the source
   * @param srcOffset the first offset in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, MemorySegment src, long srcOffset, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
    copyFrom(index, src, srcOffset, length);
    return self();
  }

  /**
   * Copies the readable bytes of {@code src} to {@code index}, advancing its reader index.
   *
   * @param index the absolute index
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code src.readableBytes()} bytes remain
   */
  public final ByteBuf setBytes(int index, ByteBuf src) {
    return setBytes(index, src, src.readableBytes());
  }

  /**
   * Copies {@code length} readable bytes of {@code src} to {@code index}, advancing its reader
   * index.
   *
   * @param index the absolute index
   * @param src the source
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, ByteBuf src, int length) {
    int r = src.readerIndex;
    if (length > src.writerIndex - r) {
      throw new IndexOutOfBoundsException(
          "length(" + length + ") exceeds src.readableBytes(" + src.readableBytes() + ")");
    }
    src.getBytes(r, self(), index, length);
    src.readerIndex = r + length;
    return self();
  }

  /**
   * Copies {@code length} bytes of {@code src} at {@code srcIndex} to {@code index}; no index
   * changes.
   *
   * @param index the absolute index
   * @param src the source
   * @param srcIndex the absolute index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, ByteBuf src, int srcIndex, int length) {
    src.getBytes(srcIndex, self(), index, length);
    return self();
  }

  /**
   * Reads up to {@code length} bytes from a stream into {@code index} (one read call).
   *
   * @param index the absolute index
   * @param in the stream
   * @param length the maximum number of bytes
   * @return the number of bytes read, or {@code -1} at the end of the stream
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int setBytes(int index, InputStream in, int length) throws IOException {
    checkIndex(index, length);
    if (self().hasArray()) {
      return in.read(self().array(), self().arrayOffset() + index, length);
    }
    byte[] tmp = new byte[Math.min(length, ByteBufs.CHUNK)];
    int n = in.read(tmp, 0, tmp.length);
    if (n > 0) {
      setBytes(index, tmp, 0, n);
    }
    return n;
  }

  /**
   * Reads up to {@code length} bytes from a channel into {@code index} (one read call).
   *
   * @param index the absolute index
   * @param in the channel
   * @param length the maximum number of bytes
   * @return the number of bytes read, or {@code -1} at the end of the stream
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int setBytes(int index, ScatteringByteChannel in, int length) throws IOException {
    checkIndex(index, length);
    if (self().isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (self().nioBufferCount() == 1) {
      return in.read(nioBuffer(index, length));
    }
    return (int) in.read(self().nioBuffers(index, length));
  }

  /**
   * Reads up to {@code length} bytes from a file at {@code position} into {@code index}, without
   * changing the file's position.
   *
   * @param index the absolute index
   * @param in the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes read, or {@code -1} at the end of the file
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int setBytes(int index, FileChannel in, long position, int length)
      throws IOException {
    checkIndex(index, length);
    if (self().isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int read = 0;
    for (ByteBuffer b : self().nioBuffers(index, length)) {
      int n = in.read(b, position + read);
      if (n < 0) {
        return read == 0 ? -1 : read;
      }
      read += n;
      if (b.hasRemaining()) {
        break;
      }
    }
    return read;
  }

  /**
   * Fills {@code length} bytes from {@code index} with zeros.
   *
   * @param index the absolute index
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf setZero(int index, int length) {
    checkIndex(index, length);
    ByteBufs.fillZero(self(), index, length);
    return self();
  }

  /**
   * Encodes {@code sequence} with {@code charset} at {@code index}.
   *
   * @param index the absolute index
   * @param sequence the characters
   * @param charset the encoding
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the encoded bytes do not fit
   */
  public final int setCharSequence(int index, CharSequence sequence, Charset charset) {
    byte[] bytes = sequence.toString().getBytes(charset);
    setBytes(index, bytes);
    return bytes.length;
  }
}
