package io.tern.buffer;

import io.tern.buffer.internal.ByteBufferByteBuf;
import io.tern.buffer.internal.UnpooledHeapByteBuf;
import io.tern.buffer.internal.UnreleasableByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/**
 * Creates buffers without a pool: new, wrapping existing memory, or copying it.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe. The {@code copiedBuffer} methods never change the indexes or position of their
 * source, so several threads may copy the same source at once.
 *
 * <h2>Ownership</h2>
 *
 * <p>Every method returns a buffer the caller owns and releases (except {@link #EMPTY_BUFFER} and
 * unreleasable buffers, for which release does nothing). Wrapped memory is shared, not copied: a
 * change through the buffer is visible in the wrapped array or {@code ByteBuffer} and vice versa,
 * and the array or {@code ByteBuffer} must stay valid while the buffer is used. The {@code
 * wrappedBuffer} methods that take buffers take over their references; {@link
 * #unreleasableBuffer(ByteBuf)} leaves its buffer to whoever owns it.
 */
public final class Unpooled {
  private static final UnpooledByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;

  /** An empty heap buffer of capacity 0 that release does not affect; shared by everyone. */
  public static final ByteBuf EMPTY_BUFFER =
      new UnreleasableByteBuf(new UnpooledHeapByteBuf(ALLOC, new byte[0], 0, 0, 0));

  private Unpooled() {}

  /**
   * Allocates a heap buffer of 256 bytes, unbounded.
   *
   * @return a new buffer
   */
  public static ByteBuf buffer() {
    return ALLOC.heapBuffer();
  }

  /**
   * Allocates a heap buffer, unbounded.
   *
   * @param initialCapacity the capacity
   * @return a new buffer
   */
  public static ByteBuf buffer(int initialCapacity) {
    return ALLOC.heapBuffer(initialCapacity);
  }

  /**
   * Allocates a heap buffer.
   *
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity it may grow to
   * @return a new buffer
   */
  public static ByteBuf buffer(int initialCapacity, int maxCapacity) {
    return ALLOC.heapBuffer(initialCapacity, maxCapacity);
  }

  /**
   * Allocates a direct buffer of 256 bytes, unbounded.
   *
   * @return a new buffer
   */
  public static ByteBuf directBuffer() {
    return ALLOC.directBuffer();
  }

  /**
   * Allocates a direct buffer, unbounded.
   *
   * @param initialCapacity the capacity
   * @return a new buffer
   */
  public static ByteBuf directBuffer(int initialCapacity) {
    return ALLOC.directBuffer(initialCapacity);
  }

  /**
   * Allocates a direct buffer.
   *
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity it may grow to
   * @return a new buffer
   */
  public static ByteBuf directBuffer(int initialCapacity, int maxCapacity) {
    return ALLOC.directBuffer(initialCapacity, maxCapacity);
  }

  /**
   * Creates an empty heap composite buffer.
   *
   * @return a new composite
   */
  public static CompositeByteBuf compositeBuffer() {
    return ALLOC.compositeHeapBuffer();
  }

  /**
   * Creates an empty heap composite buffer.
   *
   * @param maxNumComponents how many components it holds before consolidating
   * @return a new composite
   */
  public static CompositeByteBuf compositeBuffer(int maxNumComponents) {
    return ALLOC.compositeHeapBuffer(maxNumComponents);
  }

  /**
   * Wraps an array; all of it is readable.
   *
   * @param array the memory, shared
   * @return a buffer over {@code array}
   */
  public static ByteBuf wrappedBuffer(byte[] array) {
    return wrappedBuffer(array, 0, array.length);
  }

  /**
   * Wraps part of an array; all of it is readable.
   *
   * @param array the memory, shared
   * @param offset the first index
   * @param length the number of bytes
   * @return a buffer over the range
   * @throws IndexOutOfBoundsException if the range is outside {@code array}
   */
  public static ByteBuf wrappedBuffer(byte[] array, int offset, int length) {
    java.util.Objects.checkFromIndexSize(offset, length, array.length);
    ByteBuf buf = new UnpooledHeapByteBuf(ALLOC, array, offset, length, length);
    return buf.writerIndex(length);
  }

