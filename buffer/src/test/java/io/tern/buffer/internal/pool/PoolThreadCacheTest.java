package io.tern.buffer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PoolThreadCacheTest {
  private static final SizeClasses CLASSES = new SizeClasses(8192, 4 << 20);

  @Test
  void normalCacheArrayHoldsExactlyTheNormalClassesUpToMaxCachedCapacity() {
    // 32 KiB is the first normal class: exactly one cached normal class, not pageSize-many.
    assertThat(PoolThreadCache.normalClassesCached(CLASSES, 32 * 1024)).isEqualTo(1);
    // 40 KiB, 48 KiB, 56 KiB and 64 KiB follow.
    assertThat(PoolThreadCache.normalClassesCached(CLASSES, 64 * 1024)).isEqualTo(5);
    // A limit between classes keeps only the classes below it.
    assertThat(PoolThreadCache.normalClassesCached(CLASSES, 64 * 1024 - 1)).isEqualTo(4);
    assertThat(PoolThreadCache.normalClassesCached(CLASSES, 32 * 1024 - 1)).isZero();
    assertThat(PoolThreadCache.normalClassesCached(CLASSES, Integer.MAX_VALUE))
        .isEqualTo(CLASSES.nSizes() - CLASSES.nSmall());
    for (int max = 0; max <= 5 << 20; max += 4099) {
      int expected = 0;
      for (int i = CLASSES.nSmall(); i < CLASSES.nSizes(); i++) {
        expected += CLASSES.sizeIdx2size(i) <= max ? 1 : 0;
      }
      assertThat(PoolThreadCache.normalClassesCached(CLASSES, max)).isEqualTo(expected);
    }
  }

  @Test
  void cacheCoversSmallClassesAndNormalClassesUpToTheLimit() {
    PoolEngine engine = new PoolEngine(Region.config(1, 1));
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    assertThat(cache.cachedClasses()).isEqualTo(CLASSES.nSmall() + 1);
    assertThat(cache.capacity(0)).isEqualTo(256);
    assertThat(cache.capacity(CLASSES.nSmall())).isEqualTo(64);
    assertThat(cache.capacity(CLASSES.nSmall() + 1)).isZero();
    engine.freeCurrentThreadCache();
  }

  @Test
  void releasedRegionsAreServedAgainLastInFirstOut() {
    PoolEngine engine = new PoolEngine(Region.config(1, 1));
    Region<byte[]> a = Region.heap(engine, 1000);
    Region<byte[]> b = Region.heap(engine, 1000);
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    assertThat(a.cache).isSameAs(cache);
    a.free();
    b.free();
    int sizeIdx = CLASSES.size2SizeIdx(1000);
    assertThat(cache.cached(sizeIdx)).isEqualTo(2);
    Region<byte[]> c = Region.heap(engine, 1000);
    Region<byte[]> d = Region.heap(engine, 1000);
    assertThat(c.offset).isEqualTo(b.offset);
    assertThat(d.offset).isEqualTo(a.offset);
    assertThat(cache.hits()).isEqualTo(2);
    assertThat(cache.misses()).isEqualTo(2);
    c.free();
    d.free();
    engine.freeCurrentThreadCache();
    assertThat(engine.heapArenas().get(0).numActiveBytes()).isZero();
  }

  @Test
  void smallMissTakesExtraElementsForTheCacheUnderOneLock() {
    PoolEngine engine =
        new PoolEngine(new PoolConfig(8192, 4 << 20, 1, 1, 16, 64, 32768, 8192, false, 0, 4));
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    Region<byte[]> first = Region.heap(engine, 64); // carves the subpage, parks 4 more
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    int sizeIdx = CLASSES.size2SizeIdx(64);
    assertThat(cache.cached(sizeIdx)).isEqualTo(4);
    assertThat(arena.numSmallAllocations()).isEqualTo(5);
    List<Region<byte[]>> next = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      next.add(Region.heap(engine, 64));
    }
    assertThat(cache.hits()).isEqualTo(4);
    assertThat(cache.cached(sizeIdx)).isZero();
    assertThat(next.stream().mapToInt(r -> r.offset).distinct().count()).isEqualTo(4);
    assertThat(next).noneMatch(r -> r.offset == first.offset);
    next.add(Region.heap(engine, 64)); // a miss again: 4 more, never above half the capacity
    assertThat(cache.cached(sizeIdx)).isEqualTo(4);
    first.free();
    next.forEach(Region::free);
    engine.freeCurrentThreadCache();
    assertThat(arena.numActiveBytes()).isZero();
  }

  @Test
  void fullCacheClassSendsFurtherReleasesToTheArena() {
    PoolEngine engine =
        new PoolEngine(new PoolConfig(8192, 4 << 20, 1, 1, 2, 2, 32768, 8192, false, 0, 0));
    List<Region<byte[]>> regions = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      regions.add(Region.heap(engine, 64));
    }
    regions.forEach(Region::free);
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    assertThat(cache.cached(CLASSES.size2SizeIdx(64))).isEqualTo(2);
    assertThat(engine.heapArenas().get(0).numSmallDeallocations()).isEqualTo(1);
    engine.freeCurrentThreadCache();
  }

  @Test
  void trimReleasesUnusedEntriesAndLeavesTheCacheUsable() {
    PoolEngine engine = new PoolEngine(Region.config(1, 1));
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    int sizeIdx = CLASSES.size2SizeIdx(32 * 1024);
    List<Region<byte[]>> regions = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      regions.add(Region.heap(engine, 32 * 1024));
    }
    regions.forEach(Region::free);
    assertThat(cache.cached(sizeIdx)).isEqualTo(4);
    Region<byte[]> reused = Region.heap(engine, 32 * 1024); // one hit since the last trim
    assertThat(cache.trim()).isEqualTo(2); // 3 parked, 1 reused: 2 released
    assertThat(cache.cached(sizeIdx)).isEqualTo(1);
    assertThat(cache.trim()).isEqualTo(1); // nothing reused since: the last one goes too
    assertThat(cache.cached(sizeIdx)).isZero();
    // Still usable: releases park again and allocations hit.
    reused.free();
    assertThat(cache.cached(sizeIdx)).isEqualTo(1);
    long hits = cache.hits();
    Region<byte[]> again = Region.heap(engine, 32 * 1024);
    assertThat(cache.hits()).isEqualTo(hits + 1);
    assertThat(again.offset).isEqualTo(reused.offset);
    again.free();
    engine.freeCurrentThreadCache();
    assertThat(engine.heapArenas().get(0).numActiveBytes()).isZero();
  }

  @Test
  void cacheTrimsItselfEveryTrimIntervalAllocations() {
    PoolEngine engine =
        new PoolEngine(new PoolConfig(8192, 4 << 20, 1, 1, 256, 64, 32768, 16, false, 0, 0));
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    List<Region<byte[]>> regions = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      regions.add(Region.heap(engine, 512));
    }
    regions.forEach(Region::free);
    int sizeIdx = CLASSES.size2SizeIdx(512);
    assertThat(cache.cached(sizeIdx)).isEqualTo(8);
    for (int i = 0; i < 8; i++) {
      Region.heap(engine, 100).free(); // other class: ticks the interval to 16
    }
    assertThat(cache.cached(sizeIdx)).isZero();
    engine.freeCurrentThreadCache();
  }

  @Test
  void releaseOnAnotherThreadGoesToTheArenaNotTheOwnersCache() throws Exception {
    PoolEngine engine = new PoolEngine(Region.config(1, 1));
    Region<byte[]> r = Region.heap(engine, 256);
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    PoolArena<byte[]> arena = cache.arena;
    long before = arena.numSmallDeallocations();
    Thread other = Thread.ofPlatform().start(r::free);
    other.join();
    assertThat(cache.cached(CLASSES.size2SizeIdx(256))).isZero();
    assertThat(arena.numSmallDeallocations()).isEqualTo(before + 1);
    assertThat(arena.numActiveBytes()).isZero();
    engine.freeCurrentThreadCache();
  }

  @Test
  void cacheOfATerminatedThreadIsFreedLazily() throws Exception {
    PoolEngine engine = new PoolEngine(Region.config(1, 1));
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    AtomicReference<PoolThreadCache<byte[]>> cache = new AtomicReference<>();
    Thread worker =
        Thread.ofPlatform()
            .start(
                () -> {
                  for (int i = 0; i < 10; i++) {
                    Region.heap(engine, 100 * i + 1).free();
                  }
                  cache.set(engine.currentHeapCache());
                });
    worker.join();
    assertThat(cache.get().cachedBytes()).isPositive();
    assertThat(arena.numActiveBytes()).isPositive();
    assertThat(arena.numThreadCaches()).isEqualTo(1);
    // The next cache creation (or a trim, or a metrics read) sweeps terminated threads.
    assertThat(engine.numThreadLocalCaches()).isZero();
    assertThat(arena.numActiveBytes()).isZero();
    assertThat(arena.numThreadCaches()).isZero();
    assertThat(arena.numCacheMisses()).isEqualTo(10);
  }

  @Test
  void explicitRemovalFreesTheCacheAndLaterReleasesBypassIt() {
    PoolEngine engine = new PoolEngine(Region.config(1, 1));
    PoolArena<byte[]> arena = engine.heapArenaArray()[0];
    Region<byte[]> kept = Region.heap(engine, 2048);
    Region.heap(engine, 2048).free();
    PoolThreadCache<byte[]> old = engine.currentHeapCache();
    assertThat(old.cachedBytes()).isEqualTo(2048);
    assertThat(engine.freeCurrentThreadCache()).isTrue();
    assertThat(old.cachedBytes()).isZero();
    kept.free(); // allocated through the freed cache: goes to the arena
    assertThat(old.cachedBytes()).isZero();
    assertThat(arena.numActiveBytes()).isZero();
    assertThat(engine.currentHeapCache()).isNotSameAs(old);
    engine.freeCurrentThreadCache();
  }

  @Test
  void virtualThreadsGetNoCacheByDefault() throws Exception {
    PoolEngine engine = new PoolEngine(Region.config(2, 1));
    AtomicReference<Region<byte[]>> region = new AtomicReference<>();
    Thread.ofVirtual().start(() -> region.set(Region.heap(engine, 64))).join();
    assertThat(region.get().cache).isNull();
    assertThat(engine.numThreadLocalCaches()).isZero();
    region.get().free();
  }

  @Test
  void threadsAreSpreadOverTheLeastUsedArenas() throws Exception {
    PoolEngine engine = new PoolEngine(Region.config(2, 2));
    engine.currentHeapCache();
    AtomicReference<PoolThreadCache<byte[]>> other = new AtomicReference<>();
    int[] cachesPerArena = new int[2];
    Thread.ofPlatform()
        .start(
            () -> {
              other.set(engine.currentHeapCache());
              cachesPerArena[0] = engine.heapArenas().get(0).numThreadCaches();
              cachesPerArena[1] = engine.heapArenas().get(1).numThreadCaches();
              engine.freeCurrentThreadCache();
            })
        .join();
    assertThat(cachesPerArena).containsExactly(1, 1);
    assertThat(other.get().arena).isNotSameAs(engine.currentHeapCache().arena);
    engine.freeCurrentThreadCache();
  }
}
