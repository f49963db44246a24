package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.compression.internal.Brotli;
import io.tern.codec.compression.internal.NativeEncoding;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Compresses outbound buffers into one brotli stream (RFC 7932) with the system's {@code
 * libbrotlienc}, bound through FFM (no JNI, nothing bundled; there is no pure-Java brotli encoder
 * that is kept up). Each message is compressed and flushed, so the peer can decompress it as soon
 * as it arrives.
 *
 * <p>The stream ends (its last meta-block is written) when {@link #finish()} is called or the
 * channel is closed through the pipeline. Buffers written after that pass through uncompressed.
 *
 * <p>The library is loaded at first use; where it is missing, {@link #isAvailable()} is {@code
 * false} and the constructors throw a {@link NativeLibraryUnavailableException} naming it.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop ({@link #finish()} may be called from any thread and hands over); one
 * instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after compression; the compressed buffers belong to the next handler.
 * The library's native memory is freed when the stream ends or the handler is removed, or by a
 * cleaner if the encoder is dropped without either.
 */
public class BrotliEncoder extends MessageToByteEncoder<ByteBuf> {
  /**
   * The quality used when none is given: 4, a common choice for content compressed as it is served
   * (11, the library's default, is for content compressed once and served many times).
   */
  public static final int DEFAULT_QUALITY = 4;

  /** The window used when none is given: 2^22 bytes (4 MiB), the library's default. */
  public static final int DEFAULT_WINDOW_BITS = 22;

  private final NativeEncoding encoding;
  private volatile ChannelHandlerContext ctx;

  /**
   * Creates an encoder at {@link #DEFAULT_QUALITY} with a window of {@link #DEFAULT_WINDOW_BITS}.
   *
   * @throws NativeLibraryUnavailableException if libbrotlienc cannot be loaded
   */
  public BrotliEncoder() {
    this(DEFAULT_QUALITY, DEFAULT_WINDOW_BITS);
  }

  /**
   * Creates an encoder.
   *
   * @param quality 0 (fastest) to 11 (smallest)
   * @param windowBits the window is {@code 2^windowBits - 16} bytes: 10 to 24
   * @throws IllegalArgumentException if an argument is out of range
   * @throws NativeLibraryUnavailableException if libbrotlienc cannot be loaded
   */
  public BrotliEncoder(int quality, int windowBits) {
    super(ByteBuf.class, true);
    this.encoding = NativeEncoding.brotli(quality, windowBits);
  }

  /**
   * Tells whether the system's libbrotlienc can be used here.
   *
   * @return {@code true} if the encoder can be built
   */
  public static boolean isAvailable() {
    return Brotli.encoderUnavailabilityCause() == null;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Tells whether the stream has ended.
   *
   * @return {@code true} after {@link #finish()} or close
   */
  public boolean isClosed() {
    return encoding.isFinished();
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, ByteBuf msg, boolean preferDirect) {
    // Text compresses well; the encoding loop grows the buffer when it does not.
    return ctx.alloc().directBuffer(Math.max(256, msg.readableBytes() >>> 1));
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
    encoding.encode(msg, out);
  }

  /**
   * Ends the stream: writes and flushes its last meta-block.
   *
   * @return the future of that write; already succeeded if the stream had ended
   * @throws IllegalStateException if the encoder is not in a pipeline
   */
  public Future<Void> finish() {
    ChannelHandlerContext c = ctx;
    if (c == null) {
      throw new IllegalStateException("not added to a pipeline");
    }
    Promise<Void> promise = c.newPromise();
    if (c.executor().inEventLoop()) {
      encoding.finish(c, promise);
    } else {
      c.executor().execute(() -> encoding.finish(c, promise));
    }
    return promise;
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    Promise<Void> trailer = ctx.newPromise();
    encoding.finish(ctx, trailer);
    trailer.addListener(f -> ctx.close(promise));
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    encoding.free();
  }
}
