package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.buffer.ByteBuf;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The native memory a streaming codec hands to its library besides the buffers themselves: a small
 * block for the library's in/out bookkeeping (pointers and sizes it updates), and, only when a
 * buffer has no native memory of its own (heap, composite of several parts), 64 KiB areas the bytes
 * are copied through. Direct buffers are passed to the library in place.
 *
 * <p>The memory comes from the C library's {@code malloc} (an arena per codec would cost a thread
 * handshake to close), and {@link #free()} returns it; it is idempotent.
 *
 * <p>One thread at a time (the channel's event loop); {@link #free()} may run on a cleaner thread
 * once the owner is unreachable.
 */
@SuppressWarnings("restricted")
final class Staging {
  /** The size of each copy area. */
  static final int AREA = 64 * 1024;

  /** The size of the bookkeeping block: room for two three-word structures. */
  static final int BLOCK = 64;

  private static final MethodHandle MALLOC =
      NativeLibrary.libc("malloc", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG));
  private static final MethodHandle FREE =
      NativeLibrary.libc("free", FunctionDescriptor.ofVoid(JAVA_LONG));

  private MemorySegment block;
  private MemorySegment inputArea;
  private MemorySegment outputArea;
  private int inputLength;
  private int outputLength;
  private boolean outputStaged;

  /** The bookkeeping block, allocated on first use. */
  MemorySegment block() {
    if (block == null) {
      block = allocate(BLOCK);
      block.fill((byte) 0);
    }
    return block;
  }

  /**
   * Returns the address of up to {@code length} bytes of {@code buf} from {@code index}: in place
   * for native memory, else copied into the input area. {@link #inputLength()} then says how many.
   */
  long input(ByteBuf buf, int index, int length) {
    if (length == 0) {
      inputLength = 0;
      return block().address();
    }
    if (buf.hasMemorySegment()) {
      inputLength = length;
      return buf.memorySegment().address() + index;
    }
    if (inputArea == null) {
      inputArea = allocate(AREA);
    }
    int n = Math.min(length, AREA);
    buf.getBytes(index, inputArea, 0, n);
    inputLength = n;
    return inputArea.address();
  }

  /** How many bytes the last {@link #input} made available. */
  int inputLength() {
    return inputLength;
  }

  /**
   * Returns where the library may write into {@code buf}'s writable bytes: in place for native
   * memory, else the output area. {@link #outputLength()} says how much room there is; {@link
   * #commitOutput} moves what was written into {@code buf}.
   */
  long output(ByteBuf buf) {
    int writable = buf.writableBytes();
    if (buf.hasMemorySegment()) {
      outputStaged = false;
      outputLength = writable;
      return buf.memorySegment().address() + buf.writerIndex();
    }
    if (outputArea == null) {
      outputArea = allocate(AREA);
    }
    outputStaged = true;
    outputLength = Math.min(writable, AREA);
    return outputArea.address();
  }

  /** How much room the last {@link #output} offered. */
  int outputLength() {
    return outputLength;
  }

  /**
   * Makes the {@code n} bytes the library wrote at the last {@link #output} part of {@code buf}.
   */
  void commitOutput(ByteBuf buf, int n) {
    if (n == 0) {
      return;
    }
    if (outputStaged) {
      buf.setBytes(buf.writerIndex(), outputArea, 0, n);
    }
    buf.writerIndex(buf.writerIndex() + n);
  }

  /** Returns the memory to the C library. */
  void free() {
    block = release(block);
    inputArea = release(inputArea);
    outputArea = release(outputArea);
  }

  private static MemorySegment allocate(int size) {
    long address;
    try {
      address = (long) MALLOC.invokeExact((long) size);
    } catch (Throwable t) {
      throw NativeLibrary.rethrow(t);
    }
    if (address == 0) {
      throw new OutOfMemoryError("malloc(" + size + ") failed");
    }
    return MemorySegment.ofAddress(address).reinterpret(size);
  }

  private static MemorySegment release(MemorySegment segment) {
    if (segment != null) {
      try {
        FREE.invokeExact(segment.address());
      } catch (Throwable t) {
        throw NativeLibrary.rethrow(t);
      }
    }
    return null;
  }
}
