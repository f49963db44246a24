package io.tern.buffer.internal.pool;

import io.tern.buffer.internal.NativeMemory;
import java.lang.foreign.MemorySegment;

/**
 * An arena whose chunks are native memory from {@link NativeMemory}, freed with {@code free} the
 * moment a chunk is destroyed: deterministic, no GC and no shared-arena handshake. Chunks are
 * page-aligned ({@link NativeMemory#allocateAligned}), so every buffer carved at page multiples
 * starts on a page and a cache line: {@code malloc} alone put them 16 bytes past one, and the
 * kernel's receive copies into them ran about three times slower.
 */
final class DirectArena extends PoolArena<MemorySegment> {
  /** Chunk alignment: the smallest page size of the platforms Tern runs on. */
  static final long CHUNK_ALIGNMENT = 4096;

  DirectArena(PoolEngine engine, int index) {
    super(engine, index);
  }

  @Override
  public boolean isDirect() {
    return true;
  }

  @Override
  MemorySegment newChunkMemory(int size) {
    return NativeMemory.allocateAligned(size, CHUNK_ALIGNMENT);
  }

  @Override
  void freeChunkMemory(MemorySegment memory) {
    NativeMemory.free(memory);
  }
}
