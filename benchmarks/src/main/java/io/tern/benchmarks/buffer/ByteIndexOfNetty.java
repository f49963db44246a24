package io.tern.benchmarks.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.tern.benchmarks.harness.ParamValues;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Netty's side of the byte search pair ({@code ByteIndexOf} / {@code ByteIndexOfNetty}): {@code
 * indexOf} and {@code bytesBefore} of one byte that appears only at the end of {@code size}
 * readable bytes, on an unpooled heap or direct buffer. Leak detection is off.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ByteIndexOfNetty {
  @Param({"heap", "direct"})
  public String kind;

  @Param({"15", "128", "4096"})
  public int size;

  private ByteBuf buf;
  private byte target = (byte) '\n';

  @Setup
  public void setUp() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    boolean heap = ParamValues.oneOf("kind", kind, "heap", "direct").equals("heap");
    buf =
        heap
            ? UnpooledByteBufAllocator.DEFAULT.heapBuffer(size, size)
            : UnpooledByteBufAllocator.DEFAULT.directBuffer(size, size);
    for (int i = 0; i < size - 1; i++) {
      buf.writeByte('a' + i % 26);
    }
    buf.writeByte(target);
  }

  @TearDown
  public void tearDown() {
    buf.release();
  }

  @Benchmark
  public int indexOf() {
    return buf.indexOf(0, size, target);
  }

  @Benchmark
  public int indexOfDesc() {
    return buf.indexOf(size, 0, (byte) 'a');
  }

  @Benchmark
  public int bytesBefore() {
    return buf.bytesBefore(target);
  }
}
