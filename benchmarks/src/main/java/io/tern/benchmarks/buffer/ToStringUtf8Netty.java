package io.tern.benchmarks.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
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
 * Netty's side of the {@code toString(UTF_8)} pair: decode a short and a long ASCII text, plus a
 * text with multi-byte characters, from heap and direct buffers.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ToStringUtf8Netty {
  @Param({"short", "long", "nonAscii"})
  public String text;

  private ByteBuf heap;
  private ByteBuf direct;

  @Setup
  public void setUp() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    String s =
        switch (text) {
          case "short" -> "Content-Length";
          case "long" -> "x".repeat(1024);
          case "nonAscii" -> "héllo wörld ünïcode ".repeat(16);
          default -> throw new IllegalArgumentException("unknown text " + text);
        };
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    heap = UnpooledByteBufAllocator.DEFAULT.heapBuffer(bytes.length).writeBytes(bytes);
    direct = UnpooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
  }

  @TearDown
  public void tearDown() {
    heap.release();
    direct.release();
  }

  @Benchmark
  public String heap() {
    return heap.toString(StandardCharsets.UTF_8);
  }

  @Benchmark
  public String direct() {
    return direct.toString(StandardCharsets.UTF_8);
  }
}
