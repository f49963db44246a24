package io.tern.codec.compression;

import io.airlift.compress.v3.MalformedInputException;
import io.airlift.compress.v3.snappy.SnappyDecompressor;
import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decompresses the Snappy framing format (a stream of chunks: stream identifier, compressed and
 * uncompressed data with masked CRC-32C checksums, padding and skippable chunks) with aircompressor
 * ({@code io.airlift:aircompressor-v3}, an optional dependency the application adds; its native
 * implementation through FFM is used where it loads, its Java one otherwise).
 *
 * <pre>
 *   +------+---------------+----------------------------+
 *   | type | length (3, LE) | data                       |   type 0xff: "sNaPpY" (first)
 *   +------+---------------+----------------------------+   0x00: CRC-32C + compressed
 *                                                          0x01: CRC-32C + uncompressed
 *                                                          0x80-0xfe: skipped, 0x02-0x7f: error
 * </pre>
 *
 * <p>Limits: a data chunk holds at most 64 KiB uncompressed (checked before decompressing), and the
 * whole stream is bounded by {@link DecompressionLimits}. Skippable chunks are discarded as they
 * arrive. A bad checksum, a missing stream identifier or an unknown unskippable chunk raises a
 * {@link DecompressionException}, after which the rest of the stream is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each data chunk becomes one new buffer owned by the next handler.
 */
public class SnappyFrameDecoder extends ByteToMessageDecoder {
  static final byte[] STREAM_ID = {'s', 'N', 'a', 'P', 'p', 'Y'};
  static final int MAX_UNCOMPRESSED = 65536;
  private static final int MAX_DATA_CHUNK = 4 + 32 + MAX_UNCOMPRESSED + MAX_UNCOMPRESSED / 6;

  private final SnappyDecompressor decompressor = SnappyDecompressor.create();
  private final DecompressionLimits limits;
  private final boolean verifyChecksums;
  private boolean started;
  private boolean failed;
  private long toSkip;
  private long inputBytes;
  private long outputBytes;

  /** Creates a decoder with the default limits that verifies checksums. */
  public SnappyFrameDecoder() {
    this(DecompressionLimits.DEFAULT, true);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on the whole stream's decompressed size and ratio
   * @param verifyChecksums whether to check each chunk's CRC-32C
   */
  public SnappyFrameDecoder(DecompressionLimits limits, boolean verifyChecksums) {
    if (limits == null) {
      throw new NullPointerException("limits");
    }
    this.limits = limits;
    this.verifyChecksums = verifyChecksums;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      decodeChunk(ctx, in, out);
    } catch (RuntimeException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  private void decodeChunk(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (toSkip > 0) {
      int n = (int) Math.min(toSkip, in.readableBytes());
      in.skipBytes(n);
      toSkip -= n;
      inputBytes += n;
      return;
    }
    if (in.readableBytes() < 4) {
      return;
    }
    int start = in.readerIndex();
    int type = in.getUnsignedByte(start);
    int length = in.getUnsignedMediumLE(start + 1);
    if (!started && type != 0xff) {
      throw new DecompressionException("snappy stream does not start with a stream identifier");
    }
    switch (type) {
      case 0xff -> {
        if (length != STREAM_ID.length) {
          throw new DecompressionException("bad snappy stream identifier length: " + length);
        }
        if (in.readableBytes() < 4 + length) {
          return;
        }
        for (int i = 0; i < STREAM_ID.length; i++) {
          if (in.getByte(start + 4 + i) != STREAM_ID[i]) {
            throw new DecompressionException("bad snappy stream identifier");
          }
        }
        started = true;
        in.skipBytes(4 + length);
        inputBytes += 4 + length;
      }
      case 0x00, 0x01 -> {
        if (length < 4 || length > MAX_DATA_CHUNK) {
          throw new DecompressionException("bad snappy data chunk length: " + length);
        }
        if (in.readableBytes() < 4 + length) {
          return;
        }
        int expectedCrc = in.getIntLE(start + 4);
        int dataIndex = start + 8;
        int dataLength = length - 4;
        ByteBuf chunk =
            type == 0x00
                ? uncompress(ctx, in, dataIndex, dataLength)
                : copy(ctx, in, dataIndex, dataLength);
        try {
          inputBytes += 4 + length;
          outputBytes += chunk.readableBytes();
          limits.check(outputBytes, inputBytes);
          if (verifyChecksums && SnappyChecksums.masked(chunk) != expectedCrc) {
            throw new DecompressionException("snappy chunk CRC-32C mismatch");
          }
        } catch (RuntimeException e) {
          chunk.release();
          throw e;
        }
        in.skipBytes(4 + length);
        out.add(chunk);
      }
      default -> {
        if (type < 0x80) {
          throw new DecompressionException(
              "unknown unskippable snappy chunk type 0x" + Integer.toHexString(type));
        }
        in.skipBytes(4);
        inputBytes += 4;
        toSkip = length;
      }
    }
  }

  private ByteBuf copy(ChannelHandlerContext ctx, ByteBuf in, int index, int length) {
    if (length > MAX_UNCOMPRESSED) {
      throw new DecompressionException("snappy uncompressed chunk longer than 64 KiB");
    }
    ByteBuf chunk = ctx.alloc().buffer(length);
    chunk.writeBytes(in, index, length);
    return chunk;
  }

  private ByteBuf uncompress(ChannelHandlerContext ctx, ByteBuf in, int index, int length) {
    byte[] input = new byte[length];
    in.getBytes(index, input);
    int size;
    try {
      size = decompressor.getUncompressedLength(input, 0);
    } catch (MalformedInputException e) {
      throw new DecompressionException("bad snappy chunk", e);
    }
    if (size < 0 || size > MAX_UNCOMPRESSED) {
      throw new DecompressionException(
          "snappy chunk decompresses to " + size + " bytes (max 64 KiB)");
    }
    byte[] output = new byte[size];
    int n;
    try {
      n = decompressor.decompress(input, 0, length, output, 0, size);
    } catch (MalformedInputException | IndexOutOfBoundsException e) {
      throw new DecompressionException("bad snappy chunk", e);
    }
    ByteBuf chunk = ctx.alloc().buffer(n);
    chunk.writeBytes(output, 0, n);
    return chunk;
  }
}
