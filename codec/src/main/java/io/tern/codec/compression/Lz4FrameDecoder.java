package io.tern.codec.compression;

import io.airlift.compress.v3.MalformedInputException;
import io.airlift.compress.v3.lz4.Lz4Decompressor;
import io.airlift.compress.v3.xxhash.XxHash32Hasher;
import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decompresses a stream of LZ4 frames (the format of the {@code lz4} tool and of {@link
 * Lz4FrameEncoder}; layout in {@link Lz4Frames}) with aircompressor's LZ4 block decompressor
 * ({@code io.airlift:aircompressor-v3}, an optional dependency the application adds; constructing
 * the decoder without it raises an {@link IllegalStateException} naming it). Each block becomes one
 * buffer passed on as soon as it is complete; skippable frames are skipped.
 *
 * <p>Supported: independent blocks (the {@code lz4} tool's default), all four block sizes, block
 * and content checksums, declared content sizes. Refused with a {@link DecompressionException}:
 * linked blocks ({@code lz4 -BD}, the C library's default; aircompressor's block decompressor
 * cannot reach back into the previous block) and dictionaries.
 *
 * <p>Limits: {@link DecompressionLimits} per frame (default {@link DecompressionLimits#DEFAULT}): a
 * declared content size over the limit is refused before anything is decompressed, and a block
 * larger than the frame's block maximum is refused before it is buffered. Breaking a limit raises a
 * {@link DecompressionLimitException}, corrupt input (a bad header, a bad checksum, invalid block
 * data, input that ends inside a frame) a {@link DecompressionException}; after either, the rest of
 * the input is dropped. Memory: a compressed block is buffered whole, and the decoder keeps one
 * block of the frame's maximum size (64 KiB to 4 MiB) to decompress into.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed; the decompressed buffers belong to the next handler.
 */
public class Lz4FrameDecoder extends ByteToMessageDecoder {
  private enum State {
    MAGIC,
    DESCRIPTOR,
    BLOCK_SIZE,
    BLOCK_DATA,
    CONTENT_CHECKSUM
  }

  private final DecompressionLimits limits;
  private final boolean verifyChecksums;
  private final Lz4Decompressor decompressor;
  private final byte[] descriptor = new byte[15];
  private State state = State.MAGIC;
  private boolean failed;
  private long skip;
  private int flags;
  private int blockMaximumSize;
  private long contentSize;
  private int blockSize;
  private boolean blockUncompressed;
  private long inputBytes;
  private long outputBytes;
  private XxHash32Hasher contentHash;
  private byte[] blockInput;
  private byte[] blockOutput;

  /** Creates a decoder with the default limits that verifies checksums. */
  public Lz4FrameDecoder() {
    this(DecompressionLimits.DEFAULT, true);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on each frame's decompressed size and ratio
   * @param verifyChecksums whether to check the block and content checksums the frames carry (the
   *     header checksum is always checked)
   * @throws IllegalStateException if aircompressor is not on the class or module path
   */
  public Lz4FrameDecoder(DecompressionLimits limits, boolean verifyChecksums) {
    if (limits == null) {
      throw new NullPointerException("limits");
    }
    CompressionLibraries.require(
        "LZ4", "io.airlift.compress.v3.lz4.Lz4Decompressor", CompressionLibraries.AIRCOMPRESSOR);
    this.limits = limits;
    this.verifyChecksums = verifyChecksums;
    this.decompressor = Lz4Decompressor.create();
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      while (decodeNext(ctx, in, out)) {
        // One element of the frame per step, until the input runs short.
      }
    } catch (RuntimeException e) {
      failed = true;
      closeHash();
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  /** Decodes the next element; returns whether there may be another one in {@code in}. */
  private boolean decodeNext(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    return switch (state) {
      case MAGIC -> readMagic(in);
      case DESCRIPTOR -> readDescriptor(in);
      case BLOCK_SIZE -> readBlockSize(in);
      case BLOCK_DATA -> readBlock(ctx, in, out);
      case CONTENT_CHECKSUM -> endFrame(in);
    };
  }

  private boolean readBlockSize(ByteBuf in) {
    if (in.readableBytes() < 4) {
      return false;
    }
    int size = in.readIntLE();
    inputBytes += 4;
    if (size == 0) {
      state = State.CONTENT_CHECKSUM;
      return true;
    }
    blockUncompressed = (size & Lz4Frames.UNCOMPRESSED) != 0;
    blockSize = size & ~Lz4Frames.UNCOMPRESSED;
    if (blockSize > blockMaximumSize) {
      throw new DecompressionException(
          "LZ4 block of " + blockSize + " bytes over the frame's maximum of " + blockMaximumSize);
    }
    state = State.BLOCK_DATA;
    return true;
  }

  private boolean readMagic(ByteBuf in) {
    if (skip > 0) {
      int n = (int) Math.min(skip, in.readableBytes());
      in.skipBytes(n);
      skip -= n;
      if (skip > 0) {
        return false;
      }
    }
    if (in.readableBytes() < 4) {
      return false;
    }
    int magic = in.getIntLE(in.readerIndex());
    if ((magic & Lz4Frames.SKIPPABLE_MASK) == Lz4Frames.SKIPPABLE_MAGIC) {
      if (in.readableBytes() < 8) {
        return false;
      }
      skip = in.getUnsignedIntLE(in.readerIndex() + 4);
      in.skipBytes(8);
      return true;
    }
    if (magic != Lz4Frames.MAGIC) {
      throw new DecompressionException("not an LZ4 frame: magic 0x" + Integer.toHexString(magic));
    }
    in.skipBytes(4);
    inputBytes = 4;
    outputBytes = 0;
    state = State.DESCRIPTOR;
    return true;
  }

  private boolean readDescriptor(ByteBuf in) {
    if (in.readableBytes() < 2) {
      return false;
    }
    int flg = in.getUnsignedByte(in.readerIndex());
    int bd = in.getUnsignedByte(in.readerIndex() + 1);
    if ((flg & Lz4Frames.FLG_VERSION_MASK) != Lz4Frames.FLG_VERSION) {
      throw new DecompressionException("unsupported LZ4 frame version: FLG 0x" + hex(flg));
    }
    if ((flg & Lz4Frames.FLG_RESERVED) != 0 || (bd & Lz4Frames.BD_RESERVED) != 0) {
      throw new DecompressionException("LZ4 frame descriptor has reserved bits set");
    }
    if ((flg & Lz4Frames.FLG_DICTIONARY) != 0) {
      throw new DecompressionException("LZ4 frames with a dictionary are not supported");
    }
    if ((flg & Lz4Frames.FLG_INDEPENDENT) == 0) {
      throw new DecompressionException(
          "LZ4 frames with linked blocks are not supported (compress with independent blocks)");
    }
    int length = 2 + ((flg & Lz4Frames.FLG_CONTENT_SIZE) != 0 ? 8 : 0);
    if (in.readableBytes() < length + 1) {
      return false;
    }
    in.getBytes(in.readerIndex(), descriptor, 0, length);
    int checksum = in.getUnsignedByte(in.readerIndex() + length);
    if (Lz4Frames.headerChecksum(descriptor, length) != checksum) {
      throw new DecompressionException("LZ4 frame header checksum mismatch");
    }
    blockMaximumSize = Lz4Frames.blockMaximumSize(bd >>> 4);
    if (blockMaximumSize < 0) {
      throw new DecompressionException("bad LZ4 block maximum size id: " + (bd >>> 4));
    }
    contentSize = -1;
    if ((flg & Lz4Frames.FLG_CONTENT_SIZE) != 0) {
      contentSize = in.getLongLE(in.readerIndex() + 2);
      if (contentSize < 0 || contentSize > limits.maxOutputBytes()) {
        throw new DecompressionLimitException(
            "LZ4 frame declares "
                + Long.toUnsignedString(contentSize)
                + " bytes, over the limit of "
                + limits.maxOutputBytes());
      }
    }
    flags = flg;
    in.skipBytes(length + 1);
    inputBytes += length + 1;
    if (verifyChecksums && (flg & Lz4Frames.FLG_CONTENT_CHECKSUM) != 0) {
      if (contentHash == null) {
        contentHash = XxHash32Hasher.create();
      } else {
        contentHash.reset();
      }
    }
    state = State.BLOCK_SIZE;
    return true;
  }

  private boolean readBlock(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    boolean blockChecksum = (flags & Lz4Frames.FLG_BLOCK_CHECKSUM) != 0;
    int needed = blockSize + (blockChecksum ? 4 : 0);
    if (in.readableBytes() < needed) {
      return false;
    }
    int index = in.readerIndex();
    byte[] data = blockBytes(in, index);
    if (blockChecksum && verifyChecksums) {
      int expected = in.getIntLE(index + blockSize);
      if (XxHash32Hasher.hash(data, 0, blockSize) != expected) {
        throw new DecompressionException("LZ4 block checksum mismatch");
      }
    }
    in.skipBytes(needed);
    inputBytes += needed;
    byte[] content = data;
    int length = blockSize;
    if (!blockUncompressed) {
      if (blockOutput == null || blockOutput.length < blockMaximumSize) {
        blockOutput = new byte[blockMaximumSize];
      }
      try {
        length = decompressor.decompress(data, 0, blockSize, blockOutput, 0, blockMaximumSize);
      } catch (MalformedInputException e) {
        throw new DecompressionException("invalid LZ4 block: " + e.getMessage(), e);
      } catch (RuntimeException e) {
        // Whatever else the library throws on bad input is still bad input.
        throw new DecompressionException("invalid LZ4 block", e);
      }
      if (length < 0) {
        throw new DecompressionException("invalid LZ4 block");
      }
      content = blockOutput;
    }
    outputBytes += length;
    limits.check(outputBytes, inputBytes);
    if (contentSize >= 0 && outputBytes > contentSize) {
      throw new DecompressionException("LZ4 frame longer than its declared content size");
    }
    if (contentHash != null && (flags & Lz4Frames.FLG_CONTENT_CHECKSUM) != 0) {
      contentHash.update(content, 0, length);
    }
    if (length > 0) {
      ByteBuf buf = ctx.alloc().buffer(length);
      buf.writeBytes(content, 0, length);
      out.add(buf);
    }
    state = State.BLOCK_SIZE;
    return true;
  }

  /** The block's stored bytes as an array starting at 0: a reused copy. */
  private byte[] blockBytes(ByteBuf in, int index) {
    if (blockInput == null || blockInput.length < blockSize) {
      blockInput = new byte[Math.max(blockSize, 4096)];
    }
    in.getBytes(index, blockInput, 0, blockSize);
    return blockInput;
  }

  private boolean endFrame(ByteBuf in) {
    boolean hasChecksum = (flags & Lz4Frames.FLG_CONTENT_CHECKSUM) != 0;
    if (hasChecksum) {
      if (in.readableBytes() < 4) {
        return false;
      }
      int expected = in.readIntLE();
      inputBytes += 4;
      if (contentHash != null && contentHash.digest() != expected) {
        throw new DecompressionException("LZ4 content checksum mismatch");
      }
    }
    if (contentSize >= 0 && outputBytes != contentSize) {
      throw new DecompressionException(
          "LZ4 frame holds " + outputBytes + " bytes, its header declares " + contentSize);
    }
    state = State.MAGIC;
    return true;
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    decode(ctx, in, out);
    if (!failed && (state != State.MAGIC || skip > 0)) {
      failed = true;
      closeHash();
      throw new DecompressionException("LZ4 input ended inside a frame");
    }
  }

  private static String hex(int b) {
    return Integer.toHexString(b);
  }

  private void closeHash() {
    if (contentHash != null) {
      contentHash.close();
      contentHash = null;
    }
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    closeHash();
    blockInput = null;
    blockOutput = null;
  }
}
