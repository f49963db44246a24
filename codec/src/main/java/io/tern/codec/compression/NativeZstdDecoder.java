package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.compression.internal.NativeDecoding;
import io.tern.codec.compression.internal.Zstd;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decompresses a stream of zstd frames (RFC 8878) with the system's {@code libzstd}, bound through
 * FFM (no JNI, nothing bundled). Decompressed bytes are passed on as they come, in buffers of at
 * most {@code chunkSize} bytes, whatever the frames declare or how the input is split: a frame is
 * never held whole. Skippable frames are skipped; concatenated frames are decoded one after the
 * other, each with fresh limits.
 *
 * <p>The library is loaded at first use; where it is missing, {@link #isAvailable()} is {@code
 * false} and the constructors throw a {@link NativeLibraryUnavailableException} naming it. {@link
 * ZstdDecoder} is the pure-Java alternative (aircompressor).
 *
 * <p>Limits: {@link DecompressionLimits} per frame, checked as the bytes are decompressed; breaking
 * one raises a {@link DecompressionLimitException} before the bytes over the limit are passed on. A
 * frame whose window is over 8 MiB (the most RFC 8878 asks a decoder to support) is refused the
 * same way, which bounds the library's memory. Corrupt input, a bad checksum, and input that ends
 * inside a frame raise a {@link DecompressionException}. After either, the rest is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed (see {@link ByteToMessageDecoder}); the decompressed buffers belong
 * to the next handler. The library's native memory is freed after a failure and when the handler is
 * removed (which closing the channel does), or by a cleaner if the decoder is dropped without
 * either.
 */
public class NativeZstdDecoder extends ByteToMessageDecoder {
  private static final int DEFAULT_CHUNK_SIZE = 8192;

  private final NativeDecoding decoding;

  /**
   * Creates a decoder with {@link DecompressionLimits#DEFAULT} and 8 KiB buffers.
   *
   * @throws NativeLibraryUnavailableException if libzstd cannot be loaded
   */
  public NativeZstdDecoder() {
    this(DecompressionLimits.DEFAULT, DEFAULT_CHUNK_SIZE);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on each frame
   * @param chunkSize the capacity of each decompressed buffer passed on
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   * @throws NativeLibraryUnavailableException if libzstd cannot be loaded
   */
  public NativeZstdDecoder(DecompressionLimits limits, int chunkSize) {
    this.decoding = NativeDecoding.zstd(limits, chunkSize);
  }

  /**
   * Tells whether the system's libzstd (1.4.0 or later) can be used here.
   *
   * @return {@code true} if the decoder can be built
   */
  public static boolean isAvailable() {
    return Zstd.unavailabilityCause() == null;
  }

  /**
   * Tells whether decoding has stopped (a failure, or the handler was removed).
   *
   * @return {@code true} once no more input is decoded
   */
  public boolean isClosed() {
    return decoding.isClosed();
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    decoding.decode(ctx.alloc(), in, out);
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    decoding.decodeLast(ctx.alloc(), in, out);
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    decoding.free();
  }
}
