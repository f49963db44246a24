package io.tern.benchmarks.concurrent;

import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Netty 4.2 twin of {@link FastThreadLocalGet}. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Djmh.executor=CUSTOM",
      "-Djmh.executor.class=io.tern.benchmarks.concurrent.FastThreadLocalGetNetty$Harness"
    })
public class FastThreadLocalGetNetty {
  /** Creates the benchmark state; JMH calls this. */
  public FastThreadLocalGetNetty() {}

  private static final FastThreadLocal<Integer>[] FAST = newFast();
  private static final ThreadLocal<Integer>[] JDK = newJdk();

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static FastThreadLocal<Integer>[] newFast() {
    FastThreadLocal<Integer>[] locals = new FastThreadLocal[16];
    for (int i = 0; i < locals.length; i++) {
      int v = i;
      locals[i] =
          new FastThreadLocal<>() {
            @Override
            protected Integer initialValue() {
              return v;
            }
          };
    }
    return locals;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static ThreadLocal<Integer>[] newJdk() {
    ThreadLocal<Integer>[] locals = new ThreadLocal[16];
    for (int i = 0; i < locals.length; i++) {
      int v = i;
      locals[i] = ThreadLocal.withInitial(() -> v);
    }
    return locals;
  }

  /**
   * Fails unless JMH runs this benchmark on a {@link FastThreadLocalThread}: on any other thread a
   * fast thread-local takes its fallback path, and the pair would not measure what it says. (The
   * class's {@code @Fork(jvmArgsAppend)} selects the executor; a {@code jvmArgsAppend} given to JMH
   * replaces it, which {@code benchmarks/compare} avoids by merging the two.)
   */
  @Setup
  public void checkThread() {
    if (!(Thread.currentThread() instanceof FastThreadLocalThread)) {
      throw new IllegalStateException(
          "running on "
              + Thread.currentThread().getClass().getName()
              + ", not a FastThreadLocalThread: the fork lost -Djmh.executor.class");
    }
  }

  /**
   * Reads a fast thread-local.
   *
   * @return the value
   */
  @Benchmark
  public int fastThreadLocal() {
    return FAST[7].get();
  }

  /**
   * Reads a JDK thread-local.
   *
   * @return the value
   */
  @Benchmark
  public int threadLocal() {
    return JDK[7].get();
  }

  /** JMH's custom executor: runs benchmark threads as FastThreadLocalThreads. */
  public static final class Harness extends ThreadPoolExecutor {
    /**
     * Called by JMH.
     *
     * @param maxThreads the pool size
     * @param prefix the thread-name prefix
     */
    public Harness(int maxThreads, String prefix) {
      super(
          maxThreads,
          maxThreads,
          1,
          TimeUnit.MINUTES,
          new LinkedBlockingQueue<>(),
          new java.util.concurrent.ThreadFactory() {
            private final AtomicInteger n = new AtomicInteger();

            @Override
            public Thread newThread(Runnable r) {
              return new FastThreadLocalThread(r, prefix + "-" + n.incrementAndGet());
            }
          });
    }
  }
}
