package io.tern.buffer;

/**
 * The relative primitive accessors of {@link ByteBuf}: {@code read*} at the reader index and {@code
 * write*} at the writer index of every primitive width, big-endian and little-endian ({@code *LE}),
 * and the unsigned reads. Package-private: users see these methods on {@link ByteBuf}.
 *
 * <p>One reader and one writer per width check the indexes ({@link #readAt}, {@link #writeAt}),
 * access through the same per-width loaders and storers as the absolute accessors, and advance the
 * index only after the access succeeded. Reads throw {@link IndexOutOfBoundsException} if fewer
 * bytes are readable; writes grow the buffer and throw {@link IndexOutOfBoundsException} only if it
 * cannot grow enough. Both throw {@code IllegalReferenceCountException} if the buffer was released.
 */
abstract class ByteBufRelativeAccess extends ByteBufAbsoluteAccess {
  ByteBufRelativeAccess(int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
  }

  // ---------------------------------------------------------------------------------------------
  // One reader and one writer per width.

  private byte readI8() {
    int r = readAt(1);
    byte value = loadI8(r);
    readerIndex = r + 1;
    return value;
  }

  private void writeI8(byte value) {
    int w = writeAt(1);
    storeI8(w, value);
    writerIndex = w + 1;
  }

  private short readI16(boolean bigEndian) {
    int r = readAt(2);
    short value = loadI16(r, bigEndian);
    readerIndex = r + 2;
    return value;
  }

  private void writeI16(short value, boolean bigEndian) {
    int w = writeAt(2);
    storeI16(w, value, bigEndian);
    writerIndex = w + 2;
  }

  private int readU24(boolean bigEndian) {
    int r = readAt(3);
    int value = loadU24(r, bigEndian);
    readerIndex = r + 3;
    return value;
  }

  private void writeI24(int value, boolean bigEndian) {
    int w = writeAt(3);
    storeI24(w, value, bigEndian);
    writerIndex = w + 3;
  }

  private int readI32(boolean bigEndian) {
    int r = readAt(4);
    int value = loadI32(r, bigEndian);
    readerIndex = r + 4;
    return value;
  }

  private void writeI32(int value, boolean bigEndian) {
    int w = writeAt(4);
    storeI32(w, value, bigEndian);
    writerIndex = w + 4;
  }

  private long readI64(boolean bigEndian) {
    int r = readAt(8);
    long value = loadI64(r, bigEndian);
    readerIndex = r + 8;
    return value;
  }

  private void writeI64(long value, boolean bigEndian) {
    int w = writeAt(8);
    storeI64(w, value, bigEndian);
    writerIndex = w + 8;
  }

  // ---------------------------------------------------------------------------------------------
  // The public family.

  /**
   * Reads the boolean (any non-zero byte is {@code true}) at the reader index, and advances it by
   * 1.
   *
   * @return the value
   */
  public final boolean readBoolean() {
    return readI8() != 0;
  }

  /**
   * Writes the boolean (any non-zero byte is {@code true}) at the writer index, growing if needed,
   * and advances it by 1.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeBoolean(boolean value) {
    writeI8(value ? (byte) 1 : (byte) 0);
    return self();
  }

  /**
   * Reads the byte at the reader index, and advances it by 1.
   *
   * @return the value
   */
  public final byte readByte() {
    return readI8();
  }

  /**
   * Writes the byte at the writer index, growing if needed, and advances it by 1.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeByte(int value) {
    writeI8((byte) value);
    return self();
  }

  /**
   * Reads the unsigned byte at the reader index, and advances it by 1.
   *
   * @return the value
   */
  public final short readUnsignedByte() {
    return (short) (readI8() & 0xff);
  }

  /**
   * Reads the 16-bit short at the reader index, big-endian, and advances it by 2.
   *
   * @return the value
   */
  public final short readShort() {
    return readI16(true);
  }

  /**
   * Writes the 16-bit short at the writer index, big-endian, growing if needed, and advances it by
   * 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeShort(int value) {
    writeI16((short) value, true);
    return self();
  }

  /**
   * Reads the 16-bit short at the reader index, little-endian, and advances it by 2.
   *
   * @return the value
   */
  public final short readShortLE() {
    return readI16(false);
  }

  /**
   * Writes the 16-bit short at the writer index, little-endian, growing if needed, and advances it
   * by 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeShortLE(int value) {
    writeI16((short) value, false);
    return self();
  }

  /**
   * Reads the unsigned 16-bit short at the reader index, big-endian, and advances it by 2.
   *
   * @return the value
   */
  public final int readUnsignedShort() {
    return readI16(true) & 0xffff;
  }

  /**
   * Reads the unsigned 16-bit short at the reader index, little-endian, and advances it by 2.
   *
   * @return the value
   */
  public final int readUnsignedShortLE() {
    return readI16(false) & 0xffff;
  }

