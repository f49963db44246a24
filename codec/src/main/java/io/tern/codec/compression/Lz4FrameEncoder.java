package io.tern.codec.compression;

import io.airlift.compress.v3.lz4.Lz4Compressor;
import io.airlift.compress.v3.xxhash.XxHash32Hasher;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Compresses each outbound buffer into one LZ4 frame (the format of the {@code lz4} tool; layout in
 * {@link Lz4Frames}) with aircompressor's LZ4 block compressor ({@code
 * io.airlift:aircompressor-v3}, an optional dependency the application adds; constructing the
 * encoder without it raises an {@link IllegalStateException} naming it).
 *
 * <p>Each frame has independent blocks of at most the chosen block size, declares its content size
 * and ends with a content checksum; block checksums are optional. A block that does not shrink is
 * stored uncompressed. Each frame is complete on its own, so the peer can decompress a message as
 * soon as it arrives ({@code lz4 -d} reads the concatenated frames as one stream). Empty buffers
 * produce nothing.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (it keeps a block buffer between messages).
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after compression; the compressed buffer belongs to the next handler.
 */
public class Lz4FrameEncoder extends MessageToByteEncoder<ByteBuf> {
  /** Block sizes of the LZ4 frame format. */
  public enum BlockSize {
    /** 64 KiB blocks. */
    KB_64(4),
    /** 256 KiB blocks. */
    KB_256(5),
    /** 1 MiB blocks. */
    MB_1(6),
    /** 4 MiB blocks. */
    MB_4(7);

    private final int id;

    BlockSize(int id) {
      this.id = id;
    }

    /**
     * Returns the block size in bytes.
     *
     * @return the most uncompressed bytes per block
     */
    public int bytes() {
      return Lz4Frames.blockMaximumSize(id);
    }
  }

  private static final int HEADER_BYTES = 4 + 2 + 8 + 1;

  private final Lz4Compressor compressor;
  private final BlockSize blockSize;
  private final boolean blockChecksums;
  private final byte[] descriptor = new byte[10];
  private byte[] compressed;

  /** Creates an encoder with 64 KiB blocks and no block checksums. */
  public Lz4FrameEncoder() {
    this(BlockSize.KB_64, false);
  }

  /**
   * Creates an encoder.
   *
   * @param blockSize the most uncompressed bytes per block (the decoder buffers one block)
   * @param blockChecksums whether each block carries the XXH32 of its stored bytes
   * @throws IllegalStateException if aircompressor is not on the class or module path
   */
  public Lz4FrameEncoder(BlockSize blockSize, boolean blockChecksums) {
    super(ByteBuf.class, false);
    if (blockSize == null) {
      throw new NullPointerException("blockSize");
    }
    CompressionLibraries.require(
        "LZ4", "io.airlift.compress.v3.lz4.Lz4Compressor", CompressionLibraries.AIRCOMPRESSOR);
    this.compressor = Lz4Compressor.create();
    this.blockSize = blockSize;
    this.blockChecksums = blockChecksums;
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, ByteBuf msg, boolean preferDirect) {
    // A block never grows: one that does not shrink is stored as it is.
    long blocks = (long) msg.readableBytes() / blockSize.bytes() + 1;
    long size = (long) HEADER_BYTES + msg.readableBytes() + blocks * 8 + 8;
    return ctx.alloc().heapBuffer((int) Math.min(size, Integer.MAX_VALUE));
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
    int length = msg.readableBytes();
    if (length == 0) {
      return;
    }
    byte[] input;
    int offset;
    if (msg.hasArray()) {
      input = msg.array();
      offset = msg.arrayOffset() + msg.readerIndex();
    } else {
      input = ByteBufUtil.getBytes(msg);
      offset = 0;
    }
    writeHeader(out, length);
    int max = blockSize.bytes();
    if (compressed == null) {
      compressed = new byte[compressor.maxCompressedLength(max)];
    }
    for (int at = offset, end = offset + length; at < end; ) {
      int n = Math.min(max, end - at);
      int c = compressor.compress(input, at, n, compressed, 0, compressed.length);
      if (c > 0 && c < n) {
        writeBlock(out, c, compressed, 0, c);
      } else {
        writeBlock(out, n | Lz4Frames.UNCOMPRESSED, input, at, n);
      }
      at += n;
    }
    out.writeIntLE(0);
    out.writeIntLE(XxHash32Hasher.hash(input, offset, length));
    msg.skipBytes(length);
  }

  private void writeHeader(ByteBuf out, int contentSize) {
    int flg =
        Lz4Frames.FLG_VERSION
            | Lz4Frames.FLG_INDEPENDENT
            | (blockChecksums ? Lz4Frames.FLG_BLOCK_CHECKSUM : 0)
            | Lz4Frames.FLG_CONTENT_SIZE
            | Lz4Frames.FLG_CONTENT_CHECKSUM;
    descriptor[0] = (byte) flg;
    descriptor[1] = (byte) (blockSize.id << 4);
    long size = contentSize;
    for (int i = 0; i < 8; i++) {
      descriptor[2 + i] = (byte) (size >>> (8 * i));
    }
    out.writeIntLE(Lz4Frames.MAGIC);
    out.writeBytes(descriptor, 0, 10);
    out.writeByte(Lz4Frames.headerChecksum(descriptor, 10));
  }

  private void writeBlock(ByteBuf out, int sizeField, byte[] data, int offset, int length) {
    out.writeIntLE(sizeField);
    out.writeBytes(data, offset, length);
    if (blockChecksums) {
      out.writeIntLE(XxHash32Hasher.hash(data, offset, length));
    }
  }
}
