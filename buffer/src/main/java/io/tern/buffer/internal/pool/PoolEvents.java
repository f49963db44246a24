package io.tern.buffer.internal.pool;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JDK Flight Recorder events of the pooled allocator. All are disabled by default and have no
 * threshold; enable them by name in a recording, e.g. {@code jfr configure
 * +io.tern.buffer.PoolChunkAllocated#enabled=true} or {@code Recording.enable(name)}.
 *
 * <ul>
 *   <li>{@code io.tern.buffer.PoolChunkAllocated} / {@code PoolChunkFreed}: a chunk (or a huge
 *       unpooled allocation) taken from or returned to the system. Rare; cheap to leave on.
 *   <li>{@code io.tern.buffer.PoolBufferAllocated} / {@code PoolBufferFreed}: every allocation and
 *       release, cache hits included. Costly; for diagnosis only.
 * </ul>
 *
 * <p>When an event is disabled its check costs a load of a static field: the event object is never
 * allocated (escape analysis) and nothing is recorded.
 */
final class PoolEvents {
  private PoolEvents() {}

  static void chunkAllocated(PoolArena<?> arena, long size, boolean unpooled) {
    ChunkAllocated event = new ChunkAllocated();
    if (event.shouldCommit()) {
      event.arena = arena.index;
      event.direct = arena.isDirect();
      event.size = size;
      event.unpooled = unpooled;
      event.commit();
    }
  }

  static void chunkFreed(PoolArena<?> arena, long size, boolean unpooled) {
    ChunkFreed event = new ChunkFreed();
    if (event.shouldCommit()) {
      event.arena = arena.index;
      event.direct = arena.isDirect();
      event.size = size;
      event.unpooled = unpooled;
      event.commit();
    }
  }

  /** {@code sizeIdx} is the size class, or -1 for a huge allocation of {@code requested} bytes. */
  static void bufferAllocated(PoolArena<?> arena, int requested, int sizeIdx, boolean cacheHit) {
    BufferAllocated event = new BufferAllocated();
    if (event.shouldCommit()) {
      event.arena = arena.index;
      event.direct = arena.isDirect();
      event.requested = requested;
      event.size = sizeIdx < 0 ? requested : arena.sizeClasses.sizeIdx2size(sizeIdx);
      event.cacheHit = cacheHit;
      event.commit();
    }
  }

  static void bufferFreed(PoolArena<?> arena, int size, boolean toCache) {
    BufferFreed event = new BufferFreed();
    if (event.shouldCommit()) {
      event.arena = arena.index;
      event.direct = arena.isDirect();
      event.size = size;
      event.toCache = toCache;
      event.commit();
    }
  }

  @Name("io.tern.buffer.PoolChunkAllocated")
  @Label("Pool Chunk Allocated")
  @Description("A pooled allocator took a chunk, or a huge unpooled region, from the system")
  @Category({"Tern", "Buffer"})
  @Enabled(false)
  static final class ChunkAllocated extends Event {
    @Label("Arena")
    int arena;

    @Label("Direct")
    boolean direct;

    @Label("Size")
    @DataAmount
    long size;

    @Label("Unpooled")
    boolean unpooled;
  }

  @Name("io.tern.buffer.PoolChunkFreed")
  @Label("Pool Chunk Freed")
  @Description("A pooled allocator returned a chunk, or a huge unpooled region, to the system")
  @Category({"Tern", "Buffer"})
  @Enabled(false)
  static final class ChunkFreed extends Event {
    @Label("Arena")
    int arena;

    @Label("Direct")
    boolean direct;

    @Label("Size")
    @DataAmount
    long size;

    @Label("Unpooled")
    boolean unpooled;
  }

  @Name("io.tern.buffer.PoolBufferAllocated")
  @Label("Pooled Buffer Allocated")
  @Description("A pooled allocator handed out a region")
  @Category({"Tern", "Buffer"})
  @Enabled(false)
  @StackTrace(false)
  static final class BufferAllocated extends Event {
    @Label("Arena")
    int arena;

    @Label("Direct")
    boolean direct;

    @Label("Requested")
    @DataAmount
    int requested;

    @Label("Size")
    @DataAmount
    int size;

    @Label("Cache Hit")
    boolean cacheHit;
  }

  @Name("io.tern.buffer.PoolBufferFreed")
  @Label("Pooled Buffer Freed")
  @Description("A region went back to a thread cache or to its arena")
  @Category({"Tern", "Buffer"})
  @Enabled(false)
  @StackTrace(false)
  static final class BufferFreed extends Event {
    @Label("Arena")
    int arena;

    @Label("Direct")
    boolean direct;

    @Label("Size")
    @DataAmount
    int size;

    @Label("To Cache")
    boolean toCache;
  }
}
