package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.IllegalReferenceCountException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompositeByteBufTest extends BufferTestSupport {
  private static ByteBuf heap(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return BufferKind.heap(b);
  }

  @Test
  void emptyComponentsAreKeptAndReleasedWithTheComposite() {
    ByteBuf empty1 = heap();
    ByteBuf empty2 = BufferKind.direct(new byte[0]);
    ByteBuf data = heap(1, 2, 3);
    CompositeByteBuf c = Unpooled.compositeBuffer();
    c.addComponents(true, empty1, data, empty2);
    assertThat(c.numComponents()).isEqualTo(3);
    assertThat(c.readableBytes()).isEqualTo(3);
    c.release();
    assertThat(empty1.refCnt()).isZero();
    assertThat(empty2.refCnt()).isZero();
    assertThat(data.refCnt()).isZero();
  }

  @Test
  void componentsKeepTheirReaderOffsetWithoutSlicing() {
    ByteBuf a = heap(9, 9, 1, 2);
    a.readerIndex(2);
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponent(true, a);
    assertThat(c.readableBytes()).isEqualTo(2);
    assertThat(c.getByte(0)).isEqualTo((byte) 1);
    assertThat(c.component(0).unwrap()).isSameAs(a);
  }

  @Test
  void addComponentWithoutIncreaseLeavesTheWriterIndex() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponent(heap(1, 2));
    assertThat(c.capacity()).isEqualTo(2);
    assertThat(c.writerIndex()).isZero();
  }

  @Test
  void bulkInsertInTheMiddleKeepsOrderAndOffsets() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer(1000));
    c.addComponents(true, heap(1), heap(5));
    c.addComponents(true, 1, heap(2), heap(), heap(3, 4));
    assertThat(c.numComponents()).isEqualTo(5);
    byte[] out = new byte[5];
    c.getBytes(0, out);
    assertThat(out).containsExactly(1, 2, 3, 4, 5);
    assertThat(c.toComponentIndex(0)).isZero();
    assertThat(c.toComponentIndex(1)).isEqualTo(1);
    assertThat(c.toComponentIndex(2)).isEqualTo(3);
    assertThat(c.toComponentIndex(4)).isEqualTo(4);
    assertThat(c.componentAtOffset(3).getByte(0)).isEqualTo((byte) 3);
  }

  @Test
  void readsFindEachComponentInOrderAndAfterTheTableChanged() {
    CompositeByteBuf c = Unpooled.compositeBuffer(Integer.MAX_VALUE);
    try {
      for (int i = 0; i < 50; i++) {
        c.addComponent(
            true, Unpooled.wrappedBuffer(new byte[] {(byte) (2 * i), (byte) (2 * i + 1)}));
        c.addComponent(true, Unpooled.buffer(0)); // empty components in between
      }
      for (int i = 0; i < 100; i++) {
        assertThat(c.readByte()).isEqualTo((byte) i);
      }
      // A read cached the last component; an insert in front moves every position.
      assertThat(c.getByte(99)).isEqualTo((byte) 99);
      c.addComponent(true, 0, Unpooled.wrappedBuffer(new byte[] {-1, -2, -3}));
      assertThat(c.getByte(0)).isEqualTo((byte) -1);
      for (int i = 0; i < 100; i++) {
        assertThat(c.getByte(i + 3)).as("index %d", i + 3).isEqualTo((byte) i);
      }
      assertThat(c.getByte(5)).isEqualTo((byte) 2);
      assertThat(c.getByte(2)).isEqualTo((byte) -3);
    } finally {
      c.release();
    }
  }

  @Test
  void primitivesSpanComponentBoundariesInBothOrders() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponents(true, heap(1), heap(2, 3), BufferKind.direct(new byte[] {4, 5, 6, 7, 8, 9}));
    ByteBuffer ref = ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
    for (int i = 0; i <= 1; i++) {
      assertThat(c.getLong(i)).isEqualTo(ref.getLong(i));
      assertThat(c.getLongLE(i)).isEqualTo(Long.reverseBytes(ref.getLong(i)));
      assertThat(c.getInt(i)).isEqualTo(ref.getInt(i));
      assertThat(c.getShortLE(i)).isEqualTo(Short.reverseBytes(ref.getShort(i)));
    }
    c.setLongLE(0, 0x0102030405060708L);
    assertThat(c.getLong(0)).isEqualTo(0x0807060504030201L);
    c.setMedium(0, 0xaabbcc);
    assertThat(c.getUnsignedMedium(0)).isEqualTo(0xaabbcc);
  }

  @Test
  void nioBuffersMatchSingleBuffersEvenAtLengthZero() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    assertThat(c.nioBuffers()).hasSize(1);
    assertThat(c.nioBuffers()[0].remaining()).isZero();
    assertThat(c.nioBuffer().remaining()).isZero();
    c.addComponents(true, heap(1, 2), heap(3));
    ByteBuffer[] buffers = c.nioBuffers(0, 3);
    assertThat(buffers).hasSize(2);
    assertThat(c.nioBuffers(1, 0)).hasSize(1);
    assertThat(c.nioBuffer(0, 3)).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
    assertThat(c.nioBufferCount()).isEqualTo(2);
  }

  @Test
  void exceedingMaxComponentsConsolidatesAndReleasesTheOldOnes() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer(3));
    List<ByteBuf> parts = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ByteBuf part = heap(i);
      parts.add(part);
      c.addComponent(true, part);
    }
    assertThat(c.numComponents()).isEqualTo(1);
    assertThat(parts).allMatch(p -> p.refCnt() == 0);
    byte[] out = new byte[4];
    c.getBytes(0, out);
    assertThat(out).containsExactly(0, 1, 2, 3);
  }

  @Test
  void consolidateRangeMergesOnlyThoseComponents() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponents(true, heap(1), heap(2), heap(3), heap(4));
    c.consolidate(1, 2);
    assertThat(c.numComponents()).isEqualTo(3);
    assertThat(c.component(1).readableBytes()).isEqualTo(2);
    assertThat(c.getInt(0)).isEqualTo(0x01020304);
  }

  @Test
  void discardReadComponentsDropsOnlyFullyReadOnes() {
    ByteBuf a = heap(1, 2);
    ByteBuf b = heap(3, 4);
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponents(true, a, b, heap(5));
    c.readerIndex(3);
    c.discardReadComponents();
    assertThat(a.refCnt()).isZero();
    assertThat(b.refCnt()).isEqualTo(1);
    assertThat(c.numComponents()).isEqualTo(2);
    assertThat(c.readerIndex()).isEqualTo(1);
    assertThat(c.readByte()).isEqualTo((byte) 4);
    c.discardReadBytes();
    assertThat(c.readerIndex()).isZero();
    assertThat(c.readByte()).isEqualTo((byte) 5);
  }

  @Test
  void iteratorYieldsComponentBytesWithoutCopying() {
    ByteBuf a = heap(1, 2);
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponents(true, a, heap(), heap(3));
    List<Integer> sizes = new ArrayList<>();
    for (ByteBuf part : c) {
      sizes.add(part.readableBytes());
    }
    assertThat(sizes).containsExactly(2, 0, 1);
    ByteBuf first = c.iterator().next();
    assertThat(first.array()).isSameAs(a.array());
  }

  @Test
  void removeComponentReleasesItAndClampsIndexes() {
    ByteBuf last = heap(3, 4);
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponents(true, heap(1, 2), last);
    c.removeComponent(1);
    assertThat(last.refCnt()).isZero();
    assertThat(c.capacity()).isEqualTo(2);
    assertThat(c.writerIndex()).isEqualTo(2);
  }

  @Test
  void addingToAReleasedCompositeReleasesTheBufferAndThrows() {
    CompositeByteBuf c = Unpooled.compositeBuffer();
    c.release();
    ByteBuf b = heap(1);
    assertThatThrownBy(() -> c.addComponent(b)).isInstanceOf(IllegalReferenceCountException.class);
    assertThat(b.refCnt()).isZero();
  }

  @Test
  void manyComponentsAreFoundByBinarySearch() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer(Integer.MAX_VALUE));
    byte[] expected = new byte[3000];
    ByteBuf[] parts = new ByteBuf[1000];
    for (int i = 0; i < 1000; i++) {
      byte[] part = {(byte) i, (byte) (i >> 8), (byte) 7};
      System.arraycopy(part, 0, expected, i * 3, 3);
      parts[i] = BufferKind.heap(part);
    }
    c.addComponents(true, parts);
    for (int i = 2999; i >= 0; i -= 7) {
      assertThat(c.getByte(i)).isEqualTo(expected[i]);
    }
    byte[] out = new byte[3000];
    c.getBytes(0, out);
    assertThat(out).isEqualTo(expected);
    assertThat(Arrays.equals(ByteBufUtilCopy.of(c), expected)).isTrue();
  }

  @Test
  void growingAddsAComponentAndShrinkingTrimsThem() {
    CompositeByteBuf c = own(Unpooled.compositeBuffer());
    c.addComponents(true, heap(1, 2), heap(3, 4));
    c.writeInt(0x05060708);
    assertThat(c.capacity()).isGreaterThanOrEqualTo(8);
    assertThat(c.getLong(0)).isEqualTo(0x0102030405060708L);
    c.capacity(3);
    assertThat(c.numComponents()).isEqualTo(2);
    assertThat(c.writerIndex()).isEqualTo(3);
    assertThat(c.getUnsignedMedium(0)).isEqualTo(0x010203);
  }

  @Test
  void exposesTheMemoryOfItsOnlyComponentAndNoneOfSeveral() {
    ByteBuf a = heap(9, 1, 2);
    a.readerIndex(1);
    CompositeByteBuf one = own(Unpooled.compositeBuffer());
    one.addComponent(true, a);
    assertThat(one.hasArray()).isTrue();
    assertThat(one.array()).isSameAs(a.array());
    assertThat(one.arrayOffset()).isEqualTo(a.arrayOffset() + 1);
    assertThat(one.hasMemorySegment()).isFalse();
    assertThat(one.nioBuffer(0, 2)).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2}));

    ByteBuf d = BufferKind.direct(new byte[] {7, 8, 9});
    d.readerIndex(1);
    CompositeByteBuf native1 = own(Unpooled.compositeBuffer());
    native1.addComponent(true, d);
    assertThat(native1.hasMemorySegment()).isTrue();
    assertThat(native1.memorySegment().byteSize()).isEqualTo(2);
    assertThat(native1.memorySegment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0))
        .isEqualTo((byte) 8);

    CompositeByteBuf two = own(Unpooled.compositeBuffer());
    two.addComponents(true, heap(1), heap(2));
    assertThat(two.hasArray()).isFalse();
    assertThat(two.hasMemorySegment()).isFalse();
    assertThatThrownBy(two::array).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(two::arrayOffset).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(two::memorySegment).isInstanceOf(UnsupportedOperationException.class);
    assertThat(two.nioBuffer(0, 2)).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2}));

    CompositeByteBuf empty = own(Unpooled.compositeBuffer());
    assertThat(empty.hasArray()).isTrue();
    assertThat(empty.array()).isEmpty();
    assertThat(empty.arrayOffset()).isZero();
  }

  /** Copies the readable bytes of a buffer through its public API. */
  private static final class ByteBufUtilCopy {
    static byte[] of(ByteBuf buf) {
      byte[] out = new byte[buf.readableBytes()];
      buf.getBytes(buf.readerIndex(), out);
      return out;
    }
  }
}
