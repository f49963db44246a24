package io.tern.benchmarks.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.search.AbstractMultiSearchProcessorFactory;
import io.netty.buffer.search.AbstractSearchProcessorFactory;
import io.netty.buffer.search.SearchProcessorFactory;
import io.netty.util.ByteProcessor;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/** Netty 4.2 twin of {@link SearchIndexOf}: the same haystacks, needles and searchers. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SearchIndexOfNetty {
  /** The algorithm. */
  @Param({"kmp", "bitap", "ahoCorasick"})
  public String searcher;

  /** Haystack length in bytes. */
  @Param({"65536", "1048576"})
  public int haystackSize;

  private ByteBuf haystack;
  private SearchProcessorFactory factory;

  /** Creates the benchmark state (JMH does). */
  public SearchIndexOfNetty() {}

  /** Builds the haystack and the searcher. */
  @Setup
  public void setUp() {
    haystack = Unpooled.wrappedBuffer(SearchData.haystack(haystackSize));
    factory =
        switch (searcher) {
          case "kmp" ->
              AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(SearchData.needle());
          case "bitap" ->
              AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(SearchData.needle());
          case "ahoCorasick" ->
              AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                  SearchData.needles());
          default -> throw new IllegalArgumentException(searcher);
        };
  }

  /** Releases the haystack. */
  @TearDown
  public void tearDown() {
    haystack.release();
  }

  /**
   * Scans the haystack for the needle.
   *
   * @return the index of the needle's last byte
   */
  @Benchmark
  public int indexOf() {
    ByteProcessor processor = factory.newSearchProcessor();
    return haystack.forEachByte(processor);
  }
}
