package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import java.util.zip.CRC32C;

/** The Snappy framing format's masked CRC-32C. */
final class SnappyChecksums {
  private SnappyChecksums() {}

  /**
   * Returns the masked CRC-32C of the readable bytes.
   *
   * @param data the bytes; indexes unchanged
   * @return the masked checksum
   */
  static int masked(ByteBuf data) {
    CRC32C crc = new CRC32C();
    crc.update(data.nioBuffer(data.readerIndex(), data.readableBytes()));
    int c = (int) crc.getValue();
    return ((c >>> 15) | (c << 17)) + 0xa282ead8;
  }
}
