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
 * Netty's side of the primitive access pair ({@code BufferAccess} / {@code BufferAccessNetty}):
 * absolute get/set of int and long in both byte orders, and relative write-then-read of 1,000
 * values, on an unpooled heap or direct buffer. Leak detection is off.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class BufferAccessNetty {
  @Param({"heap", "direct"})
  public String kind;

  private ByteBuf buf;
  private int index = 128;
  private int intValue = 0x01020304;
  private long longValue = 0x0102030405060708L;

  @Setup
  public void setUp() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    buf =
        ParamValues.oneOf("kind", kind, "heap", "direct").equals("heap")
            ? UnpooledByteBufAllocator.DEFAULT.heapBuffer(8192, 8192)
            : UnpooledByteBufAllocator.DEFAULT.directBuffer(8192, 8192);
  }

  @TearDown
  public void tearDown() {
    buf.release();
  }

  @Benchmark
  public int getInt() {
    return buf.getInt(index);
  }

  @Benchmark
  public int getIntLE() {
    return buf.getIntLE(index);
  }

  @Benchmark
  public long getLong() {
    return buf.getLong(index);
  }

  @Benchmark
  public long getLongLE() {
    return buf.getLongLE(index);
  }

  @Benchmark
  public ByteBuf setInt() {
    return buf.setInt(index, intValue);
  }

  @Benchmark
  public ByteBuf setIntLE() {
    return buf.setIntLE(index, intValue);
  }

  @Benchmark
  public ByteBuf setLong() {
    return buf.setLong(index, longValue);
  }

  @Benchmark
  public ByteBuf setLongLE() {
    return buf.setLongLE(index, longValue);
  }

  @Benchmark
  public int writeReadInts() {
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

  @Benchmark
  public int writeReadIntsLE() {
    ByteBuf b = buf.clear();
    for (int i = 0; i < 1000; i++) {
      b.writeIntLE(i);
    }
    int sum = 0;
    for (int i = 0; i < 1000; i++) {
      sum += b.readIntLE();
    }
    return sum;
  }

  @Benchmark
  public long writeReadLongs() {
    ByteBuf b = buf.clear();
    for (int i = 0; i < 1000; i++) {
      b.writeLong(i);
    }
    long sum = 0;
    for (int i = 0; i < 1000; i++) {
      sum += b.readLong();
    }
    return sum;
  }

  @Benchmark
  public long writeReadLongsLE() {
    ByteBuf b = buf.clear();
    for (int i = 0; i < 1000; i++) {
      b.writeLongLE(i);
    }
    long sum = 0;
    for (int i = 0; i < 1000; i++) {
      sum += b.readLongLE();
    }
    return sum;
  }
}
