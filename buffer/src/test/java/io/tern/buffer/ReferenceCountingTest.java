package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ReferenceCountingTest extends BufferTestSupport {
  private static final String ALL = "io.tern.buffer.BufferKind#all";

  @ParameterizedTest
  @MethodSource(ALL)
  void everyAccessToAReleasedBufferThrowsButToStringDoesNot(BufferKind kind) {
    ByteBuf buf = kind.create(bytes(16, 30));
    boolean hadArray = buf.hasArray();
    boolean hadSegment = buf.hasMemorySegment();
    BufferKind.releaseAll(buf);
    assertThat(buf.isAccessible()).isFalse();
    assertThat(buf.refCnt()).isZero();
    assertThatThrownBy(() -> buf.getByte(0)).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.getLongLE(0)).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(buf::readInt).isInstanceOf(IllegalReferenceCountException.class);
    // Every width of the primitive family, loads and stores: none may touch released memory.
    assertThatThrownBy(() -> buf.getUnsignedMedium(1))
        .isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.getShortLE(2)).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.setLong(8, 1L)).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.setIntLE(0, 1)).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.setMedium(0, 1))
        .isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.setByte(15, 1)).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.getBytes(0, new byte[4]))
        .isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.toString(StandardCharsets.UTF_8))
        .isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(buf::slice).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(buf::duplicate).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(buf::nioBuffer).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(() -> buf.forEachByte(b -> true))
        .isInstanceOf(IllegalReferenceCountException.class);
    if (hadArray) {
      assertThatThrownBy(buf::array).isInstanceOf(IllegalReferenceCountException.class);
    }
    if (hadSegment) {
      assertThatThrownBy(buf::memorySegment).isInstanceOf(IllegalReferenceCountException.class);
    }
    if (!kind.name().equals("unreleasableView")) {
      assertThatThrownBy(buf::retain).isInstanceOf(IllegalReferenceCountException.class);
      assertThatThrownBy(buf::release).isInstanceOf(IllegalReferenceCountException.class);
    }
    assertThatCode(buf::toString).doesNotThrowAnyException();
    assertThat(buf.toString()).contains("freed");
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void viewsOfAReleasedBufferFailEvenTheChecksThatTouchNoMemory(BufferKind kind) {
    ByteBuf parent = kind.create(bytes(16, 34));
    ByteBuf slice = parent.slice(2, 8);
    ByteBuf duplicateOfSlice = slice.duplicate();
    BufferKind.releaseAll(parent);
    for (ByteBuf view : List.of(slice, duplicateOfSlice)) {
      assertThat(view.isAccessible()).isFalse();
      assertThatThrownBy(() -> view.skipBytes(1))
          .isInstanceOf(IllegalReferenceCountException.class);
      assertThatThrownBy(() -> view.getBytes(0, new byte[2]))
          .isInstanceOf(IllegalReferenceCountException.class);
      assertThatThrownBy(() -> view.writeBytes(new byte[1]))
          .isInstanceOf(IllegalReferenceCountException.class);
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void sliceReleaseReleasesParent(BufferKind kind) {
    ByteBuf parent = kind.create(bytes(16, 31));
    ByteBuf slice = parent.slice(2, 5);
    assertThat(slice.refCnt()).isEqualTo(parent.refCnt());
    if (kind.name().equals("unreleasableView")) {
      assertThat(slice.release()).isFalse();
      BufferKind.releaseAll(parent);
      return;
    }
    assertThat(slice.release()).isTrue();
    assertThat(parent.refCnt()).isZero();
    assertThatThrownBy(() -> parent.getByte(0)).isInstanceOf(IllegalReferenceCountException.class);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void emptySlicesAreNeverASharedSingletonAndStillRelease(BufferKind kind) {
    ByteBuf parent = make(kind, bytes(8, 32));
    ByteBuf a = parent.slice(3, 0);
    ByteBuf b = parent.slice(3, 0);
    assertThat(a).isNotSameAs(b).isNotSameAs(Unpooled.EMPTY_BUFFER);
    assertThat(a.capacity()).isZero();
    ByteBuf retained = parent.retainedSlice(8, 0);
    assertThat(parent.refCnt()).isEqualTo(kind.name().equals("unreleasableView") ? 1 : 2);
    retained.release();
    assertThat(parent.refCnt()).isEqualTo(1);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void derivedBuffersShareMemoryAndCountButNotIndexes(BufferKind kind) {
    byte[] content = bytes(20, 33);
    ByteBuf parent = make(kind, content);
    ByteBuf dup = parent.retainedDuplicate();
    assertThat(parent.refCnt()).isEqualTo(kind.name().equals("unreleasableView") ? 1 : 2);
    dup.readerIndex(5);
    assertThat(parent.readerIndex()).isZero();
    ByteBuf slice = dup.slice(1, 10);
    assertThat(slice.getByte(0)).isEqualTo(content[1]);
    ByteBuf sliceOfSlice = slice.slice(2, 3);
    assertThat(sliceOfSlice.getByte(0)).isEqualTo(content[3]);
    if (kind.writable()) {
      sliceOfSlice.setByte(0, content[3] + 1);
      assertThat(parent.getByte(3)).isEqualTo((byte) (content[3] + 1));
    }
    ByteBuf ro = slice.asReadOnly();
    assertThat(ro.isReadOnly()).isTrue();
    assertThat(ro.slice().isReadOnly()).isTrue();
    dup.release();
    assertThat(parent.refCnt()).isEqualTo(1);
    ByteBuf readSlice = parent.readRetainedSlice(4);
    assertThat(parent.readerIndex()).isEqualTo(4);
    assertThat(readSlice.readableBytes()).isEqualTo(4);
    readSlice.release();
  }

  @Test
  void retainAndReleaseAreCheckedAndExact() {
    ByteBuf buf = Unpooled.buffer(4);
    assertThat(buf.retain(3).refCnt()).isEqualTo(4);
    assertThat(buf.release(2)).isFalse();
    assertThatThrownBy(() -> buf.release(3)).isInstanceOf(IllegalReferenceCountException.class);
    assertThat(buf.refCnt()).isEqualTo(2);
    assertThatThrownBy(() -> buf.retain(Integer.MAX_VALUE))
        .isInstanceOf(IllegalReferenceCountException.class);
    assertThat(buf.refCnt()).isEqualTo(2);
    assertThatThrownBy(() -> buf.retain(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> buf.release(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(buf.release(2)).isTrue();
    assertThatThrownBy(buf::retain).isInstanceOf(IllegalReferenceCountException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void referenceCountUtilIgnoresPlainObjects() {
    Object plain = "x";
    assertThat(ReferenceCountUtil.retain(plain)).isSameAs(plain);
    assertThat(ReferenceCountUtil.release(plain)).isFalse();
    assertThat(ReferenceCountUtil.refCnt(plain)).isEqualTo(-1);
    ByteBuf buf = Unpooled.buffer(1);
    ReferenceCountUtil.retain(buf);
    assertThat(ReferenceCountUtil.refCnt(buf)).isEqualTo(2);
    assertThat(ReferenceCountUtil.release(buf, 2)).isTrue();
    assertThat(ReferenceCountUtil.safeRelease(buf)).isFalse();
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void concurrentRetainAndReleaseKeepTheCountExact(BufferKind kind) throws Exception {
    if (kind.name().equals("unreleasableView")) {
      return;
    }
    ByteBuf buf = kind.create(bytes(8, 34));
    int threads = 4;
    int rounds = 5_000;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        ByteBuf view = t % 2 == 0 ? buf : buf.duplicate();
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < rounds; i++) {
                    view.retain();
                    view.retain(2);
                    view.release();
                    view.release(2);
                  }
                  view.retain();
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertThat(buf.refCnt()).isEqualTo(1 + threads);
    assertThat(buf.release(threads)).isFalse();
    assertThat(buf.release()).isTrue();
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void concurrentReleasesFreeExactlyOnce() throws Exception {
    int threads = 4;
    for (int round = 0; round < 200; round++) {
      ByteBuf buf = Unpooled.directBuffer(8).retain(threads - 1);
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<Boolean>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          results.add(
              pool.submit(
                  () -> {
                    start.await();
                    return buf.release();
                  }));
        }
        start.countDown();
        int freed = 0;
        for (Future<Boolean> f : results) {
          freed += f.get() ? 1 : 0;
        }
        assertThat(freed).isEqualTo(1);
        assertThat(buf.refCnt()).isZero();
      } finally {
        pool.shutdown();
      }
    }
  }
}
