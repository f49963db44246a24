package io.tern.buffer.internal.pool;

import io.tern.buffer.internal.NativeMemory;
import java.lang.foreign.MemorySegment;

/**
 * An arena whose chunks are native memory from {@link NativeMemory} ({@code calloc}), freed with
 * {@code free} the moment a chunk is destroyed: deterministic, no GC and no shared-arena handshake.
 * Chunks come from {@code calloc} in whole chunk sizes, so the C library maps fresh zero pages and
 * the zeroing costs little.
 */
final class DirectArena extends PoolArena<MemorySegment> {
  DirectArena(PoolEngine engine, int index) {
    super(engine, index);
  }

  @Override
  public boolean isDirect() {
    return true;
  }

  @Override
  MemorySegment newChunkMemory(int size) {
    return NativeMemory.allocate(size);
  }

  @Override
  void freeChunkMemory(MemorySegment memory) {
    NativeMemory.free(memory);
  }
}
