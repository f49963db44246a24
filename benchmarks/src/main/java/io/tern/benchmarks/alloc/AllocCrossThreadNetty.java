package io.tern.benchmarks.alloc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.varhandle.SpscVarHandleArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Control;

/** Netty twin of {@link AllocCrossThread}: {@code PooledByteBufAllocator.DEFAULT} or adaptive. */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AllocCrossThreadNetty {
  @Param({"64", "1024", "8192", "65536"})
  public int size;

  @Param({"heap", "direct"})
  public String kind;

  /** Netty's allocator: the harness takes the faster per round. */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private boolean direct;
  private SpscVarHandleArrayQueue<ByteBuf> queue;

  @Setup
  public void setup() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("adaptive")
            ? AllocReleaseNetty.ADAPTIVE
            : PooledByteBufAllocator.DEFAULT;
    direct = ParamValues.oneOf("kind", kind, "heap", "direct").equals("direct");
    queue = new SpscVarHandleArrayQueue<>(256);
  }

  @TearDown(Level.Iteration)
  public void drain() {
    ByteBuf buf;
    while ((buf = queue.poll()) != null) {
      buf.release();
    }
  }

  @Benchmark
  @Group("producerConsumer")
  @GroupThreads(1)
  public void produce(Control control) {
    ByteBuf buf = direct ? alloc.directBuffer(size) : alloc.heapBuffer(size);
    while (!queue.offer(buf)) {
      if (control.stopMeasurement) {
        buf.release();
        return;
      }
      Thread.onSpinWait();
    }
  }

  @Benchmark
  @Group("producerConsumer")
  @GroupThreads(1)
  public boolean consume(Control control) {
    ByteBuf buf;
    while ((buf = queue.poll()) == null) {
      if (control.stopMeasurement) {
        return false;
      }
      Thread.onSpinWait();
    }
    return buf.release();
  }
}
