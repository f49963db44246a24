package io.tern.buffer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Arena behaviour without thread caches (caches sized 0), so every call reaches the arena. */
class PoolArenaTest {
  private static final int CHUNK = 4 << 20;

  private static PoolEngine uncachedEngine() {
    return new PoolEngine(new PoolConfig(8192, CHUNK, 1, 1, 0, 0, 0, 8192, false, 0, 0));
  }

  @Test
  void smallAllocationsShareOneSubpageAndDoNotOverlap() {
    PoolEngine engine = uncachedEngine();
    List<Region<byte[]>> regions = new ArrayList<>();
    for (int i = 0; i < 512; i++) {
      Region<byte[]> r = Region.heap(engine, 10);
      assertThat(r.maxLength).isEqualTo(16);
      assertThat(r.length).isEqualTo(10);
      regions.add(r);
    }
    // 512 elements of 16 bytes fill one 8 KiB page exactly.
    assertThat(regions).allSatisfy(r -> assertThat(r.chunk).isSameAs(regions.get(0).chunk));
    assertThat(regions.stream().mapToInt(r -> r.offset).distinct().count()).isEqualTo(512);
    assertThat(regions.stream().mapToInt(r -> r.offset).max().getAsInt()).isEqualTo(8192 - 16);
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    assertThat(arena.smallSubpages()).isEmpty(); // full subpages are unlinked
    regions.get(7).free();
    assertThat(arena.smallSubpages())
        .singleElement()
        .satisfies(s -> assertThat(s.numAvailable()).isEqualTo(1));
    Region<byte[]> again = Region.heap(engine, 16);
    assertThat(again.offset).isEqualTo(regions.get(7).offset);
    regions.set(7, again);
    regions.forEach(Region::free);
    assertThat(arena.numActiveBytes()).isZero();
  }

  @Test
  void emptiedSubpageIsReleasedUnlessItIsTheLastOfItsClass() {
    PoolEngine engine = uncachedEngine();
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    List<Region<byte[]>> first = new ArrayList<>();
    for (int i = 0; i < 512 + 1; i++) {
      first.add(Region.heap(engine, 16)); // two subpages, the second with one element used
    }
    long freeWithTwo = arena.freeBytesInChunks();
    for (int i = 0; i < 512; i++) {
      first.get(i).free(); // empties the first subpage: released, the second remains
    }
    assertThat(arena.freeBytesInChunks()).isEqualTo(freeWithTwo + 8192);
    first.get(512).free(); // last of its class: kept
    assertThat(arena.freeBytesInChunks()).isEqualTo(freeWithTwo + 8192);
    assertThat(arena.smallSubpages()).hasSize(1);
  }

  @Test
  void subpageRunsAreLeastCommonMultiplesOfElementAndPage() {
    assertThat(PoolSubpage.runPagesFor(16, 8192)).isEqualTo(1);
    assertThat(PoolSubpage.runPagesFor(48, 8192)).isEqualTo(3);
    assertThat(PoolSubpage.runPagesFor(28 * 1024, 8192)).isEqualTo(7);
    assertThat(PoolSubpage.runPagesFor(24 * 1024, 8192)).isEqualTo(3);
  }

  @Test
  void normalAllocationsAreRunsThatCoalesceOnRelease() {
    PoolEngine engine = uncachedEngine();
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    Region<byte[]> a = Region.heap(engine, 64 * 1024);
    Region<byte[]> b = Region.heap(engine, 40 * 1024 - 5);
    assertThat(a.maxLength).isEqualTo(64 * 1024);
    assertThat(b.maxLength).isEqualTo(40 * 1024);
    assertThat(b.offset).isEqualTo(64 * 1024);
    assertThat(a.chunk).isSameAs(b.chunk);
    assertThat(arena.freeBytesInChunks()).isEqualTo(CHUNK - 104 * 1024);
    a.free();
    b.free();
    assertThat(arena.freeBytesInChunks()).isEqualTo(CHUNK);
    assertThat(a.chunk.longestFreeRunPages()).isEqualTo(512);
  }

  @Test
  void doubleFreeIsDetected() {
    PoolEngine engine = uncachedEngine();
    Region<byte[]> run = Region.heap(engine, 64 * 1024);
    Region<byte[]> keep = Region.heap(engine, 64 * 1024);
    run.free();
    assertThatThrownBy(run::free).isInstanceOf(IllegalStateException.class);
    Region<byte[]> small = Region.heap(engine, 100);
    Region<byte[]> other = Region.heap(engine, 100);
    small.free();
    assertThatThrownBy(small::free).isInstanceOf(IllegalStateException.class);
    other.free();
    keep.free();
  }

