package io.tern.benchmarks.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
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
 * Twin of {@link DirectFree}: Netty's unpooled direct buffer allocated, touched and released (Netty
 * frees it deterministically, without a cleaner when {@code Unsafe} is allowed).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class DirectFreeNetty {
  private final UnpooledByteBufAllocator allocator = new UnpooledByteBufAllocator(true);

  /** Buffer size in bytes. */
  @Param({"256", "16384"})
  public int size;

  /** Creates the benchmark state (JMH does). */
  public DirectFreeNetty() {}

  /**
   * Allocates, touches and releases one buffer.
   *
   * @return whether the release freed it
   */
  @Benchmark
  public boolean unpooledDirectBuffer() {
    ByteBuf buf = allocator.directBuffer(size, size);
    buf.setByte(0, 1);
    return buf.release();
  }
}
