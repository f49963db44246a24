package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PrimitiveAccessTest extends BufferTestSupport {
  private static final String ALL = "io.tern.buffer.BufferKind#all";
  private static final String WRITABLE = "io.tern.buffer.BufferKind#writableKinds";

  @ParameterizedTest
  @MethodSource(ALL)
  void getsMatchByteBufferInBothOrdersAtEveryOffset(BufferKind kind) {
    byte[] content = bytes(37, 1);
    ByteBuf buf = make(kind, content);
    ByteBuffer be = ByteBuffer.wrap(content).order(ByteOrder.BIG_ENDIAN);
    ByteBuffer le = ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i + 8 <= content.length; i++) {
      assertThat(buf.getByte(i)).isEqualTo(content[i]);
      assertThat(buf.getUnsignedByte(i)).isEqualTo((short) (content[i] & 0xff));
      assertThat(buf.getBoolean(i)).isEqualTo(content[i] != 0);
      assertThat(buf.getShort(i)).isEqualTo(be.getShort(i));
      assertThat(buf.getShortLE(i)).isEqualTo(le.getShort(i));
      assertThat(buf.getUnsignedShort(i)).isEqualTo(be.getShort(i) & 0xffff);
      assertThat(buf.getUnsignedShortLE(i)).isEqualTo(le.getShort(i) & 0xffff);
      assertThat(buf.getChar(i)).isEqualTo(be.getChar(i));
      assertThat(buf.getCharLE(i)).isEqualTo(le.getChar(i));
      assertThat(buf.getInt(i)).isEqualTo(be.getInt(i));
      assertThat(buf.getIntLE(i)).isEqualTo(le.getInt(i));
      assertThat(buf.getUnsignedInt(i)).isEqualTo(be.getInt(i) & 0xFFFFFFFFL);
      assertThat(buf.getUnsignedIntLE(i)).isEqualTo(le.getInt(i) & 0xFFFFFFFFL);
      assertThat(buf.getLong(i)).isEqualTo(be.getLong(i));
      assertThat(buf.getLongLE(i)).isEqualTo(le.getLong(i));
      assertThat(buf.getFloat(i)).isEqualTo(be.getFloat(i));
      assertThat(buf.getFloatLE(i)).isEqualTo(le.getFloat(i));
      assertThat(buf.getDouble(i)).isEqualTo(be.getDouble(i));
      assertThat(buf.getDoubleLE(i)).isEqualTo(le.getDouble(i));
      int medium =
          ((content[i] & 0xff) << 16) | ((content[i + 1] & 0xff) << 8) | (content[i + 2] & 0xff);
      int mediumLe =
          ((content[i + 2] & 0xff) << 16) | ((content[i + 1] & 0xff) << 8) | (content[i] & 0xff);
      assertThat(buf.getUnsignedMedium(i)).isEqualTo(medium);
      assertThat(buf.getUnsignedMediumLE(i)).isEqualTo(mediumLe);
      assertThat(buf.getMedium(i)).isEqualTo((medium << 8) >> 8);
      assertThat(buf.getMediumLE(i)).isEqualTo((mediumLe << 8) >> 8);
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void readsAdvanceTheReaderIndexByTheWidth(BufferKind kind) {
    byte[] content = bytes(40, 2);
    ByteBuf buf = make(kind, content);
    ByteBuffer be = ByteBuffer.wrap(content);
    assertThat(buf.readByte()).isEqualTo(content[0]);
    assertThat(buf.readShort()).isEqualTo(be.getShort(1));
    assertThat(buf.readMedium()).isEqualTo((be.getInt(3) >> 8));
    assertThat(buf.readInt()).isEqualTo(be.getInt(6));
    assertThat(buf.readLongLE()).isEqualTo(Long.reverseBytes(be.getLong(10)));
    assertThat(buf.readUnsignedIntLE())
        .isEqualTo(Integer.reverseBytes(be.getInt(18)) & 0xFFFFFFFFL);
    assertThat(buf.readerIndex()).isEqualTo(22);
    assertThat(buf.readableBytes()).isEqualTo(18);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void accessOutsideTheCapacityThrows(BufferKind kind) {
    ByteBuf buf = make(kind, 16);
    assertThatThrownBy(() -> buf.getByte(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.getByte(16)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.getInt(13)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.getLong(9)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> buf.getLongLE(Integer.MAX_VALUE))
        .isInstanceOf(IndexOutOfBoundsException.class);
    buf.readerIndex(13);
    assertThatThrownBy(buf::readInt).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(buf.readerIndex()).isEqualTo(13);
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void setsRoundTripEveryWidthInBothOrders(BufferKind kind) {
    ByteBuf buf = make(kind, 64);
    byte[] expected = new byte[64];
    ByteBuffer be = ByteBuffer.wrap(expected);
    ByteBuffer le = ByteBuffer.wrap(expected).order(ByteOrder.LITTLE_ENDIAN);
    buf.setByte(0, 0x1ff);
    be.put(0, (byte) 0xff);
    buf.setShort(1, 0x1234);
    be.putShort(1, (short) 0x1234);
    buf.setShortLE(3, 0xabcd);
    le.putShort(3, (short) 0xabcd);
    buf.setMedium(5, 0x123456);
    be.put(5, (byte) 0x12).put(6, (byte) 0x34).put(7, (byte) 0x56);
    buf.setMediumLE(8, 0x654321);
    be.put(8, (byte) 0x21).put(9, (byte) 0x43).put(10, (byte) 0x65);
    buf.setInt(11, 0xcafebabe);
    be.putInt(11, 0xcafebabe);
    buf.setIntLE(15, 0xdeadbeef);
    le.putInt(15, 0xdeadbeef);
    buf.setLong(19, 0x0102030405060708L);
    be.putLong(19, 0x0102030405060708L);
    buf.setLongLE(27, 0x1112131415161718L);
    le.putLong(27, 0x1112131415161718L);
    buf.setChar(35, 'é');
    be.putChar(35, 'é');
    buf.setCharLE(37, 'ß');
    le.putChar(37, 'ß');
    buf.setFloat(39, 1.5f);
    be.putFloat(39, 1.5f);
    buf.setFloatLE(43, -2.25f);
    le.putFloat(43, -2.25f);
    buf.setDouble(47, Math.PI);
    be.putDouble(47, Math.PI);
    buf.setDoubleLE(55, Math.E);
    le.putDouble(55, Math.E);
    buf.setBoolean(63, true);
    be.put(63, (byte) 1);
    byte[] actual = new byte[64];
    buf.getBytes(0, actual);
    assertThat(actual).isEqualTo(expected);
    assertThat(buf.getDoubleLE(55)).isEqualTo(Math.E);
    assertThat(buf.getCharLE(37)).isEqualTo('ß');
  }

  @ParameterizedTest
  @MethodSource(WRITABLE)
  void writesAdvanceTheWriterIndexAndReadBack(BufferKind kind) {
    ByteBuf buf = make(kind, 64).clear();
    buf.writeByte(7).writeShortLE(0x0102).writeMedium(0x030405).writeInt(-5).writeLong(1L << 40);
    buf.writeCharLE('x').writeFloat(0.5f).writeDoubleLE(-1.0).writeBoolean(false).writeIntLE(9);
    assertThat(buf.writerIndex()).isEqualTo(1 + 2 + 3 + 4 + 8 + 2 + 4 + 8 + 1 + 4);
    assertThat(buf.readByte()).isEqualTo((byte) 7);
    assertThat(buf.readUnsignedShortLE()).isEqualTo(0x0102);
    assertThat(buf.readUnsignedMedium()).isEqualTo(0x030405);
    assertThat(buf.readInt()).isEqualTo(-5);
    assertThat(buf.readLong()).isEqualTo(1L << 40);
    assertThat(buf.readCharLE()).isEqualTo('x');
    assertThat(buf.readFloat()).isEqualTo(0.5f);
    assertThat(buf.readDoubleLE()).isEqualTo(-1.0);
    assertThat(buf.readBoolean()).isFalse();
    assertThat(buf.readIntLE()).isEqualTo(9);
    assertThat(buf.isReadable()).isFalse();
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void readOnlyBuffersRejectEveryWrite(BufferKind kind) {
    ByteBuf buf = make(kind, bytes(16, 3));
    ByteBuf ro = kind.writable() ? buf.asReadOnly() : buf;
    assertThat(ro.isReadOnly()).isTrue();
    assertThat(ro.hasArray()).isFalse();
    assertThatThrownBy(() -> ro.setByte(0, 1)).isInstanceOf(ReadOnlyBufferException.class);
    assertThatThrownBy(() -> ro.setIntLE(0, 1)).isInstanceOf(ReadOnlyBufferException.class);
    assertThatThrownBy(() -> ro.setLong(0, 1)).isInstanceOf(ReadOnlyBufferException.class);
    assertThatThrownBy(() -> ro.setBytes(0, new byte[2]))
        .isInstanceOf(ReadOnlyBufferException.class);
    assertThatThrownBy(() -> ro.writeByte(1)).isInstanceOf(ReadOnlyBufferException.class);
    assertThatThrownBy(() -> ro.setZero(0, 4)).isInstanceOf(ReadOnlyBufferException.class);
    assertThatThrownBy(() -> ro.nioBuffer().put((byte) 1))
        .isInstanceOf(ReadOnlyBufferException.class);
    ro.readerIndex(2);
    assertThatThrownBy(ro::discardReadBytes).isInstanceOf(ReadOnlyBufferException.class);
    ByteBuf src = own(BufferKind.heap(new byte[4]));
    assertThatThrownBy(() -> src.getBytes(0, ro, 0, 4)).isInstanceOf(ReadOnlyBufferException.class);
    byte[] after = new byte[16];
    ro.getBytes(0, after);
    assertThat(after).isEqualTo(bytes(16, 3));
  }
}
