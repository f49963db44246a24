package io.tern.benchmarks.alloc;

import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
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

/** Netty twin of {@link AllocRelease}: {@code PooledByteBufAllocator.DEFAULT} or adaptive. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AllocReleaseNetty {
  /** One adaptive allocator shared by the Netty twins that run it (as Netty 4.2's default is). */
  public static final AdaptiveByteBufAllocator ADAPTIVE = new AdaptiveByteBufAllocator();

  @Param({"64", "1024", "8192", "65536", "1048576"})
  public int size;

  @Param({"heap", "direct"})
  public String kind;

  /** Netty's allocator: the harness takes the faster per round. */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private boolean direct;

  @Setup
  public void setup() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("adaptive")
            ? ADAPTIVE
            : PooledByteBufAllocator.DEFAULT;
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
