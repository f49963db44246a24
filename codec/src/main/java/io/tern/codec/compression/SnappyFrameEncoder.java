package io.tern.codec.compression;

import io.airlift.compress.v3.snappy.SnappyCompressor;
import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Compresses outbound buffers into the Snappy framing format with aircompressor (an optional
 * dependency the application adds): a stream identifier first, then each message in chunks of at
 * most 64 KiB, each with its masked CRC-32C; a chunk that does not shrink is stored uncompressed.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (it remembers whether the stream identifier
 * was written).
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after compression; the compressed buffer belongs to the next handler.
 */
public class SnappyFrameEncoder extends MessageToByteEncoder<ByteBuf> {
  private final SnappyCompressor compressor = SnappyCompressor.create();
  private boolean started;

  /** Creates an encoder. */
  public SnappyFrameEncoder() {
    super(ByteBuf.class, false);
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, ByteBuf msg, boolean preferDirect) {
    int chunks = msg.readableBytes() / SnappyFrameDecoder.MAX_UNCOMPRESSED + 1;
    long size =
        10L
            + chunks * 8L
            + compressor.maxCompressedLength(SnappyFrameDecoder.MAX_UNCOMPRESSED) * (long) chunks;
    return ctx.alloc().heapBuffer((int) Math.min(size, Integer.MAX_VALUE));
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
    if (!started) {
      out.writeByte(0xff).writeMediumLE(SnappyFrameDecoder.STREAM_ID.length);
      out.writeBytes(SnappyFrameDecoder.STREAM_ID);
      started = true;
    }
    byte[] input = new byte[Math.min(msg.readableBytes(), SnappyFrameDecoder.MAX_UNCOMPRESSED)];
    byte[] compressed = new byte[compressor.maxCompressedLength(input.length)];
    int index = msg.readerIndex();
    int end = msg.writerIndex();
    while (index < end) {
      int n = Math.min(input.length, end - index);
      ByteBuf slice = msg.slice(index, n);
      int crc = SnappyChecksums.masked(slice);
      msg.getBytes(index, input, 0, n);
      int c = compressor.compress(input, 0, n, compressed, 0, compressed.length);
      if (c < n - n / 8) {
        out.writeByte(0x00).writeMediumLE(c + 4).writeIntLE(crc).writeBytes(compressed, 0, c);
      } else {
        out.writeByte(0x01).writeMediumLE(n + 4).writeIntLE(crc).writeBytes(input, 0, n);
      }
      index += n;
    }
  }
}
