package io.tern.codec.compression.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.EncoderException;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.function.Supplier;

/**
 * The encoding loop the native compressors share: each message is fed to the library and flushed,
 * so the peer can decompress it on arrival; {@link #finish} ends the stream and writes its last
 * bytes. The output buffer grows as the library writes. The library's state is created at the first
 * use and freed when the stream ends or the encoder is removed.
 *
 * <p>The channel's event loop; one per encoder.
 */
public final class NativeEncoding {
  /** The least room offered to the library per step. */
  private static final int MIN_ROOM = 1024;

  private final Supplier<StreamCompressor> streams;
  private NativeResources resources;
  private boolean finished;

  private NativeEncoding(Supplier<StreamCompressor> streams) {
    this.streams = streams;
  }

  /**
   * Writes one zstd frame (with a checksum) through libzstd.
   *
   * @param level the compression level
   * @return the encoding loop
   */
  public static NativeEncoding zstd(int level) {
    Zstd.ensureAvailable();
    int[] range = Zstd.levels();
    if (level < range[0] || level > range[1] || level == 0) {
      throw new IllegalArgumentException(
          "level: " + level + " (expected: " + range[0] + " to " + range[1] + ", not 0)");
    }
    return new NativeEncoding(() -> new ZstdCompressStream(level));
  }

  /**
   * Writes one brotli stream through libbrotlienc.
   *
   * @param quality 0 (fastest) to 11 (smallest)
   * @param windowBits the window is {@code 2^windowBits - 16} bytes, 10 to 24
   * @return the encoding loop
   */
  public static NativeEncoding brotli(int quality, int windowBits) {
    Brotli.ensureEncoder();
    if (quality < 0 || quality > 11) {
      throw new IllegalArgumentException("quality: " + quality + " (expected: 0 to 11)");
    }
    if (windowBits < 10 || windowBits > 24) {
      throw new IllegalArgumentException("windowBits: " + windowBits + " (expected: 10 to 24)");
    }
    return new NativeEncoding(() -> new BrotliCompressStream(quality, windowBits));
  }

  /**
   * Tells whether the stream has ended.
   *
   * @return {@code true} after {@link #finish}
   */
  public boolean isFinished() {
    return finished;
  }

  /**
   * Compresses the readable bytes of {@code msg} into {@code out} and flushes them. After the end
   * of the stream the bytes are copied as they are.
   *
   * @param msg the message; not released here
   * @param out grows as needed
   */
  public void encode(ByteBuf msg, ByteBuf out) {
    if (finished) {
      out.writeBytes(msg, msg.readerIndex(), msg.readableBytes());
      return;
    }
    int length = msg.readableBytes();
    if (length == 0) {
      return;
    }
    NativeResources r = resources();
    Staging staging = r.staging();
    int index = msg.readerIndex();
    int left = length;
    while (left > 0) {
      long address = staging.input(msg, index, left);
      int piece = staging.inputLength();
      feed(r, address, piece, out);
      index += piece;
      left -= piece;
    }
    drain(r, StreamCompressor.FLUSH, out);
  }

  /**
   * Ends the stream into {@code out}.
   *
   * @param out grows as needed
   */
  public void finishInto(ByteBuf out) {
    if (finished) {
      return;
    }
    try {
      drain(resources(), StreamCompressor.FINISH, out);
    } finally {
      finished = true;
      free();
    }
  }

  /**
   * Ends the stream and writes its last bytes through {@code ctx}; completes {@code promise} when
   * they are written (at once if the stream had ended).
   *
   * @param ctx the encoder's context
   * @param promise completed with the write
   */
  public void finish(ChannelHandlerContext ctx, Promise<Void> promise) {
    if (finished) {
      promise.trySuccess(null);
      return;
    }
    ByteBuf out = ctx.alloc().directBuffer(256);
    try {
      finishInto(out);
    } catch (RuntimeException e) {
      out.release();
      promise.tryFailure(new EncoderException(e));
      return;
    }
    ctx.writeAndFlush(out)
        .addListener(
            f -> {
              if (f.isSuccess()) {
                promise.trySuccess(null);
              } else {
                promise.tryFailure(f.cause());
              }
            });
  }

  /** Runs a flush or finish until the library says it is complete. */
  private static void drain(NativeResources r, int operation, ByteBuf out) {
    int stalls = 0;
    // An empty input still needs a valid pointer for some library versions: the block is one.
    long noInput = r.staging().block().address();
    while (!step(r, operation, noInput, 0, out)) {
      stalls = r.compressor().produced() == 0 ? stalls + 1 : 0;
      checkProgress(stalls);
    }
  }

  /** Feeds native input to the library until it has taken all of it. */
  private static void feed(NativeResources r, long in, int inLength, ByteBuf out) {
    int taken = 0;
    int stalls = 0;
    while (taken < inLength) {
      step(r, StreamCompressor.PROCESS, in + taken, inLength - taken, out);
      StreamCompressor c = r.compressor();
      taken += c.consumed();
      stalls = c.consumed() == 0 && c.produced() == 0 ? stalls + 1 : 0;
      checkProgress(stalls);
    }
  }

  /** One step of {@code operation}, with room for output; returns whether it is complete. */
  private static boolean step(
      NativeResources r, int operation, long in, int inLength, ByteBuf out) {
    Staging staging = r.staging();
    out.ensureWritable(MIN_ROOM);
    long outAddress = staging.output(out);
    int room = staging.outputLength();
    StreamCompressor c = r.compressor();
    boolean complete = c.compress(operation, staging.block(), in, inLength, outAddress, room);
    staging.commitOutput(out, c.produced());
    return complete;
  }

  /** The libraries always progress when given room; a loop that does not is a bug, not a hang. */
  private static void checkProgress(int stalls) {
    if (stalls > 3) {
      throw new IllegalStateException("the compression library made no progress");
    }
  }

  private NativeResources resources() {
    if (resources == null) {
      resources = NativeResources.forCompressor(this, streams.get());
    }
    return resources;
  }

  /** Frees the library's memory; the stream can no longer be written. */
  public void free() {
    finished = true;
    if (resources != null) {
      resources.free();
      resources = null;
    }
  }
}
