package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.compression.internal.NativeEncoding;
import io.tern.codec.compression.internal.Zstd;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Compresses outbound buffers into one zstd frame (RFC 8878, with a content checksum) with the
 * system's {@code libzstd}, bound through FFM (no JNI, nothing bundled). Each message is compressed
 * and flushed (the frame's blocks so far are written), so the peer can decompress it as soon as it
 * arrives; memory stays bounded by the library's window however much is written, unlike {@link
 * ZstdEncoder}, which makes each message a frame of its own.
 *
 * <p>The frame ends (its last block and checksum are written) when {@link #finish()} is called or
 * the channel is closed through the pipeline. Buffers written after that pass through uncompressed.
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
 * The library's native memory is freed when the frame ends or the handler is removed, or by a
 * cleaner if the encoder is dropped without either.
 */
public class NativeZstdEncoder extends MessageToByteEncoder<ByteBuf> {
  /** The compression level used when none is given, zstd's own default. */
  public static final int DEFAULT_LEVEL = 3;

  private final NativeEncoding encoding;
  private volatile ChannelHandlerContext ctx;

  /**
   * Creates an encoder at {@link #DEFAULT_LEVEL}.
   *
   * @throws NativeLibraryUnavailableException if libzstd cannot be loaded
   */
  public NativeZstdEncoder() {
    this(DEFAULT_LEVEL);
  }

  /**
   * Creates an encoder.
   *
   * @param level the compression level: 1 (fastest) to 19 (smallest) as the {@code zstd} tool
   *     counts them, up to 22 with more memory, or negative for faster still
   * @throws IllegalArgumentException if the library does not know the level, or it is 0
   * @throws NativeLibraryUnavailableException if libzstd cannot be loaded
   */
  public NativeZstdEncoder(int level) {
    super(ByteBuf.class, true);
    this.encoding = NativeEncoding.zstd(level);
  }

  /**
   * Tells whether the system's libzstd (1.4.0 or later) can be used here.
   *
   * @return {@code true} if the encoder can be built
   */
  public static boolean isAvailable() {
    return Zstd.unavailabilityCause() == null;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Tells whether the frame has ended.
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
   * Ends the frame: writes and flushes its last block and checksum.
   *
   * @return the future of that write; already succeeded if the frame had ended
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
