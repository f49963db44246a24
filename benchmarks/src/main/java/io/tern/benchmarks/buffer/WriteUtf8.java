package io.tern.benchmarks.buffer;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
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
 * Encodes a string into a buffer with {@code ByteBufUtil.writeUtf8}/{@code writeAscii}. Twin of
 * {@link WriteUtf8Netty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WriteUtf8 {
  /** String length: {@code short} (~40 chars) or {@code long} (~1 KiB). */
  @Param({"short", "long"})
  public String length;

  /** Buffer memory. */
  @Param({"heap", "direct"})
  public String memory;

  private String ascii;
  private String mixed;
  private ByteBuf buf;

  /** Creates the benchmark state (JMH does). */
  public WriteUtf8() {}

  /** Allocates the buffer and picks the strings. */
  @Setup
  public void setUp() {
    ascii = TextData.ascii(length);
    mixed = TextData.mixed(length);
    buf =
        ParamValues.oneOf("memory", memory, "heap", "direct").equals("heap")
            ? Unpooled.buffer(8192)
            : Unpooled.directBuffer(8192);
  }

  /** Releases the buffer. */
  @TearDown
  public void tearDown() {
    buf.release();
  }

  /**
   * Writes ASCII text as UTF-8.
   *
   * @return bytes written
   */
  @Benchmark
  public int writeUtf8() {
    buf.clear();
    return ByteBufUtil.writeUtf8(buf, ascii);
  }

  /**
   * Writes text with multi-byte characters as UTF-8.
   *
   * @return bytes written
   */
  @Benchmark
  public int writeUtf8Mixed() {
    buf.clear();
    return ByteBufUtil.writeUtf8(buf, mixed);
  }

  /**
   * Writes ASCII text one byte per char.
   *
   * @return bytes written
   */
  @Benchmark
  public int writeAscii() {
    buf.clear();
    return ByteBufUtil.writeAscii(buf, ascii);
  }
}
