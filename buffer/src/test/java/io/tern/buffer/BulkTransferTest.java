package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class BulkTransferTest extends BufferTestSupport {
  private static final String ALL = "io.tern.buffer.BufferKind#all";
  private static final String WRITABLE = "io.tern.buffer.BufferKind#writableKinds";

  @TempDir Path dir;

  @ParameterizedTest
  @MethodSource(ALL)
  void getBytesCopiesIntoEveryDestinationKind(BufferKind kind) {
    byte[] content = bytes(100, 10);
    ByteBuf buf = make(kind, content);
    byte[] array = new byte[60];
    buf.getBytes(20, array, 5, 50);
    assertThat(Arrays.copyOfRange(array, 5, 55)).isEqualTo(Arrays.copyOfRange(content, 20, 70));

    ByteBuffer heapNio = ByteBuffer.allocate(30).position(10);
    buf.getBytes(1, heapNio);
    assertThat(heapNio.position()).isEqualTo(30);
    assertThat(Arrays.copyOfRange(heapNio.array(), 10, 30))
        .isEqualTo(Arrays.copyOfRange(content, 1, 21));

    ByteBuffer directNio = ByteBuffer.allocateDirect(30);
    buf.getBytes(3, directNio);
    byte[] fromDirect = new byte[30];
    directNio.flip().get(fromDirect);
    assertThat(fromDirect).isEqualTo(Arrays.copyOfRange(content, 3, 33));

    for (BufferKind dstKind : BufferKind.writableKinds()) {
      ByteBuf dst = make(dstKind, 100);
      buf.getBytes(10, dst, 40, 50);
      byte[] out = new byte[50];
      dst.getBytes(40, out);
      assertThat(out).as("into %s", dstKind).isEqualTo(Arrays.copyOfRange(content, 10, 60));
    }
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void setBytesCopiesFromEverySourceKind(BufferKind kind) {
    byte[] content = bytes(80, 11);
    for (BufferKind srcKind : BufferKind.all()) {
      ByteBuf buf = make(kind, 80);
      ByteBuf src = make(srcKind, content);
      buf.setBytes(5, src, 10, 60);
      byte[] out = new byte[60];
      buf.getBytes(5, out);
      assertThat(out).as("from %s", srcKind).isEqualTo(Arrays.copyOfRange(content, 10, 70));
      assertThat(src.readerIndex()).isZero();
    }
    ByteBuf buf = make(kind, 80);
    buf.setBytes(0, ByteBuffer.wrap(content, 0, 40).asReadOnlyBuffer());
    ByteBuffer direct = ByteBuffer.allocateDirect(40).put(content, 40, 40).flip();
    buf.setBytes(40, direct);
    assertThat(direct.hasRemaining()).isFalse();
    byte[] out = new byte[80];
    buf.getBytes(0, out);
    assertThat(out).isEqualTo(content);
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void overlappingCopyWithinOneBufferMovesCorrectly(BufferKind kind) {
    byte[] content = sequence(64);
    ByteBuf buf = make(kind, content);
    buf.setBytes(3, buf, 0, 50);
    byte[] out = new byte[50];
    buf.getBytes(3, out);
    assertThat(out).isEqualTo(Arrays.copyOfRange(content, 0, 50));
    buf.setBytes(0, buf, 10, 40);
    buf.getBytes(0, out, 0, 40);
    assertThat(Arrays.copyOfRange(out, 0, 40)).isEqualTo(Arrays.copyOfRange(content, 7, 47));
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void relativeBulkReadsAdvanceBothSides(BufferKind kind) {
    byte[] content = bytes(50, 12);
    ByteBuf buf = make(kind, content);
    ByteBuf dst = own(Unpooled.buffer(10));
    buf.readBytes(dst, 10);
    assertThat(dst.writerIndex()).isEqualTo(10);
    assertThat(buf.readerIndex()).isEqualTo(10);
    byte[] array = new byte[5];
    buf.readBytes(array);
    assertThat(array).isEqualTo(Arrays.copyOfRange(content, 10, 15));
    ByteBuf copy = own(buf.readBytes(5));
    assertThat(copy.readableBytes()).isEqualTo(5);
    assertThat(copy.getByte(0)).isEqualTo(content[15]);
    buf.skipBytes(5);
    assertThat(buf.readerIndex()).isEqualTo(25);
    assertThatThrownBy(() -> buf.skipBytes(26)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void streamsReceiveExactlyTheRequestedRange(BufferKind kind) throws IOException {
    byte[] content = bytes(9000, 13);
    ByteBuf buf = make(kind, content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    buf.getBytes(100, out, 8500);
    assertThat(out.toByteArray()).isEqualTo(Arrays.copyOfRange(content, 100, 8600));
    buf.readerIndex(10);
    out.reset();
    buf.readBytes(out, 20);
    assertThat(out.toByteArray()).isEqualTo(Arrays.copyOfRange(content, 10, 30));
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void inputStreamFillsTheBuffer(BufferKind kind) throws IOException {
    byte[] content = bytes(40, 14);
    ByteBuf buf = make(kind, 40).clear();
    int n = buf.writeBytes(new ByteArrayInputStream(content), 40);
    assertThat(n).isEqualTo(40);
    assertThat(buf.writerIndex()).isEqualTo(40);
    byte[] out = new byte[40];
    buf.getBytes(0, out);
    assertThat(out).isEqualTo(content);
    buf.clear();
    assertThat(buf.writeBytes(new ByteArrayInputStream(new byte[0]), 10)).isEqualTo(-1);
    assertThat(buf.writerIndex()).isZero();
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void fileChannelTransfersAtAPositionWithoutMovingIt(BufferKind kind) throws IOException {
    byte[] content = bytes(300, 15);
    ByteBuf buf = make(kind, content);
    try (FileChannel file =
        FileChannel.open(
            dir.resolve("f"),
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE)) {
      assertThat(buf.getBytes(0, file, 10, 300)).isEqualTo(300);
      assertThat(file.position()).isZero();
      buf.readerIndex(100);
      file.position(110);
      assertThat(buf.readBytes((java.nio.channels.GatheringByteChannel) file, 200)).isEqualTo(200);
      assertThat(buf.readerIndex()).isEqualTo(300);
      ByteBuffer check = ByteBuffer.allocate(300);
      file.read(check, 10);
      assertThat(check.array()).isEqualTo(content);
      if (kind.writable()) {
        ByteBuf target = make(kind, 300).clear();
        assertThat(target.writeBytes(file, 10, 300)).isEqualTo(300);
        byte[] out = new byte[300];
        target.getBytes(0, out);
        assertThat(out).isEqualTo(content);
        target.clear();
        file.position(10);
        assertThat(target.writeBytes((java.nio.channels.ScatteringByteChannel) file, 150))
            .isEqualTo(150);
        assertThat(target.getByte(149)).isEqualTo(content[149]);
      }
    }
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void discardReadBytesMovesReadableBytesToTheStart(BufferKind kind) {
    byte[] content = sequence(40);
    ByteBuf buf = make(kind, content);
    buf.readerIndex(15);
    buf.writerIndex(35);
    buf.discardReadBytes();
    assertThat(buf.readerIndex()).isZero();
    assertThat(buf.writerIndex()).isEqualTo(20);
    byte[] out = new byte[20];
    buf.getBytes(0, out);
    assertThat(out).isEqualTo(Arrays.copyOfRange(content, 15, 35));
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void copyIsIndependentOfTheSource(BufferKind kind) {
    byte[] content = bytes(30, 16);
    ByteBuf buf = make(kind, content);
    ByteBuf copy = own(buf.copy(5, 20));
    assertThat(copy.readableBytes()).isEqualTo(20);
    assertThat(copy.isReadOnly()).isFalse();
    copy.setByte(0, content[5] + 1);
    assertThat(buf.getByte(5)).isEqualTo(content[5]);
    assertThat(copy.getByte(1)).isEqualTo(content[6]);
    assertThat(copy.isDirect()).isEqualTo(buf.isDirect());
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void setZeroAndWriteZeroClearBytes(BufferKind kind) {
    if (!kind.writable()) {
      return;
    }
    byte[] content = bytes(40, 17);
    ByteBuf buf = make(kind, content);
    buf.setZero(3, 30);
    for (int i = 0; i < 40; i++) {
      assertThat(buf.getByte(i)).isEqualTo(i >= 3 && i < 33 ? 0 : content[i]);
    }
  }
}
