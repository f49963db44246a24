package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;

/**
 * {@code BrotliEncoderCompressStream}: {@link #PROCESS}, {@link #FLUSH} and {@link #FINISH} are the
 * library's own operations. A flush or finish is complete once all input is taken and the library
 * has no more output ({@code BrotliEncoderHasMoreOutput}, {@code BrotliEncoderIsFinished}).
 *
 * <p>The bookkeeping block holds {@code available_in} at 0, {@code next_in} at 8, {@code
 * available_out} at 16 and {@code next_out} at 24.
 */
final class BrotliCompressStream implements StreamCompressor {
  private long state;
  private int consumed;
  private int produced;

  BrotliCompressStream(int quality, int windowBits) {
    state = Brotli.createEncoder();
    if (state == 0) {
      throw new OutOfMemoryError("BrotliEncoderCreateInstance failed");
    }
    if (!Brotli.setEncoderParameter(state, Brotli.PARAM_QUALITY, quality)
        || !Brotli.setEncoderParameter(state, Brotli.PARAM_LGWIN, windowBits)) {
      free();
      throw new IllegalArgumentException(
          "brotli refused quality " + quality + " or window bits " + windowBits);
    }
  }

  @Override
  public boolean compress(
      int operation, MemorySegment block, long in, int inLength, long out, int outLength) {
    long base = block.address();
    block.set(JAVA_LONG, 0, inLength);
    block.set(JAVA_LONG, 8, in);
    block.set(JAVA_LONG, 16, outLength);
    block.set(JAVA_LONG, 24, out);
    int op =
        switch (operation) {
          case PROCESS -> Brotli.OPERATION_PROCESS;
          case FLUSH -> Brotli.OPERATION_FLUSH;
          default -> Brotli.OPERATION_FINISH;
        };
    boolean ok = Brotli.compressStream(state, op, base, base + 8, base + 16, base + 24);
    long left = block.get(JAVA_LONG, 0);
    consumed = inLength - (int) left;
    produced = outLength - (int) block.get(JAVA_LONG, 16);
    if (!ok) {
      throw new IllegalStateException("brotli compression failed");
    }
    return switch (operation) {
      case PROCESS -> left == 0;
      case FLUSH -> left == 0 && !Brotli.hasMoreOutput(state);
      default -> Brotli.isFinished(state);
    };
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
    if (state != 0) {
      Brotli.destroyEncoder(state);
      state = 0;
    }
  }
}
