package io.tern.benchmarks.buffer;

import io.tern.benchmarks.harness.TernOnly;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;
import io.tern.buffer.Unpooled;
import io.tern.buffer.search.AbstractSearchProcessorFactory;
import io.tern.buffer.search.SearchProcessorFactory;
import java.nio.charset.StandardCharsets;
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

/**
 * The two-way searcher beside Tern's KMP and bitap on the same haystacks: random letters with a
 * 16-letter needle at the end ({@link SearchIndexOf}'s), and a periodic worst case for border-based
 * searchers ({@code a…a} text, needle {@code a…ab} of 16 bytes at the end).
 */
@TernOnly(
    "Netty 4.2.18 (the comparison's version) has no two-way searcher: only KMP, bitap and"
        + " Aho-Corasick, which SearchIndexOf pairs")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SearchTwoWay {
  /** The algorithm. */
  @Param({"twoWay", "kmp", "bitap"})
  public String searcher;

  /** The haystack: random letters, or a run of {@code a} (periodic). */
  @Param({"random", "periodic"})
  public String text;

  /** Haystack length in bytes. */
  @Param({"65536"})
  public int haystackSize;

  private ByteBuf haystack;
  private SearchProcessorFactory factory;

  /** Creates the benchmark state (JMH does). */
  public SearchTwoWay() {}

  /** Builds the haystack and the searcher. */
  @Setup
  public void setUp() {
    byte[] needle;
    byte[] bytes;
    if (text.equals("periodic")) {
      needle = ("a".repeat(15) + "b").getBytes(StandardCharsets.US_ASCII);
      bytes = "a".repeat(haystackSize).getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(needle, 0, bytes, haystackSize - needle.length, needle.length);
    } else {
      needle = SearchData.needle();
      bytes = SearchData.haystack(haystackSize);
    }
    haystack = Unpooled.wrappedBuffer(bytes);
    factory =
        switch (searcher) {
          case "twoWay" -> AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(needle);
          case "kmp" -> AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(needle);
          case "bitap" -> AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(needle);
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
