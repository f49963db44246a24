package io.tern.benchmarks.alloc;

import io.netty.buffer.AdaptiveByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

/**
 * Fragmentation: a randomized mixed-size workload that keeps a fixed number of buffers live
 * (replacing a random one at each step), run against Tern's pooled allocator and Netty's pooled and
 * adaptive allocators, each a fresh instance. Prints, per allocator, the native memory it reserved
 * (chunks, thread caches included) divided by the bytes requested by the live buffers.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar io.tern.benchmarks.alloc.Fragmentation
 * [liveBuffers] [steps] [seed]}.
 */
public final class Fragmentation {
  private Fragmentation() {}

  /** Sizes: 70 % 16 B–4 KiB, 25 % 4–64 KiB, 5 % 64 KiB–1 MiB, log-uniform within each band. */
  static int nextSize(Random random) {
    int band = random.nextInt(100);
    int lo;
    int hi;
    if (band < 70) {
      lo = 4;
      hi = 12;
    } else if (band < 95) {
      lo = 12;
      hi = 16;
    } else {
      lo = 16;
      hi = 20;
    }
    double log2 = lo + random.nextDouble() * (hi - lo);
    return Math.max(1, (int) Math.pow(2, log2));
  }

  /** One allocator under test: allocate a buffer of n bytes; release; reserved bytes. */
  record Subject(
      String name,
      IntFunction<Object> allocate,
      java.util.function.Consumer<Object> release,
      LongSupplier reserved) {}

  public static void main(String[] args) {
    int live = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
    int steps = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
    long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
    io.tern.buffer.PooledByteBufAllocator tern = new io.tern.buffer.PooledByteBufAllocator(true);
    io.netty.buffer.PooledByteBufAllocator nettyPooled =
        new io.netty.buffer.PooledByteBufAllocator(true);
    AdaptiveByteBufAllocator nettyAdaptive = new AdaptiveByteBufAllocator(true, true);
    List<Subject> subjects =
        List.of(
            new Subject(
                "tern-pooled",
                tern::directBuffer,
                b -> ((io.tern.buffer.ByteBuf) b).release(),
                () -> tern.metric().usedDirectMemory()),
            new Subject(
                "netty-pooled",
                nettyPooled::directBuffer,
                b -> ((io.netty.buffer.ByteBuf) b).release(),
                () -> nettyPooled.metric().usedDirectMemory()),
            new Subject(
                "netty-adaptive",
                nettyAdaptive::directBuffer,
                b -> ((io.netty.buffer.ByteBuf) b).release(),
                nettyAdaptive::usedDirectMemory));
    System.out.printf("live buffers %d, steps %d, seed %d%n", live, steps, seed);
    for (Subject subject : subjects) {
      run(subject, live, steps, seed);
    }
  }

  private static void run(Subject subject, int live, int steps, long seed) {
    Random random = new Random(seed);
    List<Object> buffers = new ArrayList<>(live);
    int[] sizes = new int[live];
    long liveBytes = 0;
    long peakReserved = 0;
    for (int i = 0; i < live; i++) {
      sizes[i] = nextSize(random);
      liveBytes += sizes[i];
      buffers.add(subject.allocate().apply(sizes[i]));
    }
    for (int step = 0; step < steps; step++) {
      int victim = random.nextInt(live);
      subject.release().accept(buffers.get(victim));
      liveBytes -= sizes[victim];
      sizes[victim] = nextSize(random);
      liveBytes += sizes[victim];
      buffers.set(victim, subject.allocate().apply(sizes[victim]));
      if ((step & 1023) == 0) {
        peakReserved = Math.max(peakReserved, subject.reserved().getAsLong());
      }
    }
    long reserved = subject.reserved().getAsLong();
    System.out.printf(
        "FRAG %-15s live %,14d B  reserved %,14d B  reserved/live %.3f  peak/live %.3f%n",
        subject.name(),
        liveBytes,
        reserved,
        (double) reserved / liveBytes,
        (double) Math.max(peakReserved, reserved) / liveBytes);
    buffers.forEach(subject.release());
  }
}
