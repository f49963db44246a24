package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;

/**
 * {@code ZSTD_compressStream2} writing one frame with a checksum: {@link #PROCESS} is {@code
 * ZSTD_e_continue}, {@link #FLUSH} {@code ZSTD_e_flush} (the block so far is written, the frame
 * stays open), {@link #FINISH} {@code ZSTD_e_end}.
 *
 * <p>The bookkeeping block holds {@code ZSTD_inBuffer} at 0 and {@code ZSTD_outBuffer} at 24.
 */
final class ZstdCompressStream implements StreamCompressor {
  private long cctx;
  private int consumed;
  private int produced;

  ZstdCompressStream(int level) {
    cctx = Zstd.createCCtx();
    if (cctx == 0) {
      throw new OutOfMemoryError("ZSTD_createCCtx failed");
    }
    set(Zstd.C_COMPRESSION_LEVEL, level, "ZSTD_c_compressionLevel");
    set(Zstd.C_CHECKSUM_FLAG, 1, "ZSTD_c_checksumFlag");
  }

  private void set(int parameter, int value, String name) {
    long result = Zstd.setCParameter(cctx, parameter, value);
    if (Zstd.isError(result)) {
      free();
      throw new IllegalArgumentException(name + " " + value + ": " + Zstd.errorName(result));
    }
  }

  @Override
  public boolean compress(
      int operation, MemorySegment block, long in, int inLength, long out, int outLength) {
    block.set(JAVA_LONG, 0, in);
    block.set(JAVA_LONG, 8, inLength);
    block.set(JAVA_LONG, 16, 0);
    block.set(JAVA_LONG, 24, out);
    block.set(JAVA_LONG, 32, outLength);
    block.set(JAVA_LONG, 40, 0);
    int endOp =
        switch (operation) {
          case PROCESS -> Zstd.E_CONTINUE;
          case FLUSH -> Zstd.E_FLUSH;
          default -> Zstd.E_END;
        };
    long result = Zstd.compressStream2(cctx, block.address() + 24, block.address(), endOp);
    consumed = (int) block.get(JAVA_LONG, 16);
    produced = (int) block.get(JAVA_LONG, 40);
    if (Zstd.isError(result)) {
      throw new IllegalStateException("zstd compression failed: " + Zstd.errorName(result));
    }
    if (operation == PROCESS) {
      return consumed == inLength;
    }
    // For a flush or the end: 0 once everything is written.
    return consumed == inLength && result == 0;
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
    if (cctx != 0) {
      Zstd.freeCCtx(cctx);
      cctx = 0;
    }
  }
}
