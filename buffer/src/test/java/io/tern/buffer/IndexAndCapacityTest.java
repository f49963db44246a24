package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class IndexAndCapacityTest extends BufferTestSupport {
  private static final String ALL = "io.tern.buffer.BufferKind#all";
  private static final String WRITABLE = "io.tern.buffer.BufferKind#writableKinds";

  @ParameterizedTest
  @MethodSource(ALL)
  void indexesStayOrdered(BufferKind kind) {
    ByteBuf buf = make(kind, 20);
    assertThat(buf.readerIndex()).isZero();
    assertThat(buf.writerIndex()).isEqualTo(20);
    assertThatThrownBy(() -> buf.readerIndex(21)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.readerIndex(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    buf.readerIndex(5);
    assertThatThrownBy(() -> buf.writerIndex(4)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.writerIndex(21)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.setIndex(6, 5)).isInstanceOf(IndexOutOfBoundsException.class);
    buf.setIndex(2, 12);
    assertThat(buf.readableBytes()).isEqualTo(10);
    assertThat(buf.writableBytes()).isEqualTo(8);
    assertThat(buf.isReadable(10)).isTrue();
    assertThat(buf.isReadable(11)).isFalse();
    assertThat(buf.isWritable(8)).isTrue();
    assertThat(buf.isWritable(9)).isFalse();
    buf.clear();
    assertThat(buf.isReadable()).isFalse();
    assertThat(buf.writableBytes()).isEqualTo(20);
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void writingPastCapacityGrowsResizableBuffersOnly(BufferKind kind) {
    byte[] content = sequence(10);
    ByteBuf buf = make(kind, content);
    if (kind.resizable()) {
      buf.writeLong(42L);
      assertThat(buf.capacity()).isEqualTo(64);
      assertThat(buf.getLong(10)).isEqualTo(42L);
      byte[] out = new byte[10];
      buf.getBytes(0, out);
      assertThat(out).isEqualTo(content);
    } else {
      assertThatThrownBy(() -> buf.writeLong(42L)).isInstanceOf(RuntimeException.class);
      assertThat(buf.writerIndex()).isEqualTo(10);
    }
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void capacityShrinkClampsIndexesAndKeepsPrefix(BufferKind kind) {
    if (!kind.resizable()) {
      return;
    }
    byte[] content = sequence(50);
    ByteBuf buf = make(kind, content);
    buf.readerIndex(40);
    buf.capacity(30);
    assertThat(buf.capacity()).isEqualTo(30);
    assertThat(buf.writerIndex()).isEqualTo(30);
    assertThat(buf.readerIndex()).isEqualTo(30);
    byte[] out = new byte[30];
    buf.getBytes(0, out);
    assertThat(out).isEqualTo(Arrays.copyOf(content, 30));
    buf.capacity(70);
    assertThat(buf.capacity()).isEqualTo(70);
    buf.getBytes(0, out);
    assertThat(out).isEqualTo(Arrays.copyOf(content, 30));
  }

  @Test
  void ensureWritableReportsWhatItDid() {
    ByteBuf buf = own(Unpooled.buffer(8, 100));
    assertThat(buf.ensureWritable(8, false)).isZero();
    assertThat(buf.ensureWritable(200, false)).isEqualTo(1);
    assertThat(buf.ensureWritable(50, false)).isEqualTo(2);
    assertThat(buf.capacity()).isEqualTo(64);
    assertThat(buf.ensureWritable(200, true)).isEqualTo(3);
    assertThat(buf.capacity()).isEqualTo(100);
    assertThatThrownBy(() -> buf.ensureWritable(101)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void maxCapacityBoundsGrowth() {
    ByteBuf buf = own(Unpooled.buffer(4, 6));
    buf.writeInt(1).writeShort(2);
    assertThatThrownBy(() -> buf.writeByte(3)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(buf.maxWritableBytes()).isZero();
  }

  @Test
  void allocatorDoublesBelowThresholdThenStepsByFourMebibytes() {
    ByteBufAllocator alloc = UnpooledByteBufAllocator.DEFAULT;
    int mib4 = 4 * 1024 * 1024;
    assertThat(alloc.calculateNewCapacity(0, 1000)).isEqualTo(64);
    assertThat(alloc.calculateNewCapacity(64, 1000)).isEqualTo(64);
    assertThat(alloc.calculateNewCapacity(65, 1000)).isEqualTo(128);
    assertThat(alloc.calculateNewCapacity(600, 1000)).isEqualTo(1000);
    assertThat(alloc.calculateNewCapacity(mib4 - 1, Integer.MAX_VALUE)).isEqualTo(mib4);
    assertThat(alloc.calculateNewCapacity(mib4, Integer.MAX_VALUE)).isEqualTo(mib4);
    assertThat(alloc.calculateNewCapacity(mib4 + 1, Integer.MAX_VALUE)).isEqualTo(2 * mib4);
    assertThat(alloc.calculateNewCapacity(mib4 + 1, mib4 + 10)).isEqualTo(mib4 + 10);
    assertThatThrownBy(() -> alloc.calculateNewCapacity(11, 10))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void discardSomeReadBytesOnlyDiscardsWhenItPays() {
    ByteBuf buf = own(Unpooled.buffer(100));
    buf.writeZero(100);
    buf.readerIndex(10);
    buf.discardSomeReadBytes();
    assertThat(buf.readerIndex()).isEqualTo(10);
    buf.readerIndex(60);
    buf.discardSomeReadBytes();
    assertThat(buf.readerIndex()).isZero();
    assertThat(buf.writerIndex()).isEqualTo(40);
  }
}
