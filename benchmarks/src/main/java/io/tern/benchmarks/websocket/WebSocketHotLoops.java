package io.tern.benchmarks.websocket;

import io.tern.benchmarks.harness.TernOnly;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The technique behind the decoder's hot loops, on 64 KiB of ASCII in a {@code byte[]}: masking and
 * the UTF-8 high-bit check byte by byte against eight bytes at a time (a {@code long} through a
 * byte-array view {@code VarHandle}), as the codec's internal {@code Masking} and {@code
 * Utf8Validator} do. The loops are written out here because the benchmarks may not import the
 * codec's internal package; the production path is measured by {@link WebSocketFrameDecode}.
 */
@TernOnly("compares two loop techniques inside Tern; the decoder twin compares with Netty")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WebSocketHotLoops {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final int KEY = WebSocketInputs.KEY;

  private byte[] data;

  /** Creates the benchmark state (JMH does). */
  public WebSocketHotLoops() {}

  /** Fills the data. */
  @Setup
  public void setUp() {
    data = WebSocketInputs.text("ascii", 65536);
  }

  /**
   * Masks byte by byte.
   *
   * @return a byte of the result
   */
  @Benchmark
  public byte maskBytes() {
    byte[] a = data;
    for (int i = 0; i < a.length; i++) {
      a[i] ^= (byte) (KEY >>> (24 - 8 * (i & 3)));
    }
    return a[a.length - 1];
  }

  /**
   * Masks eight bytes at a time.
   *
   * @return a byte of the result
   */
  @Benchmark
  public byte maskWords() {
    byte[] a = data;
    long word = (KEY & 0xFFFFFFFFL) | ((long) KEY << 32);
    int i = 0;
    for (; i + 8 <= a.length; i += 8) {
      LONGS.set(a, i, (long) LONGS.get(a, i) ^ word);
    }
    for (; i < a.length; i++) {
      a[i] ^= (byte) (KEY >>> (24 - 8 * (i & 3)));
    }
    return a[a.length - 1];
  }

  /**
   * Finds the first non-ASCII byte byte by byte (the validator's fast path, byte-wise).
   *
   * @return its index, or the length
   */
  @Benchmark
  public int asciiScanBytes() {
    byte[] a = data;
    int i = 0;
    while (i < a.length && a[i] >= 0) {
      i++;
    }
    return i;
  }

  /**
   * Finds the first non-ASCII word eight bytes at a time.
   *
   * @return its index, or the length
   */
  @Benchmark
  public int asciiScanWords() {
    byte[] a = data;
    int i = 0;
    while (i + 8 <= a.length && ((long) LONGS.get(a, i) & 0x8080808080808080L) == 0) {
      i += 8;
    }
    while (i < a.length && a[i] >= 0) {
      i++;
    }
    return i;
  }
}
