package io.tern.benchmarks.alloc;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.PooledByteBufAllocator;
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

/**
 * Producer/consumer: one thread allocates buffers and hands them over a single-producer queue to a
 * second thread that releases them, so every release is cross-thread (in Tern it goes straight to
 * the arena). Twin: {@link AllocCrossThreadNetty}, on Netty's pooled and adaptive allocators; the
 * harness compares with the faster of the two in each round.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AllocCrossThread {
  @Param({"64", "1024", "8192", "65536"})
  public int size;

  @Param({"heap", "direct"})
  public String kind;

  private PooledByteBufAllocator alloc;
  private boolean direct;
  private SpscVarHandleArrayQueue<ByteBuf> queue;

  @Setup
  public void setup() {
    alloc = PooledByteBufAllocator.DEFAULT;
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
