package io.tern.benchmarks.buffer;

import io.tern.buffer.CompositeByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ResourceLeakDetector;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Tern's side of the composite pair: add 1,000 components of 16 bytes to a composite, then read
 * every long across them ({@code addAndRead}); and read every long of a prebuilt composite of 1,000
 * components ({@code read}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CompositeBuffer {
  private static final int COMPONENTS = 1000;
  private final byte[][] parts = new byte[COMPONENTS][];
  private CompositeByteBuf prebuilt;

  @Setup
  public void setUp() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.DISABLED);
    for (int i = 0; i < COMPONENTS; i++) {
      parts[i] = new byte[16];
      parts[i][0] = (byte) i;
    }
    prebuilt = Unpooled.compositeBuffer(Integer.MAX_VALUE);
    for (byte[] part : parts) {
      prebuilt.addComponent(true, Unpooled.wrappedBuffer(part));
    }
  }

  @TearDown
  public void tearDown() {
    prebuilt.release();
  }

  @Benchmark
  public long addAndRead() {
    CompositeByteBuf c = Unpooled.compositeBuffer(Integer.MAX_VALUE);
    for (byte[] part : parts) {
      c.addComponent(true, Unpooled.wrappedBuffer(part));
    }
    long sum = 0;
    while (c.isReadable()) {
      sum += c.readLong();
    }
    c.release();
    return sum;
  }

  @Benchmark
  public long read() {
    CompositeByteBuf c = prebuilt;
    long sum = 0;
    for (int i = 0, n = c.capacity() - 8; i <= n; i += 8) {
      sum += c.getLong(i);
    }
    return sum;
  }
}
