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

/**
 * The absolute bulk transfers of {@link ByteBuf} that pick a path by the kind of memory at either
 * end: NIO buffers (array or native), another buffer (array, segment, or neither), streams,
 * channels, files and text. Each method checks the buffer's range and then calls the buffer's core
 * copies ({@code copyTo}, {@code copyFrom}) or its NIO views; no index of the buffer moves (the
 * relative {@code readBytes}/{@code writeBytes} in {@code ByteBuf} move them around these calls).
 * Transfers between the buffer and a {@code byte[]} or a {@link MemorySegment} are one core call
 * and stay in {@code ByteBuf}.
 *
 * <p>Uses only the buffer's public methods and its core; holds no state.
 */
final class BulkTransfer {
  private BulkTransfer() {}

  static void getBytes(ByteBuf buf, int index, ByteBuffer dst) {
    int length = dst.remaining();
    buf.checkIndex(index, length);
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    if (dst.hasArray()) {
      buf.copyTo(index, dst.array(), dst.arrayOffset() + position, length);
    } else {
      buf.copyTo(index, MemorySegment.ofBuffer(dst), 0, length);
    }
    dst.position(position + length);
  }

  static void getBytes(ByteBuf buf, int index, ByteBuf dst, int dstIndex, int length) {
    buf.checkIndex(index, length);
    dst.checkIndex(dstIndex, length);
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (dst.hasArray()) {
      buf.copyTo(index, dst.array(), dst.arrayOffset() + dstIndex, length);
    } else if (buf.hasArray()) {
      // From an array into native memory (an encoder copying a wrapped body): the destination
      // copies from the array itself, without a view of its memory made for this one copy (a
      // pooled buffer's view is a new segment object each time).
      dst.copyFrom(dstIndex, buf.array(), buf.arrayOffset() + index, length);
    } else if (dst.hasMemorySegment()) {
      buf.copyTo(index, dst.memorySegment(), dstIndex, length);
    } else if (buf.hasMemorySegment()) {
      dst.copyFrom(dstIndex, buf.memorySegment(), index, length);
    } else {
      ByteBufs.copyViaArray(buf, index, dst, dstIndex, length);
    }
  }

  static void getBytes(ByteBuf buf, int index, OutputStream out, int length) throws IOException {
    buf.checkIndex(index, length);
    if (buf.hasArray()) {
      out.write(buf.array(), buf.arrayOffset() + index, length);
    } else {
      ByteBufs.writeTo(buf, index, out, length);
    }
  }

  static int getBytes(ByteBuf buf, int index, GatheringByteChannel out, int length)
      throws IOException {
    buf.checkIndex(index, length);
    if (buf.nioBufferCount() == 1) {
      return out.write(buf.nioBuffer(index, length));
    }
    return (int) out.write(buf.nioBuffers(index, length));
  }

  static int getBytes(ByteBuf buf, int index, FileChannel out, long position, int length)
      throws IOException {
    buf.checkIndex(index, length);
    int written = 0;
    for (ByteBuffer b : buf.nioBuffers(index, length)) {
      written += out.write(b, position + written);
      if (b.hasRemaining()) {
        break;
      }
    }
    return written;
  }

  static void setBytes(ByteBuf buf, int index, ByteBuffer src) {
    int length = src.remaining();
    buf.checkIndex(index, length);
    int position = src.position();
    if (src.hasArray()) {
      buf.copyFrom(index, src.array(), src.arrayOffset() + position, length);
    } else {
      buf.copyFrom(index, MemorySegment.ofBuffer(src), 0, length);
    }
    src.position(position + length);
  }

  static int setBytes(ByteBuf buf, int index, InputStream in, int length) throws IOException {
    buf.checkIndex(index, length);
    if (buf.hasArray()) {
      return in.read(buf.array(), buf.arrayOffset() + index, length);
    }
    byte[] tmp = new byte[Math.min(length, ByteBufs.CHUNK)];
    int n = in.read(tmp, 0, tmp.length);
    if (n > 0) {
      buf.copyFrom(index, tmp, 0, n);
    }
    return n;
  }

  static int setBytes(ByteBuf buf, int index, ScatteringByteChannel in, int length)
      throws IOException {
    checkWritable(buf, index, length);
    if (buf.nioBufferCount() == 1) {
      return in.read(buf.nioBuffer(index, length));
    }
    return (int) in.read(buf.nioBuffers(index, length));
  }

  static int setBytes(ByteBuf buf, int index, FileChannel in, long position, int length)
      throws IOException {
    checkWritable(buf, index, length);
    int read = 0;
    for (ByteBuffer b : buf.nioBuffers(index, length)) {
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

  static void setZero(ByteBuf buf, int index, int length) {
    buf.checkIndex(index, length);
    ByteBufs.fillZero(buf, index, length);
  }

  static String decode(ByteBuf buf, int index, int length, Charset charset) {
    buf.checkIndex(index, length);
    if (length == 0) {
      return "";
    }
    if (buf.hasArray()) {
      return new String(buf.array(), buf.arrayOffset() + index, length, charset);
    }
    return ByteBufs.decode(buf, index, length, charset);
  }

  // Refused before anything is read from the channel, so no input is consumed and lost.
  private static void checkWritable(ByteBuf buf, int index, int length) {
    buf.checkIndex(index, length);
    if (buf.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
  }
}
