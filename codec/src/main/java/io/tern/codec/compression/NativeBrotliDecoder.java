package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.compression.internal.Brotli;
import io.tern.codec.compression.internal.NativeDecoding;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decompresses one brotli stream (RFC 7932) with the system's {@code libbrotlidec}, bound through
 * FFM (no JNI, nothing bundled). Unlike {@link BrotliDecoder} (the pure-Java decoder, which needs
 * the whole stream first) it streams: decompressed bytes are passed on as the compressed bytes
 * arrive, in buffers of at most {@code chunkSize} bytes.
 *
 * <p>The library is loaded at first use; where it is missing, {@link #isAvailable()} is {@code
 * false} and the constructors throw a {@link NativeLibraryUnavailableException} naming it.
 *
 * <p>Limits: {@link DecompressionLimits} on the stream, checked as the bytes are decompressed;
 * breaking one raises a {@link DecompressionLimitException} before the bytes over the limit are
 * passed on. The library's window is at most 16 MiB (the large-window extension is off). Corrupt
 * input, bytes after the end of the stream, and input that ends inside the stream raise a {@link
 * DecompressionException}. After either, the rest is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed (see {@link ByteToMessageDecoder}); the decompressed buffers belong
 * to the next handler. The library's native memory is freed when the stream ends, after a failure,
 * and when the handler is removed (which closing the channel does), or by a cleaner if the decoder
 * is dropped without any of these.
 */
public class NativeBrotliDecoder extends ByteToMessageDecoder {
  private static final int DEFAULT_CHUNK_SIZE = 8192;

  private final NativeDecoding decoding;

  /**
   * Creates a decoder with {@link DecompressionLimits#DEFAULT} and 8 KiB buffers.
   *
   * @throws NativeLibraryUnavailableException if libbrotlidec cannot be loaded
   */
  public NativeBrotliDecoder() {
    this(DecompressionLimits.DEFAULT, DEFAULT_CHUNK_SIZE);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on the stream
   * @param chunkSize the capacity of each decompressed buffer passed on
   * @throws IllegalArgumentException if {@code chunkSize} is not positive
   * @throws NativeLibraryUnavailableException if libbrotlidec cannot be loaded
   */
  public NativeBrotliDecoder(DecompressionLimits limits, int chunkSize) {
    this.decoding = NativeDecoding.brotli(limits, chunkSize);
  }

  /**
   * Tells whether the system's libbrotlidec can be used here.
   *
   * @return {@code true} if the decoder can be built
   */
  public static boolean isAvailable() {
    return Brotli.decoderUnavailabilityCause() == null;
  }

  /**
   * Tells whether decoding has stopped: the stream ended or failed, or the handler was removed.
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
