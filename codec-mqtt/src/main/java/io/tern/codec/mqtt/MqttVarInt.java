package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;

/** Variable byte integers: seven bits per byte, low bits first, at most four bytes. */
final class MqttVarInt {
  /** The largest value four bytes hold. */
  static final int MAX = 268_435_455;

  private MqttVarInt() {}

  /** Returns how many bytes {@code value} takes, 1 to 4. */
  static int size(int value) {
    if (value < 128) {
      return 1;
    }
    if (value < 16_384) {
      return 2;
    }
    return value < 2_097_152 ? 3 : 4;
  }

  /**
   * Writes a fixed header (the first byte, then {@code remaining}) so that it ends at {@code end},
   * and returns where it starts: for packets whose body is written first, behind room left for the
   * longest header.
   */
  static int setHeaderBefore(ByteBuf buf, int end, int firstByte, int remaining) {
    int start = end - 1 - size(remaining);
    int writerIndex = buf.writerIndex();
    buf.writerIndex(start);
    buf.writeByte(firstByte);
    write(buf, remaining);
    buf.writerIndex(writerIndex);
    return start;
  }

  /** Writes {@code value} (0 to {@link #MAX}) at the writer index. */
  static void write(ByteBuf buf, int value) {
    if (value < 128) {
      buf.writeByte(value);
    } else if (value < 16_384) {
      buf.writeShort(((value & 0x7F) | 0x80) << 8 | (value >>> 7));
    } else {
      do {
        int b = value & 0x7F;
        value >>>= 7;
        buf.writeByte(value > 0 ? b | 0x80 : b);
      } while (value > 0);
    }
  }
}
