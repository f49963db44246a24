package io.tern.benchmarks.alloc;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.PooledByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Allocate and release one buffer, on one thread and on two threads at once, with Tern's pooled
 * allocator. The twin {@link AllocReleaseNetty} runs Netty's pooled and adaptive allocators; the
 * harness compares with the faster of the two in each round.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AllocRelease {
  @Param({"64", "1024", "8192", "65536", "1048576"})
  public int size;

  @Param({"heap", "direct"})
  public String kind;

  private PooledByteBufAllocator alloc;
  private boolean direct;

  @Setup
  public void setup() {
    alloc = PooledByteBufAllocator.DEFAULT;
    direct = ParamValues.oneOf("kind", kind, "heap", "direct").equals("direct");
  }

  private boolean cycle() {
    ByteBuf buf = direct ? alloc.directBuffer(size) : alloc.heapBuffer(size);
    return buf.release();
  }

  @Benchmark
  @Threads(1)
  public boolean oneThread() {
    return cycle();
  }

  @Benchmark
  @Threads(2)
  public boolean twoThreads() {
    return cycle();
  }
}
