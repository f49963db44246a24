package io.tern.buffer.internal.pool;

import java.lang.foreign.Arena;

/** An arena whose chunks are {@code byte[]}s, reclaimed by the garbage collector once dropped. */
final class HeapArena extends PoolArena<byte[]> {
  HeapArena(PoolEngine engine, int index) {
    super(engine, index);
  }

  @Override
  public boolean isDirect() {
    return false;
  }

  @Override
  Arena newNativeArena() {
    return null;
  }

  @Override
  byte[] newChunkMemory(Arena nativeArena, int size) {
    return new byte[size];
  }
}
