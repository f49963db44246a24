package io.tern.buffer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * Bounded randomized stress: several threads allocate mixed sizes, write a stamp into every region,
 * check it before releasing (so overlapping regions would be caught), and hand a share of their
 * regions to another thread to release. At the end every byte must be back.
 */
class PoolStressTest {
  private static final int THREADS = 4;
  private static final int OPERATIONS = 20_000;

  @Test
  void concurrentMixedWorkloadReturnsEveryByteWithoutOverlap() throws Exception {
    PoolEngine engine = new PoolEngine(Region.config(2, 2));
    BlockingQueue<Region<MemorySegment>> handoff = new ArrayBlockingQueue<>(OPERATIONS);
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long seed = t;
      threads.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      start.await();
                      run(engine, new Random(seed), handoff);
                    } catch (Throwable e) {
                      failures.add(e);
                    }
                  }));
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    assertThat(failures).isEmpty();
    Region<MemorySegment> leftover;
    while ((leftover = handoff.poll()) != null) {
      check(leftover);
      leftover.free();
    }
    engine.freeCachesOfTerminatedThreads();
    assertThat(engine.numThreadLocalCaches()).isZero();
    for (PoolArena<MemorySegment> arena : engine.directArenaArray()) {
      assertThat(arena.numActiveBytes()).isZero();
      assertThat(arena.numActiveAllocations()).isZero();
      assertThat(arena.numAllocations()).isEqualTo(arena.numDeallocations());
      // Every pooled chunk left is completely free (and at most one is kept as spare per arena,
      // plus the chunk a last subpage of some class stays in).
      assertThat(arena.freeBytesInChunks() + subpageRunBytes(arena))
          .isEqualTo((long) arena.numChunks() * engine.chunkSize());
    }
  }

  /** Bytes of the runs of subpages kept as the last of their class. */
  private static long subpageRunBytes(PoolArena<?> arena) {
    long bytes = 0;
    for (var subpage : arena.smallSubpages()) {
      assertThat(subpage.numAvailable()).isEqualTo(subpage.maxNumElements());
      bytes += PoolSubpage.runPagesFor(subpage.elementSize(), subpage.pageSize()) * 8192L;
    }
    return bytes;
  }

  private static void run(PoolEngine engine, Random random, BlockingQueue<Region<MemorySegment>> q)
      throws InterruptedException {
    List<Region<MemorySegment>> live = new ArrayList<>();
    for (int op = 0; op < OPERATIONS; op++) {
      int choice = random.nextInt(100);
      if (choice < 50 || live.isEmpty()) {
        int size =
            switch (random.nextInt(10)) {
              case 0 -> 5 << 20; // huge
              case 1, 2 -> 8192 + random.nextInt(1 << 20); // normal
              default -> 1 + random.nextInt(30_000); // small
            };
        Region<MemorySegment> r = new Region<>();
        engine.allocateDirect(r, size);
        r.memory.set(ValueLayout.JAVA_LONG_UNALIGNED, r.offset, stamp(r));
        r.memory.set(ValueLayout.JAVA_LONG_UNALIGNED, r.offset + r.maxLength - 8, stamp(r));
        live.add(r);
        if (live.size() > 64) {
          Region<MemorySegment> victim = live.remove(random.nextInt(live.size()));
          check(victim);
          victim.free();
        }
      } else if (choice < 80) {
        Region<MemorySegment> r = live.remove(random.nextInt(live.size()));
        check(r);
        r.free();
      } else {
        Region<MemorySegment> mine = live.remove(random.nextInt(live.size()));
        q.put(mine);
        Region<MemorySegment> theirs = q.poll();
        if (theirs != null) {
          check(theirs);
          theirs.free(); // possibly allocated on another thread: goes to its arena
        }
      }
    }
    for (Region<MemorySegment> r : live) {
      check(r);
      r.free();
    }
  }

  private static long stamp(Region<?> r) {
    return System.identityHashCode(r) * 31L + r.offset;
  }

  private static void check(Region<MemorySegment> r) {
    assertThat(r.memory.get(ValueLayout.JAVA_LONG_UNALIGNED, r.offset)).isEqualTo(stamp(r));
    assertThat(r.memory.get(ValueLayout.JAVA_LONG_UNALIGNED, r.offset + r.maxLength - 8))
        .isEqualTo(stamp(r));
  }
}
