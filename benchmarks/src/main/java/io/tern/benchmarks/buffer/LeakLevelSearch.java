package io.tern.benchmarks.buffer;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.buffer.search.AbstractSearchProcessorFactory;
import io.tern.buffer.search.SearchProcessorFactory;
import io.tern.common.ResourceLeakDetector;
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
 * The cost of leak detection on a bulk-search workload: allocate a 64 KiB heap buffer from the
 * pooled allocator, fill it, search it with bitap, release it. Compare {@code level=PARANOID} with
 * {@code level=DISABLED} (goal: at most 3× slower). Twin of {@link LeakLevelSearchNetty}; the
 * pooled allocator because both frameworks track its buffers (Netty does not track unpooled heap
 * buffers at all, so a pair on those would compare tracking with no tracking).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class LeakLevelSearch {
  /** Leak detection level. */
  @Param({"DISABLED", "PARANOID"})
  public String level;

  private byte[] content;
  private SearchProcessorFactory factory;

  /** Creates the benchmark state (JMH does). */
  public LeakLevelSearch() {}

  /**
   * Sets the level for the whole fork (never restored: each fork is a fresh JVM, and the harness
   * reads the level after each iteration to check that both twins ran at the same one), and
   * prepares the content and searcher.
   */
  @Setup
  public void setUp() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.valueOf(level));
    content = SearchData.haystack(65536);
    factory = AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(SearchData.needle());
  }

  /**
   * Allocates, fills, searches and releases one buffer.
   *
   * @return the index of the needle's last byte
   */
  @Benchmark
  public int allocateSearchRelease() {
    ByteBuf buf = PooledByteBufAllocator.DEFAULT.heapBuffer(content.length, content.length);
    try {
      buf.writeBytes(content);
      return buf.forEachByte(factory.newSearchProcessor());
    } finally {
      buf.release();
    }
  }
}
