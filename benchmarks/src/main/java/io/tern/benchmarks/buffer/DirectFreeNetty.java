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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Twin of {@link DirectFree}: every method is Netty's unpooled direct buffer allocate + release
 * (Netty frees it deterministically, with {@code Unsafe} when allowed), the baseline each of Tern's
 * freeing strategies is compared with.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class DirectFreeNetty {
  private final UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(true);

  @Param({"256", "16384"})
  public int size;

  @Setup
  public void setUp() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
  }

  private boolean nettyDirect() {
    ByteBuf buf = allocator.directBuffer(size, size);
    buf.setByte(0, 1);
    return buf.release();
  }

  @Benchmark
  public boolean arenaShared() {
    return nettyDirect();
  }

  @Benchmark
  public boolean arenaConfined() {
    return nettyDirect();
  }

  @Benchmark
  public boolean mallocFree() {
    return nettyDirect();
  }

  @Benchmark
  public boolean callocFree() {
    return nettyDirect();
  }

  @Benchmark
  public boolean unpooledDirectBuffer() {
    return nettyDirect();
  }

  @Benchmark
  public boolean byteBufferAllocateDirect() {
    return nettyDirect();
  }
}
