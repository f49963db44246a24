package io.tern.codec.compression;

import io.airlift.compress.v3.xxhash.XxHash32Hasher;

/**
 * Constants of the LZ4 frame format (the format of the {@code lz4} tool, not Netty's own block
 * stream), shared by {@link Lz4FrameEncoder} and {@link Lz4FrameDecoder}.
 *
 * <pre>
 *   magic 04 22 4D 18 | FLG | BD | [content size, 8 LE] | [dictionary id, 4] | HC
 *   block*: size (4 LE; top bit = stored uncompressed; 0 = end mark) | data | [XXH32 of data]
 *   end mark 00 00 00 00 | [XXH32 of the content]
 *
 *   FLG: version 01 (bits 7-6) | independent blocks (5) | block checksums (4)
 *        | content size (3) | content checksum (2) | reserved 0 (1) | dictionary id (0)
 *   BD:  reserved 0 (7) | block maximum size id 4-7: 64 KiB, 256 KiB, 1 MiB, 4 MiB (6-4)
 *   HC:  second byte of the XXH32 of FLG through the dictionary id
 * </pre>
 */
final class Lz4Frames {
  static final int MAGIC = 0x184D2204;
  static final int SKIPPABLE_MAGIC = 0x184D2A50;
  static final int SKIPPABLE_MASK = 0xFFFFFFF0;

  static final int FLG_VERSION = 0x40;
  static final int FLG_VERSION_MASK = 0xC0;
  static final int FLG_INDEPENDENT = 0x20;
  static final int FLG_BLOCK_CHECKSUM = 0x10;
  static final int FLG_CONTENT_SIZE = 0x08;
  static final int FLG_CONTENT_CHECKSUM = 0x04;
  static final int FLG_RESERVED = 0x02;
  static final int FLG_DICTIONARY = 0x01;
  static final int BD_RESERVED = 0x8F;

  static final int UNCOMPRESSED = 0x80000000;

  private Lz4Frames() {}

  /**
   * Returns the block maximum size for a BD size id.
   *
   * @param id the id, 4 to 7
   * @return the size in bytes, or -1 if the id is not one of them
   */
  static int blockMaximumSize(int id) {
    return switch (id) {
      case 4 -> 64 * 1024;
      case 5 -> 256 * 1024;
      case 6 -> 1024 * 1024;
      case 7 -> 4 * 1024 * 1024;
      default -> -1;
    };
  }

  /** The header checksum byte over {@code descriptor[0, length)}. */
  static int headerChecksum(byte[] descriptor, int length) {
    return (XxHash32Hasher.hash(descriptor, 0, length) >>> 8) & 0xFF;
  }
}
