package io.tern.benchmarks.http;

import io.tern.benchmarks.harness.TernOnly;
import io.tern.codec.http.multipart.HttpDataFactory;
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
 * {@link MultipartDecode}'s work at each leak detection level, for Tern only (goal: PARANOID within
 * 3× of DISABLED). Netty's multipart decoder works on unpooled heap and wrapped buffers, which
 * Netty does not track at any level, so there is no twin doing the same work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@TernOnly("Netty does not track the buffers its multipart decoder uses, at any level")
public class MultipartDecodeLeakLevels {
  /** Body shape, see {@code HttpInputs.multipartPieces}. */
  @Param({"big", "high", "fields"})
  public String shape;

  /** Leak detection level. */
  @Param({"DISABLED", "SIMPLE", "ADVANCED", "PARANOID"})
  public String level;

  private byte[][] pieces;
  private HttpDataFactory factory;

  /** Creates the benchmark state (JMH does). */
  public MultipartDecodeLeakLevels() {}

  /**
   * Sets the level for the whole fork (never restored: each fork is a fresh JVM, and the harness
   * reads the level after each iteration to check that both twins ran at the same one), and builds
   * the body.
   */
  @Setup
  public void setUp() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.valueOf(level));
    pieces = HttpInputs.multipartPieces(shape);
    factory = MultipartDecode.newFactory();
  }

  /**
   * Decodes one request and destroys the decoder.
   *
   * @return the number of fields
   */
  @Benchmark
  public int decode() {
    return MultipartDecode.decode(factory, pieces);
  }
}
