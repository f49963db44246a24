package io.tern.codec.compression;

import io.airlift.compress.v3.zstd.ZstdCompressor;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Compresses each outbound buffer into one zstd frame (RFC 8878) with aircompressor ({@code
 * io.airlift:aircompressor-v3}, an optional dependency the application adds; constructing the
 * encoder without it raises an {@link IllegalStateException} naming it). Each frame declares its
 * content size, so {@link ZstdDecoder} and {@code zstd -d} can check it before decompressing, and
 * is complete on its own: the peer can decompress a message as soon as it arrives, and the stream
 * of frames needs no end marker. Empty buffers produce nothing.
 *
 * <p>A message is compressed whole: write large content as several messages (for example through
 * {@code ChunkedWriteHandler}) to bound the memory a frame takes.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (the compressor keeps working memory between
 * messages).
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after compression; the compressed buffer belongs to the next handler.
 */
public class ZstdEncoder extends MessageToByteEncoder<ByteBuf> {
  /** The compression level used when none is given, zstd's own default. */
  public static final int DEFAULT_LEVEL = 3;

  private final ZstdCompressor compressor;

  /** Creates an encoder at the default level. */
  public ZstdEncoder() {
    this(DEFAULT_LEVEL);
  }

  /**
   * Creates an encoder.
   *
   * @param level the zstd compression level; levels other than {@link #DEFAULT_LEVEL} need
   *     aircompressor's native zstd, which it loads through FFM where its bundled library fits the
   *     platform
   * @throws IllegalArgumentException if the level cannot be used here
   * @throws IllegalStateException if aircompressor is not on the class or module path
   */
  public ZstdEncoder(int level) {
    super(ByteBuf.class, false);
    CompressionLibraries.require(
        "zstd", "io.airlift.compress.v3.zstd.ZstdCompressor", CompressionLibraries.AIRCOMPRESSOR);
    this.compressor =
        level == DEFAULT_LEVEL ? ZstdCompressor.create() : ZstdCompressor.create(level);
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, ByteBuf msg, boolean preferDirect) {
    return ctx.alloc().heapBuffer(compressor.maxCompressedLength(msg.readableBytes()));
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
    int length = msg.readableBytes();
    if (length == 0) {
      return;
    }
    // Without copying when the message is one array (heap buffers are).
    byte[] input;
    int inputOffset;
    if (msg.hasArray()) {
      input = msg.array();
      inputOffset = msg.arrayOffset() + msg.readerIndex();
    } else {
      input = ByteBufUtil.getBytes(msg);
      inputOffset = 0;
    }
    int max = compressor.maxCompressedLength(length);
    out.ensureWritable(max);
    if (out.hasArray()) {
      int at = out.arrayOffset() + out.writerIndex();
      int n = compressor.compress(input, inputOffset, length, out.array(), at, max);
      out.writerIndex(out.writerIndex() + n);
    } else {
      byte[] output = new byte[max];
      int n = compressor.compress(input, inputOffset, length, output, 0, max);
      out.writeBytes(output, 0, n);
    }
    msg.skipBytes(length);
  }
}
