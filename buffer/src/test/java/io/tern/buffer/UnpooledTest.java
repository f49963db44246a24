package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class UnpooledTest extends BufferTestSupport {
  @Test
  void copiedBufferLeavesTheSourcePositionAlone() {
    ByteBuffer src = ByteBuffer.wrap(new byte[] {1, 2, 3, 4}).position(1);
    ByteBuf copy = own(Unpooled.copiedBuffer(src));
    assertThat(src.position()).isEqualTo(1);
    assertThat(copy.readableBytes()).isEqualTo(3);
    assertThat(copy.getByte(0)).isEqualTo((byte) 2);
    ByteBuffer direct = ByteBuffer.allocateDirect(2).put((byte) 5).put((byte) 6).flip();
    ByteBuf both = own(Unpooled.copiedBuffer(src, direct));
    assertThat(direct.position()).isZero();
    assertThat(both.readableBytes()).isEqualTo(5);
    assertThat(both.getByte(4)).isEqualTo((byte) 6);
  }

  @Test
  void wrappedArraySharesMemory() {
    byte[] array = {1, 2, 3};
    ByteBuf buf = own(Unpooled.wrappedBuffer(array, 1, 2));
    assertThat(buf.readableBytes()).isEqualTo(2);
    buf.setByte(0, 9);
    assertThat(array[1]).isEqualTo((byte) 9);
    assertThat(buf.arrayOffset()).isEqualTo(1);
  }

  @Test
  void wrappedReadOnlyByteBufferIsReadOnlyAndShares() {
    ByteBuffer nio = ByteBuffer.allocate(4);
    ByteBuf buf = own(Unpooled.wrappedBuffer(nio.asReadOnlyBuffer()));
    assertThat(buf.isReadOnly()).isTrue();
    nio.put(0, (byte) 7);
    assertThat(buf.getByte(0)).isEqualTo((byte) 7);
    assertThat(buf.nioBuffer().isReadOnly()).isTrue();
  }

  @Test
  void wrappedBuffersOfSeveralArraysFormAComposite() {
    ByteBuf buf = own(Unpooled.wrappedBuffer(new byte[] {1}, new byte[0], new byte[] {2, 3}));
    assertThat(buf).isInstanceOf(CompositeByteBuf.class);
    assertThat(buf.readableBytes()).isEqualTo(3);
    assertThat(buf.getUnsignedMedium(0)).isEqualTo(0x010203);
  }

  @Test
  void emptyBufferIgnoresRelease() {
    assertThat(Unpooled.EMPTY_BUFFER.release()).isFalse();
    assertThat(Unpooled.EMPTY_BUFFER.refCnt()).isEqualTo(1);
    assertThat(Unpooled.EMPTY_BUFFER.capacity()).isZero();
    assertThat(Unpooled.EMPTY_BUFFER.slice().release()).isFalse();
  }

  @Test
  void unreleasableBufferKeepsTheRootAlive() {
    ByteBuf root = Unpooled.directBuffer(4).writeInt(5);
    ByteBuf constant = Unpooled.unreleasableBuffer(root);
    constant.release();
    constant.retainedDuplicate().release();
    assertThat(root.refCnt()).isEqualTo(1);
    assertThat(constant.readInt()).isEqualTo(5);
    root.release();
  }

  @Test
  void copiedCharSequenceEncodes() {
    ByteBuf buf = own(Unpooled.copiedBuffer("héllo", StandardCharsets.UTF_8));
    assertThat(buf.readableBytes()).isEqualTo(6);
    assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("héllo");
  }

  @Test
  void allocatorMakesTheRequestedKinds() {
    ByteBufAllocator alloc = new UnpooledByteBufAllocator(false);
    ByteBuf heap = own(alloc.buffer(10));
    ByteBuf io = own(alloc.ioBuffer(10));
    assertThat(heap.isDirect()).isFalse();
    assertThat(heap.hasArray()).isTrue();
    assertThat(io.isDirect()).isTrue();
    assertThat(io.hasMemorySegment()).isTrue();
    assertThat(io.memorySegment().byteSize()).isEqualTo(10);
    assertThat(own(alloc.compositeDirectBuffer()).isDirect()).isTrue();
    assertThat(ByteBufAllocator.DEFAULT).isNotNull();
  }
}