  /**
   * Wraps the remaining bytes of a NIO buffer without changing its position; all of them are
   * readable. A read-only {@code ByteBuffer} gives a read-only buffer.
   *
   * @param buffer the memory, shared
   * @return a buffer over it
   */
  public static ByteBuf wrappedBuffer(ByteBuffer buffer) {
    if (!buffer.isReadOnly() && buffer.hasArray()) {
      return wrappedBuffer(
          buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    }
    return new ByteBufferByteBuf(ALLOC, buffer);
  }

  /**
   * Takes ownership of {@code buffer} and returns a slice of its readable bytes (releasing the
   * slice releases it).
   *
   * @param buffer the buffer
   * @return the slice
   */
  public static ByteBuf wrappedBuffer(ByteBuf buffer) {
    return buffer.slice();
  }

  /**
   * Combines arrays into one composite without copying.
   *
   * @param arrays the memory, shared
   * @return a buffer over all of them
   */
  public static ByteBuf wrappedBuffer(byte[]... arrays) {
    ByteBuf[] buffers = new ByteBuf[arrays.length];
    for (int i = 0; i < arrays.length; i++) {
      buffers[i] = wrappedBuffer(arrays[i]);
    }
    return wrappedBuffer(buffers);
  }

  /**
   * Combines NIO buffers into one composite without copying.
   *
   * @param buffers the memory, shared
   * @return a buffer over all of them
   */
  public static ByteBuf wrappedBuffer(ByteBuffer... buffers) {
    ByteBuf[] bufs = new ByteBuf[buffers.length];
    for (int i = 0; i < buffers.length; i++) {
      bufs[i] = wrappedBuffer(buffers[i]);
    }
    return wrappedBuffer(bufs);
  }

  /**
   * Takes ownership of {@code buffers} and combines their readable bytes into one composite without
   * copying.
   *
   * @param buffers the buffers
   * @return a composite over all of them
   */
  public static ByteBuf wrappedBuffer(ByteBuf... buffers) {
    return new CompositeByteBuf(
        ALLOC, false, Math.max(buffers.length, CompositeByteBuf.DEFAULT_MAX_COMPONENTS), buffers);
  }

  /**
   * Copies an array into a new heap buffer.
   *
   * @param array the source
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(byte[] array) {
    return copiedBuffer(array, 0, array.length);
  }

  /**
   * Copies part of an array into a new heap buffer.
   *
   * @param array the source
   * @param offset the first index
   * @param length the number of bytes
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(byte[] array, int offset, int length) {
    return ALLOC.heapBuffer(length).writeBytes(array, offset, length);
  }

  /**
   * Copies several arrays, in order, into one new heap buffer.
   *
   * @param arrays the sources
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(byte[]... arrays) {
    int length = 0;
    for (byte[] a : arrays) {
      length = Math.addExact(length, a.length);
    }
    ByteBuf buf = ALLOC.heapBuffer(length);
    for (byte[] a : arrays) {
      buf.writeBytes(a);
    }
    return buf;
  }

  /**
   * Copies the remaining bytes of a NIO buffer into a new heap buffer without changing the source's
   * position (safe to call from several threads on one source).
   *
   * @param buffer the source
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(ByteBuffer buffer) {
    int length = buffer.remaining();
    byte[] bytes = new byte[length];
    buffer.get(buffer.position(), bytes, 0, length);
    return ALLOC.heapBuffer(length).writeBytes(bytes);
  }

  /**
   * Copies the remaining bytes of several NIO buffers, in order, into one new heap buffer, without
   * changing their positions.
   *
   * @param buffers the sources
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(ByteBuffer... buffers) {
    int length = 0;
    for (ByteBuffer b : buffers) {
      length = Math.addExact(length, b.remaining());
    }
    ByteBuf buf = ALLOC.heapBuffer(length);
    byte[] array = buf.array();
    int offset = buf.arrayOffset();
    for (ByteBuffer b : buffers) {
      int n = b.remaining();
      b.get(b.position(), array, offset, n);
      offset += n;
    }
    return buf.writerIndex(length);
  }

  /**
   * Copies the readable bytes of a buffer into a new heap buffer; the source's indexes stay.
   *
   * @param buffer the source
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(ByteBuf buffer) {
    int length = buffer.readableBytes();
    return ALLOC.heapBuffer(length).writeBytes(buffer, buffer.readerIndex(), length);
  }

  /**
   * Copies the readable bytes of several buffers, in order, into one new heap buffer.
   *
   * @param buffers the sources
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(ByteBuf... buffers) {
    int length = 0;
    for (ByteBuf b : buffers) {
      length = Math.addExact(length, b.readableBytes());
    }
    ByteBuf buf = ALLOC.heapBuffer(length);
    for (ByteBuf b : buffers) {
      buf.writeBytes(b, b.readerIndex(), b.readableBytes());
    }
    return buf;
  }

  /**
   * Encodes characters into a new heap buffer.
   *
   * @param string the characters
   * @param charset the encoding
   * @return a new buffer, all readable
   */
  public static ByteBuf copiedBuffer(CharSequence string, Charset charset) {
    return copiedBuffer(string.toString().getBytes(charset));
  }

  /**
   * Returns a view of {@code buffer} that ignores retain and release, for constants shared across
   * threads and pipelines. Its indexes start as {@code buffer}'s and are independent from then on.
   *
   * @param buffer the buffer, never freed through the result
   * @return the unreleasable view
   */
  public static ByteBuf unreleasableBuffer(ByteBuf buffer) {
    return new UnreleasableByteBuf(buffer);
  }
}
