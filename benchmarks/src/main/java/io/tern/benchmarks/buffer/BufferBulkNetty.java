package io.tern.benchmarks.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.tern.benchmarks.harness.ParamValues;
import java.nio.ByteBuffer;
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
 * Netty's side of the bulk transfer pair ({@code BufferBulk} / {@code BufferBulkNetty}): copies of
 * {@code size} bytes between an unpooled heap or direct buffer and a {@code byte[]}, a direct
 * {@code ByteBuffer} and another buffer of the same kind, absolute and relative. Leak detection is
 * off.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class BufferBulkNetty {
  @Param({"heap", "direct"})
  public String kind;

  @Param({"32", "1024"})
  public int size;

  private ByteBuf buf;
  private ByteBuf other;
  private byte[] array;
  private ByteBuffer nio;

  @Setup
  public void setUp() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    boolean heap = ParamValues.oneOf("kind", kind, "heap", "direct").equals("heap");
    buf =
        heap
            ? UnpooledByteBufAllocator.DEFAULT.heapBuffer(8192, 8192)
            : UnpooledByteBufAllocator.DEFAULT.directBuffer(8192, 8192);
    other =
        heap
            ? UnpooledByteBufAllocator.DEFAULT.heapBuffer(8192, 8192)
            : UnpooledByteBufAllocator.DEFAULT.directBuffer(8192, 8192);
    buf.writerIndex(4096);
    array = new byte[size];
    nio = ByteBuffer.allocateDirect(size);
  }

  @TearDown
  public void tearDown() {
    buf.release();
    other.release();
  }

  @Benchmark
  public byte[] getBytesArray() {
    buf.getBytes(64, array);
    return array;
  }

  @Benchmark
  public ByteBuf setBytesArray() {
    return buf.setBytes(64, array);
  }

  @Benchmark
  public ByteBuffer getBytesNio() {
    nio.clear();
    buf.getBytes(64, nio);
    return nio;
  }

  @Benchmark
  public ByteBuf getBytesBuf() {
    return buf.getBytes(64, other, 0, size);
  }

  @Benchmark
  public ByteBuf writeReadBytesArray() {
    other.clear();
    other.writeBytes(array);
    return other.readBytes(array);
  }

  @Benchmark
  public ByteBuf writeBytesBuf() {
    other.clear();
    return other.writeBytes(buf, 64, size);
  }
}
