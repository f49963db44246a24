package io.tern.codec.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.codec.compression.BrotliDecoder;
import io.tern.codec.compression.DecompressionLimits;
import io.tern.codec.compression.Lz4FrameDecoder;
import io.tern.codec.compression.NativeBrotliDecoder;
import io.tern.codec.compression.NativeZstdDecoder;
import io.tern.codec.compression.SnappyFrameDecoder;
import io.tern.codec.compression.ZlibDecoder;
import io.tern.codec.compression.ZlibWrapper;
import io.tern.codec.compression.ZstdDecoder;

/**
 * Fuzzes the decompressors: any input, split anywhere, gives only typed decoder exceptions, stays
 * within small limits and leaks nothing. Regression inputs live under {@code
 * src/test/resources/io/tern/codec/fuzz/CompressionFuzzTestInputs}.
 */
class CompressionFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void zlib(FuzzedDataProvider data) {
    ZlibWrapper wrapper = data.pickValue(ZlibWrapper.values());
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 16, 50, 4096);
    FuzzSupport.check(data, () -> new ZlibDecoder(wrapper, limits, 1024), input, false);
  }

  @FuzzTest(maxDuration = "30s")
  void snappyFramed(FuzzedDataProvider data) {
    boolean verify = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 18, 50, 4096);
    FuzzSupport.check(data, () -> new SnappyFrameDecoder(limits, verify), input, false);
  }

  @FuzzTest(maxDuration = "30s")
  void zstd(FuzzedDataProvider data) {
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 18, 50, 4096);
    FuzzSupport.check(data, () -> new ZstdDecoder(limits, 1024), input, false);
  }

  @FuzzTest(maxDuration = "30s")
  void lz4Frame(FuzzedDataProvider data) {
    boolean verify = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 18, 50, 4096);
    FuzzSupport.check(data, () -> new Lz4FrameDecoder(limits, verify), input, false);
  }

  @FuzzTest(maxDuration = "30s")
  void brotli(FuzzedDataProvider data) {
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 18, 50, 4096);
    FuzzSupport.check(data, () -> new BrotliDecoder(limits, 1024), input, false);
  }

  @FuzzTest(maxDuration = "30s")
  void nativeZstd(FuzzedDataProvider data) {
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 18, 50, 4096);
    FuzzSupport.check(data, () -> new NativeZstdDecoder(limits, 1024), input, false);
  }

  @FuzzTest(maxDuration = "30s")
  void nativeBrotli(FuzzedDataProvider data) {
    byte[] input = data.consumeBytes(data.consumeInt(0, 8192));
    DecompressionLimits limits = new DecompressionLimits(1 << 18, 50, 4096);
    FuzzSupport.check(data, () -> new NativeBrotliDecoder(limits, 1024), input, false);
  }
}
