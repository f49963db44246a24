package io.tern.benchmarks.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
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
 * Netty's side of the harness proof pair: write then read 1,000 ints in an unpooled heap buffer.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class BufferReadWriteNetty {
  private ByteBuf buf;

  @Setup
  public void setUp() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    buf = UnpooledByteBufAllocator.DEFAULT.heapBuffer(4096, 4096);
  }

  @TearDown
  public void tearDown() {
    buf.release();
  }

  @Benchmark
  public int heapInts() {
    ByteBuf b = buf.clear();
    for (int i = 0; i < 1000; i++) {
      b.writeInt(i);
    }
    int sum = 0;
    for (int i = 0; i < 1000; i++) {
      sum += b.readInt();
    }
    return sum;
  }
}
