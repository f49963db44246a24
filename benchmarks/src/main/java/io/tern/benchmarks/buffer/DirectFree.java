package io.tern.benchmarks.buffer;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.UnpooledByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Allocates an unpooled direct buffer, writes a byte and releases it (which frees its memory
 * deterministically). Twin: {@link DirectFreeNetty}, the same with Netty's unpooled direct buffer.
 * The raw strategies Tern chose between are measured, without a twin, in {@link
 * DirectFreeStrategies}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class DirectFree {
  /** Buffer size in bytes. */
  @Param({"256", "16384"})
  public int size;

  /** Creates the benchmark state (JMH does). */
  public DirectFree() {}

  /**
   * Allocates, touches and releases one buffer.
   *
   * @return whether the release freed it
   */
  @Benchmark
  public boolean unpooledDirectBuffer() {
    ByteBuf buf = UnpooledByteBufAllocator.DEFAULT.directBuffer(size, size);
    buf.setByte(0, 1);
    return buf.release();
  }
}
