package io.tern.buffer.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Native memory from the C library's {@code malloc}/{@code free} through FFM downcalls, wrapped as
 * global-scope segments with {@link MemorySegment#reinterpret(long)}.
 *
 * <p>Why not an {@code Arena}: closing a shared arena per buffer costs a thread-local handshake
 * with every Java thread (benchmarks/DirectFree measures it), a confined arena cannot be released
 * from another thread, and an automatic one is freed by the GC, not deterministically. The price of
 * a global-scope segment is that use after {@link #free} is not caught by the segment itself: the
 * buffers check their reference count, and replace the segment with {@link MemorySegment#NULL} on
 * release.
 *
 * <p>Memory is not zeroed, like pooled memory (which is reused as it was left): a buffer's bytes
 * beyond its writer index have no defined content. Zeroing ({@code calloc}) cost about 7× the
 * allocation at 16 KiB (DirectFree: callocFree against mallocFree). Thread-safe.
 */
@SuppressWarnings("restricted")
public final class NativeMemory {
  /**
   * Every native address as one segment, for accesses whose range the caller has checked against
   * memory it owns (see {@link SegmentByteBuf}): a {@code static final}, so the JIT folds its size
   * and scope and what is left of its check is one unsigned compare of the address.
   */
  public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

  private static final MethodHandle MALLOC;
  private static final MethodHandle ALIGNED_ALLOC;
  private static final MethodHandle FREE;

  static {
    Linker linker = Linker.nativeLinker();
    var libc = linker.defaultLookup();
    Linker.Option critical = Linker.Option.critical(false);
    MALLOC =
        linker.downcallHandle(
            libc.find("malloc").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
            critical);
    ALIGNED_ALLOC =
        linker.downcallHandle(
            libc.find("aligned_alloc").orElseThrow(),
            FunctionDescriptor.of(
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
            critical);
    FREE =
        linker.downcallHandle(
            libc.find("free").orElseThrow(),
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS),
            critical);
  }

  private NativeMemory() {}

  /**
   * Allocates {@code size} bytes of undefined content; the caller frees them with {@link #free}.
   *
   * @throws OutOfMemoryError if the C library has no memory
   */
  public static MemorySegment allocate(long size) {
    if (size == 0) {
      return MemorySegment.NULL;
    }
    MemorySegment address;
    try {
      address = (MemorySegment) MALLOC.invokeExact(size);
    } catch (Throwable t) {
      throw new IllegalStateException("malloc failed", t);
    }
    if (address.address() == 0) {
      throw new OutOfMemoryError("Cannot allocate " + size + " bytes of native memory");
    }
    return address.reinterpret(size);
  }

  /**
   * Allocates {@code size} bytes of undefined content at an address that is a multiple of {@code
   * alignment} ({@code aligned_alloc}); the caller frees them with {@link #free}.
   *
   * <p>Why pool chunks need it: {@code malloc} serves a large block from its own mapping, after a
   * 16-byte header, so every buffer carved from such a block at page multiples would start 16 bytes
   * past a page and a cache line. The kernel's copies into such memory ({@code recv}, io_uring
   * receives) run with a misaligned destination, which costs about three times an aligned copy here
   * (the receive copy of a streamed echo: {@code _copy_to_iter} 300 samples per GiB against 110;
   * see docs/BENCHMARKS.md).
   *
   * @param size bytes, rounded up to a multiple of {@code alignment} for the C library
   * @param alignment a power of two
   * @throws OutOfMemoryError if the C library has no memory
   */
  public static MemorySegment allocateAligned(long size, long alignment) {
    if (alignment <= 0 || Long.bitCount(alignment) != 1) {
      throw new IllegalArgumentException("alignment must be a power of two: " + alignment);
    }
    if (size == 0) {
      return MemorySegment.NULL;
    }
    long rounded = (size + alignment - 1) & -alignment;
    MemorySegment address;
    try {
      address = (MemorySegment) ALIGNED_ALLOC.invokeExact(alignment, rounded);
    } catch (Throwable t) {
      throw new IllegalStateException("aligned_alloc failed", t);
    }
    if (address.address() == 0) {
      throw new OutOfMemoryError("Cannot allocate " + size + " bytes of native memory");
    }
    return address.reinterpret(size);
  }

  /**
   * Frees memory from {@link #allocate} or {@link #allocateAligned}; {@link MemorySegment#NULL} is
   * ignored.
   */
  public static void free(MemorySegment segment) {
    if (segment.address() == 0) {
      return;
    }
    try {
      FREE.invokeExact(segment);
    } catch (Throwable t) {
      throw new IllegalStateException("free failed", t);
    }
  }
}
