package io.tern.buffer;

/**
 * The absolute primitive accessors of {@link ByteBuf}: {@code get*} and {@code set*} of every
 * primitive width at an index, big-endian and little-endian ({@code *LE}), and the unsigned
 * variants. Package-private: users see these methods on {@link ByteBuf}.
 *
 * <p>One mechanism serves all of them: {@link #at} checks the bounds, then one loader or storer per
 * width ({@code loadI8} .. {@code storeI64}) calls the implementation's core and turns a failure of
 * the memory's own check (the buffer was released) into {@code IllegalReferenceCountException}. The
 * public methods only convert types. Every method here throws {@link IndexOutOfBoundsException} if
 * the field does not fit in {@code [0, capacity)}, and {@code IllegalReferenceCountException} if
 * the buffer was released.
 */
abstract class ByteBufAbsoluteAccess extends ByteBufCore {
  ByteBufAbsoluteAccess(int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
  }

  // ---------------------------------------------------------------------------------------------
  // One loader and one storer per width; the index is checked already.

  final byte loadI8(int index) {
    try {
      return loadByte(index);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final void storeI8(int index, byte value) {
    try {
      storeByte(index, value);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final short loadI16(int index, boolean bigEndian) {
    try {
      return loadShort(index, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final void storeI16(int index, short value, boolean bigEndian) {
    try {
      storeShort(index, value, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final int loadU24(int index, boolean bigEndian) {
    try {
      return bigEndian
          ? ((loadShort(index, true) & 0xffff) << 8) | (loadByte(index + 2) & 0xff)
          : (loadByte(index) & 0xff) | ((loadShort(index + 1, false) & 0xffff) << 8);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final void storeI24(int index, int value, boolean bigEndian) {
    try {
      if (bigEndian) {
        storeShort(index, (short) (value >>> 8), true);
        storeByte(index + 2, (byte) value);
      } else {
        storeByte(index, (byte) value);
        storeShort(index + 1, (short) (value >>> 8), false);
      }
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final int loadI32(int index, boolean bigEndian) {
    try {
      return loadInt(index, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final void storeI32(int index, int value, boolean bigEndian) {
    try {
      storeInt(index, value, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final long loadI64(int index, boolean bigEndian) {
    try {
      return loadLong(index, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  final void storeI64(int index, long value, boolean bigEndian) {
    try {
      storeLong(index, value, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The public family.

  /**
   * Returns the boolean (any non-zero byte is {@code true}) at {@code index}.
   *
   * @param index the absolute index
   * @return the value
   */
  public final boolean getBoolean(int index) {
    return loadI8(at(index, 1)) != 0;
  }

  /**
   * Sets the boolean (any non-zero byte is {@code true}) at {@code index}.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setBoolean(int index, boolean value) {
    storeI8(at(index, 1), value ? (byte) 1 : (byte) 0);
    return self();
  }

  /**
   * Returns the byte at {@code index}.
   *
   * @param index the absolute index
   * @return the value
   */
  public final byte getByte(int index) {
    return loadI8(at(index, 1));
  }

  /**
   * Sets the byte at {@code index}.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setByte(int index, int value) {
    storeI8(at(index, 1), (byte) value);
    return self();
  }

  /**
   * Returns the unsigned byte at {@code index}.
   *
   * @param index the absolute index
   * @return the value
   */
  public final short getUnsignedByte(int index) {
    return (short) (loadI8(at(index, 1)) & 0xff);
  }

  /**
   * Returns the 16-bit short at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final short getShort(int index) {
    return loadI16(at(index, 2), true);
  }

  /**
   * Sets the 16-bit short at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setShort(int index, int value) {
    storeI16(at(index, 2), (short) value, true);
    return self();
  }

  /**
   * Returns the 16-bit short at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final short getShortLE(int index) {
    return loadI16(at(index, 2), false);
  }

  /**
   * Sets the 16-bit short at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setShortLE(int index, int value) {
    storeI16(at(index, 2), (short) value, false);
    return self();
  }

  /**
   * Returns the unsigned 16-bit short at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedShort(int index) {
    return loadI16(at(index, 2), true) & 0xffff;
  }

  /**
   * Returns the unsigned 16-bit short at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedShortLE(int index) {
    return loadI16(at(index, 2), false) & 0xffff;
  }

  /**
   * Returns the signed 24-bit medium at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getMedium(int index) {
    return (loadU24(at(index, 3), true) << 8) >> 8;
  }

  /**
   * Sets the signed 24-bit medium at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setMedium(int index, int value) {
    storeI24(at(index, 3), value, true);
    return self();
  }

  /**
   * Returns the signed 24-bit medium at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getMediumLE(int index) {
    return (loadU24(at(index, 3), false) << 8) >> 8;
  }

  /**
   * Sets the signed 24-bit medium at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setMediumLE(int index, int value) {
    storeI24(at(index, 3), value, false);
    return self();
  }

  /**
   * Returns the unsigned 24-bit medium at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedMedium(int index) {
    return loadU24(at(index, 3), true);
  }

  /**
   * Returns the unsigned 24-bit medium at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedMediumLE(int index) {
    return loadU24(at(index, 3), false);
  }

  /**
   * Returns the 32-bit int at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getInt(int index) {
    return loadI32(at(index, 4), true);
  }

  /**
   * Sets the 32-bit int at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setInt(int index, int value) {
    storeI32(at(index, 4), value, true);
    return self();
  }

  /**
   * Returns the 32-bit int at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getIntLE(int index) {
    return loadI32(at(index, 4), false);
  }

  /**
   * Sets the 32-bit int at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setIntLE(int index, int value) {
    storeI32(at(index, 4), value, false);
    return self();
  }

  /**
   * Returns the unsigned 32-bit int at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getUnsignedInt(int index) {
    return loadI32(at(index, 4), true) & 0xFFFFFFFFL;
  }

  /**
   * Returns the unsigned 32-bit int at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getUnsignedIntLE(int index) {
    return loadI32(at(index, 4), false) & 0xFFFFFFFFL;
  }

  /**
   * Returns the 64-bit long at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getLong(int index) {
    return loadI64(at(index, 8), true);
  }

  /**
   * Sets the 64-bit long at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setLong(int index, long value) {
    storeI64(at(index, 8), value, true);
    return self();
  }

  /**
   * Returns the 64-bit long at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getLongLE(int index) {
    return loadI64(at(index, 8), false);
  }

  /**
   * Sets the 64-bit long at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setLongLE(int index, long value) {
    storeI64(at(index, 8), value, false);
    return self();
  }

  /**
   * Returns the 16-bit UTF-16 char at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final char getChar(int index) {
    return (char) loadI16(at(index, 2), true);
  }

  /**
   * Sets the 16-bit UTF-16 char at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setChar(int index, int value) {
    storeI16(at(index, 2), (short) value, true);
    return self();
  }

  /**
   * Returns the 16-bit UTF-16 char at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final char getCharLE(int index) {
    return (char) loadI16(at(index, 2), false);
  }

  /**
   * Sets the 16-bit UTF-16 char at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setCharLE(int index, int value) {
    storeI16(at(index, 2), (short) value, false);
    return self();
  }

  /**
   * Returns the 32-bit IEEE 754 float at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final float getFloat(int index) {
    return Float.intBitsToFloat(loadI32(at(index, 4), true));
  }

  /**
   * Sets the 32-bit IEEE 754 float at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setFloat(int index, float value) {
    storeI32(at(index, 4), Float.floatToRawIntBits(value), true);
    return self();
  }

  /**
   * Returns the 32-bit IEEE 754 float at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final float getFloatLE(int index) {
    return Float.intBitsToFloat(loadI32(at(index, 4), false));
  }

  /**
   * Sets the 32-bit IEEE 754 float at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setFloatLE(int index, float value) {
    storeI32(at(index, 4), Float.floatToRawIntBits(value), false);
    return self();
  }

  /**
   * Returns the 64-bit IEEE 754 double at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final double getDouble(int index) {
    return Double.longBitsToDouble(loadI64(at(index, 8), true));
  }

  /**
   * Sets the 64-bit IEEE 754 double at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setDouble(int index, double value) {
    storeI64(at(index, 8), Double.doubleToRawLongBits(value), true);
    return self();
  }

  /**
   * Returns the 64-bit IEEE 754 double at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final double getDoubleLE(int index) {
    return Double.longBitsToDouble(loadI64(at(index, 8), false));
  }

  /**
   * Sets the 64-bit IEEE 754 double at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setDoubleLE(int index, double value) {
    storeI64(at(index, 8), Double.doubleToRawLongBits(value), false);
    return self();
  }
}
