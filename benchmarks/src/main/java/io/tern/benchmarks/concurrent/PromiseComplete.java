package io.tern.benchmarks.concurrent;

import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.FutureListener;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
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
 * Creates a promise that escapes (published to a field), adds {@code listeners} listeners,
 * completes it (listeners run at once on the immediate executor). Twin: {@link
 * PromiseCompleteNetty}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PromiseComplete {
  /** Creates the benchmark state; JMH calls this. */
  public PromiseComplete() {}

  /** Listeners per promise. */
  @Param({"1", "4"})
  public int listeners;

  private int calls;
  private final FutureListener<Object> listener = f -> calls++;

  // Written only, so that the promise escapes (it is never read back).
  @SuppressWarnings("unused")
  private Promise<Object> published;

  /**
   * Creates a promise, publishes it to a field, as a real promise is (returned to a caller, held by
   * a pipeline), adds the listeners and completes it. Publishing makes the promise escape its
   * thread, so the JIT may not elide the monitors taken on it: without it, C2 removes them and the
   * pair measures code no application runs.
   *
   * @return the listener call count
   */
  @Benchmark
  public int completePublished() {
    Promise<Object> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    published = p;
    for (int i = 0; i < listeners; i++) {
      p.addListener(listener);
    }
    p.setSuccess(this);
    return calls;
  }
}
