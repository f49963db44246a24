package io.tern.codec.memcache;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.DecoderException;
import io.tern.codec.memcache.internal.Frames;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes whole {@link BinaryMemcacheRequest}s, for a server: waits for the 24-byte header and the
 * body it announces, checks the lengths before waiting for the body (the body may not exceed {@code
 * maxBodyLength}; the key and extras must fit in it), and hands on the extras, key and value as
 * retained slices of the received bytes.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each message passed on belongs to the next handler, which releases it. After a {@link
 * MemcacheCodecException} or {@link io.tern.codec.TooLongFrameException} all further input is
 * discarded.
 */
public final class BinaryMemcacheRequestDecoder extends ByteToMessageDecoder {
  /** The default body limit: memcached's 1 MiB items, with room for the key and extras. */
  public static final int DEFAULT_MAX_BODY_LENGTH = (1 << 20) + 65_535 + 255;

  private final int maxBodyLength;
  private boolean failed;

  /** Creates a decoder with {@link #DEFAULT_MAX_BODY_LENGTH}. */
  public BinaryMemcacheRequestDecoder() {
    this(DEFAULT_MAX_BODY_LENGTH);
  }

  /**
   * Creates a decoder.
   *
   * @param maxBodyLength the largest body (extras, key and value) accepted, at least 0
   */
  public BinaryMemcacheRequestDecoder(int maxBodyLength) {
    if (maxBodyLength < 0) {
      throw new IllegalArgumentException("maxBodyLength: " + maxBodyLength + " (expected: >= 0)");
    }
    this.maxBodyLength = maxBodyLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      int frame;
      while ((frame = Frames.frameLength(in, Frames.REQUEST, maxBodyLength)) >= 0) {
        int r = in.readerIndex();
        int keyLength = in.getUnsignedShort(r + 2);
        int extrasLength = in.getUnsignedByte(r + 4);
        int extrasStart = r + Frames.HEADER;
        int keyStart = extrasStart + extrasLength;
        int valueStart = keyStart + keyLength;
        BinaryMemcacheRequest message =
            new BinaryMemcacheRequest(
                in.getByte(r + 1),
                Frames.part(in, extrasStart, extrasLength),
                Frames.part(in, keyStart, keyLength),
                Frames.part(in, valueStart, r + frame - valueStart));
        message
            .dataType(in.getByte(r + 5))
            .vbucket(in.getShort(r + 6))
            .opaque(in.getInt(r + 12))
            .cas(in.getLong(r + 16));
        in.readerIndex(r + frame);
        out.add(message);
      }
    } catch (DecoderException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }
}
