package io.tern.buffer.internal.pool;

import io.tern.buffer.PoolChunkListMetric;
import io.tern.buffer.PoolChunkMetric;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The chunks of an arena whose usage lies in {@code [minUsage, maxUsage)} percent.
 *
 * <p>The percentages are turned into free-byte bounds once, here: a chunk moves to the next list
 * when {@code freeBytes <= freeMinThreshold} and to the previous one when {@code freeBytes >
 * freeMaxThreshold}, so an allocation or release costs one integer comparison, never a division.
 * The lowest list ({@code q000}) has no previous list: a chunk leaving it is completely free and is
 * handed back to the arena to be kept as its spare or destroyed.
 *
 * <p>Guarded by the arena's lock.
 */
final class PoolChunkList<T> implements PoolChunkListMetric {
  private final PoolArena<T> arena;
  private final String name;
  private final PoolChunkList<T> nextList;
  private PoolChunkList<T> prevList;
  private final int minUsage;
  private final int maxUsage;
  private final int freeMinThreshold;
  private final int freeMaxThreshold;
  private PoolChunk<T> head;

  PoolChunkList(
      PoolArena<T> arena,
      String name,
      PoolChunkList<T> nextList,
      int minUsage,
      int maxUsage,
      int chunkSize) {
    this.arena = arena;
    this.name = name;
    this.nextList = nextList;
    this.minUsage = minUsage;
    this.maxUsage = maxUsage;
    // usage >= maxUsage  <=>  freeBytes <= chunkSize * (100 - maxUsage) / 100
    this.freeMinThreshold = maxUsage > 100 ? -1 : (int) ((long) chunkSize * (100 - maxUsage) / 100);
    // usage < minUsage  <=>  freeBytes > chunkSize * (100 - minUsage) / 100; a list starting at
    // 1 % only lets go of chunks that are entirely free; qInit (minUsage < 0) never lets go.
    if (minUsage < 0) {
      this.freeMaxThreshold = Integer.MAX_VALUE;
    } else if (minUsage <= 1) {
      this.freeMaxThreshold = chunkSize - 1;
    } else {
      this.freeMaxThreshold = (int) ((long) chunkSize * (100 - minUsage) / 100);
    }
  }

  void prevList(PoolChunkList<T> prevList) {
    this.prevList = prevList;
  }

  int freeMinThreshold() {
    return freeMinThreshold;
  }

  int freeMaxThreshold() {
    return freeMaxThreshold;
  }

  PoolChunk<T> head() {
    return head;
  }

  void moveUpIfNeeded(PoolChunk<T> chunk) {
    if (chunk.freeBytes <= freeMinThreshold) {
      remove(chunk);
      nextList.add(chunk);
    }
  }

  /**
   * Re-files a chunk after a release.
   *
   * @return false if the chunk became completely free and left the lists (the caller decides
   *     whether to keep or destroy it)
   */
  boolean afterFree(PoolChunk<T> chunk) {
    if (chunk.freeBytes > freeMaxThreshold) {
      remove(chunk);
      return moveDown(chunk);
    }
    return true;
  }

  private boolean moveDown(PoolChunk<T> chunk) {
    if (prevList == null) {
      return false;
    }
    return prevList.insertFromAbove(chunk);
  }

  private boolean insertFromAbove(PoolChunk<T> chunk) {
    if (chunk.freeBytes > freeMaxThreshold) {
      return moveDown(chunk);
    }
    addHere(chunk);
    return true;
  }

  /** Files a chunk here, or further up if it is already fuller than this list allows. */
  void add(PoolChunk<T> chunk) {
    if (chunk.freeBytes <= freeMinThreshold && nextList != null) {
      nextList.add(chunk);
      return;
    }
    addHere(chunk);
  }

  private void addHere(PoolChunk<T> chunk) {
    chunk.parent = this;
    chunk.prev = null;
    chunk.next = head;
    if (head != null) {
      head.prev = chunk;
    }
    head = chunk;
  }

  void remove(PoolChunk<T> chunk) {
    if (chunk == head) {
      head = chunk.next;
      if (head != null) {
        head.prev = null;
      }
    } else {
      chunk.prev.next = chunk.next;
      if (chunk.next != null) {
        chunk.next.prev = chunk.prev;
      }
    }
    chunk.prev = null;
    chunk.next = null;
    chunk.parent = null;
  }

  /** Removes and returns every chunk (for destroying the arena). */
  List<PoolChunk<T>> drain() {
    List<PoolChunk<T>> all = new ArrayList<>();
    while (head != null) {
      PoolChunk<T> c = head;
      remove(c);
      all.add(c);
    }
    return all;
  }

  List<PoolChunkMetric> snapshot() {
    List<PoolChunkMetric> chunks = new ArrayList<>();
    for (PoolChunk<T> c = head; c != null; c = c.next) {
      chunks.add(new ChunkSnapshot(c.usage(), c.chunkSize, c.freeBytes));
    }
    return chunks;
  }

  int size() {
    int n = 0;
    for (PoolChunk<T> c = head; c != null; c = c.next) {
      n++;
    }
    return n;
  }

  boolean contains(PoolChunk<T> chunk) {
    for (PoolChunk<T> c = head; c != null; c = c.next) {
      if (c == chunk) {
        return true;
      }
    }
    return false;
  }

  @Override
  public int minUsage() {
    return Math.max(minUsage, 0);
  }

  @Override
  public int maxUsage() {
    return Math.min(maxUsage, 100);
  }

  @Override
  public Iterator<PoolChunkMetric> iterator() {
    arena.lock.lock();
    try {
      return snapshot().iterator();
    } finally {
      arena.lock.unlock();
    }
  }

  @Override
  public String toString() {
    return name + "[" + minUsage() + "%, " + maxUsage() + "%)";
  }

  private record ChunkSnapshot(int usage, int chunkSize, int freeBytes)
      implements PoolChunkMetric {}
}
