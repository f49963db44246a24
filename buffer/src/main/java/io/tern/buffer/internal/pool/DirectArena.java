package io.tern.buffer.internal.pool;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * An arena whose chunks are native {@code MemorySegment}s, each from its own shared {@link Arena}
 * so that destroying a chunk frees its memory at once ({@link Arena#close()}); the cost of a shared
 * arena's close is paid once per chunk, not per buffer. A buffer that outlives its chunk by mistake
 * fails with {@code IllegalStateException} on access instead of touching freed memory.
 */
final class DirectArena extends PoolArena<MemorySegment> {
  /** Chunks are aligned for any primitive access. */
  private static final long ALIGNMENT = 64;

  DirectArena(PoolEngine engine, int index) {
    super(engine, index);
  }

  @Override
  public boolean isDirect() {
    return true;
  }

  @Override
  Arena newNativeArena() {
    return Arena.ofShared();
  }

  @Override
  MemorySegment newChunkMemory(Arena nativeArena, int size) {
    return nativeArena.allocate(size, ALIGNMENT);
  }
}
