package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.codec.compression.DecompressionException;
import io.tern.codec.compression.DecompressionLimitException;
import java.lang.foreign.MemorySegment;

/**
 * {@code ZSTD_decompressStream} over a stream of frames. The window a frame may ask for is capped
 * at 8 MiB ({@code ZSTD_d_windowLogMax} 23, what RFC 8878 asks decoders to support), which bounds
 * the library's memory whatever the input; a frame asking for more is refused as over a limit.
 *
 * <p>The bookkeeping block holds {@code ZSTD_inBuffer} at 0 and {@code ZSTD_outBuffer} at 24, each
 * {@code {pointer, size, pos}}.
 */
final class ZstdDecompressStream implements StreamDecompressor {
  /** 8 MiB. */
  static final int WINDOW_LOG_MAX = 23;

  private long dctx;
  private int consumed;
  private int produced;

  ZstdDecompressStream() {
    dctx = Zstd.createDCtx();
    if (dctx == 0) {
      throw new OutOfMemoryError("ZSTD_createDCtx failed");
    }
    long result = Zstd.setDParameter(dctx, Zstd.D_WINDOW_LOG_MAX, WINDOW_LOG_MAX);
    if (Zstd.isError(result)) {
      free();
      throw new IllegalStateException("ZSTD_d_windowLogMax: " + Zstd.errorName(result));
    }
  }

  @Override
  public boolean decompress(MemorySegment block, long in, int inLength, long out, int outLength) {
    block.set(JAVA_LONG, 0, in);
    block.set(JAVA_LONG, 8, inLength);
    block.set(JAVA_LONG, 16, 0);
    block.set(JAVA_LONG, 24, out);
    block.set(JAVA_LONG, 32, outLength);
    block.set(JAVA_LONG, 40, 0);
    long result = Zstd.decompressStream(dctx, block.address() + 24, block.address());
    consumed = (int) block.get(JAVA_LONG, 16);
    produced = (int) block.get(JAVA_LONG, 40);
    if (Zstd.isError(result)) {
      String name = Zstd.errorName(result);
      if (Zstd.errorCode(result) == Zstd.ERROR_WINDOW_TOO_LARGE) {
        throw new DecompressionLimitException(
            "zstd frame needs a window over the limit of " + (1 << WINDOW_LOG_MAX) + " bytes");
      }
      throw new DecompressionException("invalid zstd data: " + name);
    }
    // 0: a frame is complete and all of it was written out.
    return result == 0;
  }

  @Override
  public int consumed() {
    return consumed;
  }

  @Override
  public int produced() {
    return produced;
  }

  @Override
  public void free() {
    if (dctx != 0) {
      Zstd.freeDCtx(dctx);
      dctx = 0;
    }
  }
}
