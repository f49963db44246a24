package io.tern.codec.compression.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.codec.compression.DecompressionException;
import java.lang.foreign.MemorySegment;

/**
 * {@code BrotliDecoderDecompressStream} over one brotli stream (RFC 7932; the large-window
 * extension stays off, so the library's window is at most 16 MiB).
 *
 * <p>The bookkeeping block holds {@code available_in} at 0, {@code next_in} at 8, {@code
 * available_out} at 16 and {@code next_out} at 24, which the library updates.
 */
final class BrotliDecompressStream implements StreamDecompressor {
  private long state;
  private int consumed;
  private int produced;

  BrotliDecompressStream() {
    state = Brotli.createDecoder();
    if (state == 0) {
      throw new OutOfMemoryError("BrotliDecoderCreateInstance failed");
    }
  }

  @Override
  public boolean decompress(MemorySegment block, long in, int inLength, long out, int outLength) {
    long base = block.address();
    block.set(JAVA_LONG, 0, inLength);
    block.set(JAVA_LONG, 8, in);
    block.set(JAVA_LONG, 16, outLength);
    block.set(JAVA_LONG, 24, out);
    int result = Brotli.decompressStream(state, base, base + 8, base + 16, base + 24);
    consumed = inLength - (int) block.get(JAVA_LONG, 0);
    produced = outLength - (int) block.get(JAVA_LONG, 16);
    if (result == Brotli.RESULT_ERROR) {
      throw new DecompressionException("invalid brotli data: " + Brotli.decoderError(state));
    }
    return result == Brotli.RESULT_SUCCESS;
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
      Brotli.destroyDecoder(state);
      state = 0;
    }
  }
}