  @Test
  void chunksMoveBetweenUsageListsAtTheirThresholds() {
    PoolEngine engine = uncachedEngine();
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    int mib = 1 << 20;
    Region<byte[]> r1 = Region.heap(engine, 896 * 1024); // 21.9 %: stays in qInit
    PoolChunk<byte[]> chunk = r1.chunk;
    assertThat(chunk.parent).isSameAs(arena.qInit);
    Region<byte[]> r2 = Region.heap(engine, 128 * 1024); // 25 %: q000
    assertThat(chunk.parent).isSameAs(arena.q000);
    Region<byte[]> r3 = Region.heap(engine, mib); // 50 %: q025
    assertThat(chunk.parent).isSameAs(arena.q025);
    Region<byte[]> r4 = Region.heap(engine, mib); // 75 %: q050
    assertThat(chunk.parent).isSameAs(arena.q050);
    Region<byte[]> r5 = Region.heap(engine, mib); // 100 %: q075 then q100
    assertThat(chunk.parent).isSameAs(arena.q100);
    assertThat(chunk.usage()).isEqualTo(100);
    r5.free(); // 75 %: q075 (its range is [75, 100))
    assertThat(chunk.parent).isSameAs(arena.q075);
    r4.free(); // 50 %: below q075's 75 %: q050
    assertThat(chunk.parent).isSameAs(arena.q050);
    r3.free(); // 25 %: q025
    assertThat(chunk.parent).isSameAs(arena.q025);
    r2.free(); // 21.9 %: q000
    assertThat(chunk.parent).isSameAs(arena.q000);
    r1.free(); // empty: leaves the lists and becomes the spare
    assertThat(chunk.parent).isNull();
    assertThat(arena.hasSpare()).isTrue();
    assertThat(arena.numChunks()).isEqualTo(1);
    // The spare is reused rather than a new chunk created.
    Region<byte[]> again = Region.heap(engine, mib);
    assertThat(again.chunk).isSameAs(chunk);
    again.free();
  }

  @Test
  void thresholdsArePrecomputedFreeByteBounds() {
    PoolArena<byte[]> arena = uncachedEngine().heapArenaArray()[0];
    assertThat(arena.qInit.freeMinThreshold()).isEqualTo(CHUNK * 3 / 4);
    assertThat(arena.qInit.freeMaxThreshold()).isEqualTo(Integer.MAX_VALUE);
    assertThat(arena.q000.freeMaxThreshold()).isEqualTo(CHUNK - 1);
    assertThat(arena.q025.freeMaxThreshold()).isEqualTo(CHUNK * 3 / 4);
    assertThat(arena.q075.freeMinThreshold()).isZero();
    assertThat(arena.q100.freeMinThreshold()).isEqualTo(-1);
  }

  @Test
  void secondEmptyChunkIsDestroyedNotKept() {
    PoolEngine engine = uncachedEngine();
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    Region<byte[]> a = Region.heap(engine, CHUNK);
    Region<byte[]> b = Region.heap(engine, CHUNK);
    assertThat(a.chunk).isNotSameAs(b.chunk);
    assertThat(arena.numChunks()).isEqualTo(2);
    a.free();
    b.free();
    assertThat(arena.numChunks()).isEqualTo(1);
    assertThat(arena.reservedBytes()).isEqualTo(CHUNK);
  }

  @Test
  void hugeAllocationsAreUnpooledAndFreedAtOnce() {
    PoolEngine engine = uncachedEngine();
    PoolArena<MemorySegment> arena = engine.directArenaArray()[0];
    Region<MemorySegment> huge = new Region<>();
    engine.allocateDirect(huge, CHUNK + 1);
    assertThat(huge.chunk.unpooled).isTrue();
    assertThat(huge.maxLength).isEqualTo(CHUNK + 1);
    assertThat(huge.memory.byteSize()).isEqualTo(CHUNK + 1);
    assertThat(arena.numHugeAllocations()).isEqualTo(1);
    assertThat(arena.reservedBytes()).isEqualTo(CHUNK + 1);
    huge.free();
    assertThat(arena.numHugeDeallocations()).isEqualTo(1);
    assertThat(arena.reservedBytes()).isZero();
  }

  @Test
  void directChunksAreNativeSegmentsReleasedWhenDestroyed() {
    PoolEngine engine = uncachedEngine();
    PoolArena<MemorySegment> arena = engine.directArenaArray()[0];
    Region<MemorySegment> a = new Region<>();
    Region<MemorySegment> b = new Region<>();
    engine.allocateDirect(a, CHUNK);
    engine.allocateDirect(b, CHUNK);
    assertThat(a.memory.isNative()).isTrue();
    assertThat(a.memory.byteSize()).isEqualTo(CHUNK);
    a.memory.set(java.lang.foreign.ValueLayout.JAVA_LONG, a.offset, 42L);
    assertThat(arena.reservedBytes()).isEqualTo(2L * CHUNK);
    a.free(); // becomes the spare
    b.free(); // destroyed: its native memory is freed now
    assertThat(arena.reservedBytes()).isEqualTo(CHUNK);
    assertThat(engine.usedDirectMemory()).isEqualTo(CHUNK);
  }

  @Test
  void directChunksStartOnAPageSoEveryRunDoesToo() {
    // malloc alone put a chunk 16 bytes past a page: every buffer then started off a cache line,
    // and the kernel's receive copies into it ran about three times slower.
    PoolEngine engine = uncachedEngine();
    List<Region<MemorySegment>> runs = new ArrayList<>();
    for (int size : new int[] {64 * 1024, 8192, 3 * 8192, 64 * 1024}) {
      Region<MemorySegment> r = new Region<>();
      engine.allocateDirect(r, size);
      runs.add(r);
    }
    assertThat(runs)
        .allSatisfy(
            r ->
                assertThat((r.memory.address() + r.offset) % DirectArena.CHUNK_ALIGNMENT).isZero());
    runs.forEach(Region::free);
  }
}
