package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.IllegalReferenceCountException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PooledByteBufAllocatorTest {
  private final PooledByteBufAllocator alloc =
      new PooledByteBufAllocator(true, 1, 1, 8192, 9, 256, 64, 32 * 1024);

  private static ByteBuf root(ByteBuf buf) {
    ByteBuf inner = buf.unwrap();
    return inner == null ? buf : inner;
  }

  @Test
  void defaultAllocatorIsPooled() {
    assertThat(ByteBufAllocator.DEFAULT).isSameAs(PooledByteBufAllocator.DEFAULT);
    assertThat(PooledByteBufAllocator.DEFAULT.isDirectBufferPooled()).isTrue();
  }

  @Test
  void recycledBufferHasEveryFieldReset() {
    ByteBuf first = alloc.heapBuffer(100, 1000);
    first.writeLong(7).writeInt(3).readerIndex(4);
    first.retain();
    first.release();
    Object firstRoot = root(first);
    assertThat(first.release()).isTrue();
    assertThatThrownBy(first::readByte).isInstanceOf(IllegalReferenceCountException.class);

    ByteBuf second = alloc.heapBuffer(50, 60);
    assertThat(root(second)).isSameAs(firstRoot); // the object was recycled
    assertThat(second.refCnt()).isEqualTo(1);
    assertThat(second.readerIndex()).isZero();
    assertThat(second.writerIndex()).isZero();
    assertThat(second.capacity()).isEqualTo(50);
    assertThat(second.maxCapacity()).isEqualTo(60);
    assertThat(second.isAccessible()).isTrue();
    second.release();
  }

  @Test
  void sameThreadReleaseIsServedAgainFromTheCacheLastInFirstOut() {
    ByteBuf a = alloc.directBuffer(4096);
    ByteBuf b = alloc.directBuffer(4096);
    long addressA = a.memorySegment().address();
    long addressB = b.memorySegment().address();
    a.release();
    b.release();
    PoolArenaMetric arena = alloc.metric().directArenas().get(0);
    long hits = arena.numCacheHits();
    ByteBuf c = alloc.directBuffer(4000);
    ByteBuf d = alloc.directBuffer(4096);
    assertThat(c.memorySegment().address()).isEqualTo(addressB);
    assertThat(d.memorySegment().address()).isEqualTo(addressA);
    c.release();
    d.release();
    assertThat(arena.numCacheHits()).isEqualTo(hits + 2);
  }

  @Test
  void releaseOnAnotherThreadReturnsTheRegionToTheArena() throws Exception {
    ByteBuf buf = alloc.heapBuffer(256);
    PoolArenaMetric arena = alloc.metric().heapArenas().get(0);
    long deallocations = arena.numDeallocations();
    AtomicReference<Boolean> released = new AtomicReference<>();
    Thread.ofPlatform().start(() -> released.set(buf.release())).join();
    assertThat(released.get()).isTrue();
    assertThat(arena.numDeallocations()).isEqualTo(deallocations + 1);
    alloc.freeThreadLocalCache(); // elements the miss parked in this thread's cache
    assertThat(arena.numActiveBytes()).isZero();
  }

  @Test
  void growingWithinTheSizeClassKeepsTheRegionAndBeyondItCopies() {
    ByteBuf buf = alloc.heapBuffer(100, 100_000);
    int offset = buf.arrayOffset();
    byte[] array = buf.array();
    buf.capacity(112); // 100 rounds up to the 112-byte class
    assertThat(buf.arrayOffset()).isEqualTo(offset);
    assertThat(buf.array()).isSameAs(array);
    for (int i = 0; i < 112; i++) {
      buf.writeByte(i);
    }
    buf.writeBytes(new byte[5000]); // grows past the class: new region, content copied
    assertThat(buf.capacity()).isGreaterThanOrEqualTo(5112);
    for (int i = 0; i < 112; i++) {
      assertThat(buf.getByte(i)).isEqualTo((byte) i);
    }
    buf.release();
    assertThat(alloc.metric().heapArenas().get(0).numActiveAllocations())
        .isEqualTo(alloc.metric().heapArenas().get(0).numActiveAllocations());
  }

  @Test
  void slicesShareTheRegionAndReleaseTheParent() {
    ByteBuf buf = alloc.directBuffer(64).writeLong(42).writeLong(43);
    ByteBuf slice = buf.slice(8, 8);
    assertThat(slice.getLong(0)).isEqualTo(43);
    assertThat(slice.memorySegment().address()).isEqualTo(buf.memorySegment().address() + 8);
    assertThat(slice.release()).isTrue();
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void derivedBuffersShareTheRegionWithoutAllocatingFromThePool() {
    ByteBuf buf = alloc.heapBuffer(1024).writeZero(1024);
    PoolArenaMetric arena = alloc.metric().heapArenas().get(0);
    long allocations = arena.numAllocations();
    long hits = arena.numCacheHits();
    for (int i = 0; i < 100; i++) {
      buf.slice(i, 10).getByte(0);
      buf.duplicate().readByte();
      buf.retainedSlice(0, 8).release();
      buf.retainedDuplicate().release();
      buf.asReadOnly().getByte(1);
    }
    assertThat(arena.numAllocations()).isEqualTo(allocations);
    assertThat(arena.numCacheHits()).isEqualTo(hits);
    assertThat(buf.refCnt()).isEqualTo(1);
    buf.release();
  }

  @Test
  void hugeBuffersAreUnpooledAndFreedOnRelease() {
    int size = alloc.metric().chunkSize() + 1;
    ByteBuf huge = alloc.directBuffer(size);
    huge.setByte(size - 1, 9);
    PoolArenaMetric arena = alloc.metric().directArenas().get(0);
    assertThat(arena.numHugeAllocations()).isEqualTo(1);
    assertThat(huge.release()).isTrue();
    assertThat(arena.numHugeDeallocations()).isEqualTo(1);
    assertThat(arena.reservedBytes()).isZero();
  }

  @Test
  void metricsCountAllocationsBySizeKindAndCacheUse() {
    ByteBuf small = alloc.heapBuffer(10);
    ByteBuf normal = alloc.heapBuffer(64 * 1024);
    PooledByteBufAllocatorMetric metric = alloc.metric();
    PoolArenaMetric arena = metric.heapArenas().get(0);
    // The small miss also parked a few elements in the thread cache (smallCacheFill).
    long smallTaken = arena.numSmallAllocations();
    assertThat(smallTaken).isBetween(1L, 9L);
    assertThat(arena.numNormalAllocations()).isEqualTo(1);
    assertThat(arena.numActiveBytes()).isEqualTo(16 * smallTaken + 64 * 1024);
    assertThat(arena.numChunks()).isEqualTo(1);
    assertThat(metric.usedHeapMemory()).isEqualTo(metric.chunkSize());
    assertThat(arena.chunkLists()).hasSize(6);
    assertThat(arena.chunkLists().get(0))
        .singleElement()
        .satisfies(c -> assertThat(c.freeBytes()).isEqualTo(c.chunkSize() - 8192 - 64 * 1024));
    assertThat(arena.smallSubpages())
        .singleElement()
        .satisfies(s -> assertThat(s.numAvailable()).isEqualTo(512 - smallTaken));
    small.release(); // cached: still active from the arena's point of view
    normal.release(); // 64 KiB is above maxCachedBufferCapacity: back to the arena
    assertThat(arena.numNormalDeallocations()).isEqualTo(1);
    assertThat(arena.numSmallDeallocations()).isZero();
    assertThat(arena.numActiveBytes()).isEqualTo(16 * smallTaken);
    long hits = arena.numCacheHits();
    ByteBuf again = alloc.heapBuffer(16);
    assertThat(arena.numCacheHits()).isEqualTo(hits + 1);
    assertThat(arena.numCacheMisses()).isEqualTo(1); // the first small one (64 KiB: uncached)
    assertThat(metric.numThreadLocalCaches()).isEqualTo(1);
    again.release();
    assertThat(alloc.freeThreadLocalCache()).isTrue();
    assertThat(arena.numActiveBytes()).isZero();
    assertThat(arena.numSmallDeallocations()).isEqualTo(smallTaken);
    assertThat(metric.numThreadLocalCaches()).isZero();
  }

  @Test
  void zeroArenasFallBackToUnpooledBuffers() {
    PooledByteBufAllocator unpooledHeap =
        new PooledByteBufAllocator(false, 0, 1, 8192, 9, 256, 64, 32 * 1024);
    ByteBuf buf = unpooledHeap.heapBuffer(10);
    assertThat(buf.alloc()).isSameAs(unpooledHeap);
    assertThat(buf.capacity()).isEqualTo(10);
    buf.release();
    assertThat(unpooledHeap.metric().heapArenas()).isEmpty();
  }

  @Test
  void rejectsInvertedCapacities() {
    assertThatThrownBy(() -> alloc.heapBuffer(10, 5)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PooledByteBufAllocator(true, 1, 1, 8192, 20, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
