package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import java.util.zip.CRC32;

/**
 * Parses the RFC 1952 member header.
 *
 * <pre>
 *   +---+---+---+---+---+---+---+---+---+---+
 *   |ID1|ID2|CM |FLG|     MTIME     |XFL|OS |  then, by FLG: FEXTRA (2-byte length + data),
 *   +---+---+---+---+---+---+---+---+---+---+  FNAME and FCOMMENT (NUL-terminated), FHCRC (2 bytes)
 * </pre>
 */
final class GzipHeader {
  static final int FHCRC = 0x02;
  static final int FEXTRA = 0x04;
  static final int FNAME = 0x08;
  static final int FCOMMENT = 0x10;
  static final int RESERVED = 0xE0;

  /** A header longer than this (name, comment and extra field together) is refused. */
  static final int MAX_HEADER_LENGTH = 64 * 1024;

  private GzipHeader() {}

  /**
   * Returns the header's length if it is complete in {@code in} (without consuming it), or -1.
   *
   * @param in the bytes, header first
   * @return the header length, or -1 if more bytes are needed
   * @throws DecompressionException if the header is invalid or too long
   */
  static int parse(ByteBuf in) {
    int start = in.readerIndex();
    int end = in.writerIndex();
    if (end - start < 10) {
      return -1;
    }
    if (in.getUnsignedByte(start) != 0x1f || in.getUnsignedByte(start + 1) != 0x8b) {
      throw new DecompressionException("not in gzip format");
    }
    if (in.getUnsignedByte(start + 2) != 8) {
      throw new DecompressionException(
          "unsupported gzip compression method " + in.getUnsignedByte(start + 2));
    }
    int flags = in.getUnsignedByte(start + 3);
    if ((flags & RESERVED) != 0) {
      throw new DecompressionException("reserved gzip flags set: 0x" + Integer.toHexString(flags));
    }
    int index = start + 10;
    if ((flags & FEXTRA) != 0) {
      if (end - index < 2) {
        return incomplete(end - start);
      }
      int xlen = in.getUnsignedShortLE(index);
      index += 2 + xlen;
      if (index > end) {
        return incomplete(end - start);
      }
    }
    for (int flag : new int[] {FNAME, FCOMMENT}) {
      if ((flags & flag) != 0) {
        int nul = in.indexOf(index, end, (byte) 0);
        if (nul < 0) {
          return incomplete(end - start);
        }
        index = nul + 1;
      }
    }
    if ((flags & FHCRC) != 0) {
      if (end - index < 2) {
        return incomplete(end - start);
      }
      CRC32 crc = new CRC32();
      crc.update(in.nioBuffer(start, index - start));
      int expected = in.getUnsignedShortLE(index);
      if (expected != ((int) crc.getValue() & 0xFFFF)) {
        throw new DecompressionException("gzip header CRC mismatch");
      }
      index += 2;
    }
    if (index - start > MAX_HEADER_LENGTH) {
      throw new DecompressionException("gzip header longer than " + MAX_HEADER_LENGTH + " bytes");
    }
    return index - start;
  }

  private static int incomplete(int seen) {
    if (seen > MAX_HEADER_LENGTH) {
      throw new DecompressionException("gzip header longer than " + MAX_HEADER_LENGTH + " bytes");
    }
    return -1;
  }
}