  /**
   * Reads the signed 24-bit medium at the reader index, big-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readMedium() {
    return (readU24(true) << 8) >> 8;
  }

  /**
   * Writes the signed 24-bit medium at the writer index, big-endian, growing if needed, and
   * advances it by 3.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeMedium(int value) {
    writeI24(value, true);
    return self();
  }

  /**
   * Reads the signed 24-bit medium at the reader index, little-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readMediumLE() {
    return (readU24(false) << 8) >> 8;
  }

  /**
   * Writes the signed 24-bit medium at the writer index, little-endian, growing if needed, and
   * advances it by 3.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeMediumLE(int value) {
    writeI24(value, false);
    return self();
  }

  /**
   * Reads the unsigned 24-bit medium at the reader index, big-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readUnsignedMedium() {
    return readU24(true);
  }

  /**
   * Reads the unsigned 24-bit medium at the reader index, little-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readUnsignedMediumLE() {
    return readU24(false);
  }

  /**
   * Reads the 32-bit int at the reader index, big-endian, and advances it by 4.
   *
   * @return the value
   */
  public final int readInt() {
    return readI32(true);
  }

  /**
   * Writes the 32-bit int at the writer index, big-endian, growing if needed, and advances it by 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeInt(int value) {
    writeI32(value, true);
    return self();
  }

  /**
   * Reads the 32-bit int at the reader index, little-endian, and advances it by 4.
   *
   * @return the value
   */
  public final int readIntLE() {
    return readI32(false);
  }

  /**
   * Writes the 32-bit int at the writer index, little-endian, growing if needed, and advances it by
   * 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeIntLE(int value) {
    writeI32(value, false);
    return self();
  }

  /**
   * Reads the unsigned 32-bit int at the reader index, big-endian, and advances it by 4.
   *
   * @return the value
   */
  public final long readUnsignedInt() {
    return readI32(true) & 0xFFFFFFFFL;
  }

  /**
   * Reads the unsigned 32-bit int at the reader index, little-endian, and advances it by 4.
   *
   * @return the value
   */
  public final long readUnsignedIntLE() {
    return readI32(false) & 0xFFFFFFFFL;
  }

  /**
   * Reads the 64-bit long at the reader index, big-endian, and advances it by 8.
   *
   * @return the value
   */
  public final long readLong() {
    return readI64(true);
  }

  /**
   * Writes the 64-bit long at the writer index, big-endian, growing if needed, and advances it by
   * 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeLong(long value) {
    writeI64(value, true);
    return self();
  }

  /**
   * Reads the 64-bit long at the reader index, little-endian, and advances it by 8.
   *
   * @return the value
   */
  public final long readLongLE() {
    return readI64(false);
  }

  /**
   * Writes the 64-bit long at the writer index, little-endian, growing if needed, and advances it
   * by 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeLongLE(long value) {
    writeI64(value, false);
    return self();
  }

  /**
   * Reads the 16-bit UTF-16 char at the reader index, big-endian, and advances it by 2.
   *
   * @return the value
   */
  public final char readChar() {
    return (char) readI16(true);
  }

  /**
   * Writes the 16-bit UTF-16 char at the writer index, big-endian, growing if needed, and advances
   * it by 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeChar(int value) {
    writeI16((short) value, true);
    return self();
  }

  /**
   * Reads the 16-bit UTF-16 char at the reader index, little-endian, and advances it by 2.
   *
   * @return the value
   */
  public final char readCharLE() {
    return (char) readI16(false);
  }

  /**
   * Writes the 16-bit UTF-16 char at the writer index, little-endian, growing if needed, and
   * advances it by 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeCharLE(int value) {
    writeI16((short) value, false);
    return self();
  }

  /**
   * Reads the 32-bit IEEE 754 float at the reader index, big-endian, and advances it by 4.
   *
   * @return the value
   */
  public final float readFloat() {
    return Float.intBitsToFloat(readI32(true));
  }

  /**
   * Writes the 32-bit IEEE 754 float at the writer index, big-endian, growing if needed, and
   * advances it by 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeFloat(float value) {
    writeI32(Float.floatToRawIntBits(value), true);
    return self();
  }

  /**
   * Reads the 32-bit IEEE 754 float at the reader index, little-endian, and advances it by 4.
   *
   * @return the value
   */
  public final float readFloatLE() {
    return Float.intBitsToFloat(readI32(false));
  }

  /**
   * Writes the 32-bit IEEE 754 float at the writer index, little-endian, growing if needed, and
   * advances it by 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeFloatLE(float value) {
    writeI32(Float.floatToRawIntBits(value), false);
    return self();
  }

  /**
   * Reads the 64-bit IEEE 754 double at the reader index, big-endian, and advances it by 8.
   *
   * @return the value
   */
  public final double readDouble() {
    return Double.longBitsToDouble(readI64(true));
  }

  /**
   * Writes the 64-bit IEEE 754 double at the writer index, big-endian, growing if needed, and
   * advances it by 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeDouble(double value) {
    writeI64(Double.doubleToRawLongBits(value), true);
    return self();
  }

  /**
   * Reads the 64-bit IEEE 754 double at the reader index, little-endian, and advances it by 8.
   *
   * @return the value
   */
  public final double readDoubleLE() {
    return Double.longBitsToDouble(readI64(false));
  }

  /**
   * Writes the 64-bit IEEE 754 double at the writer index, little-endian, growing if needed, and
   * advances it by 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeDoubleLE(double value) {
    writeI64(Double.doubleToRawLongBits(value), false);
    return self();
  }
}
