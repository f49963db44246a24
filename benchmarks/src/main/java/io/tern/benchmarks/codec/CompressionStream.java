package io.tern.benchmarks.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.compression.BrotliEncoder;
import io.tern.codec.compression.NativeBrotliDecoder;
import io.tern.codec.compression.NativeZstdDecoder;
import io.tern.codec.compression.NativeZstdEncoder;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
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
 * One compressed stream per operation, as an HTTP response body is: {@code encode} writes {@code
 * size} bytes of text in 16 KiB messages through a fresh encoder and ends the stream; {@code
 * decode} feeds a compressed stream in 16 KiB reads through a fresh decoder. zstd (level 3) and
 * brotli (quality 4, window 2^22) on the system's libzstd and libbrotlienc/dec through FFM. Twin of
 * {@link CompressionStreamNetty} (zstd-jni and brotli4j through JNI, each bundling its own library
 * build).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CompressionStream {
  /** The format. */
  @Param({"zstd", "br"})
  public String format;

  /** The uncompressed size of the stream, in bytes. */
  @Param({"262144"})
  public int size;

  private byte[] text;
  private byte[] compressed;

  /** Creates the benchmark state (JMH does). */
  public CompressionStream() {}

  /** Builds the text and its compressed stream. */
  @Setup
  public void setUp() {
    text = CompressionData.text(size);
    EmbeddedChannel ch = new EmbeddedChannel(encoder());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ch.writeOutbound(Unpooled.wrappedBuffer(text));
    ch.close();
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      out.writeBytes(ByteBufUtil.getBytes(b));
      b.release();
    }
    ch.finishAndReleaseAll();
    compressed = out.toByteArray();
  }

  private ChannelHandler encoder() {
    return format.equals("zstd")
        ? new NativeZstdEncoder(3)
        : new BrotliEncoder(4, BrotliEncoder.DEFAULT_WINDOW_BITS);
  }

  /**
   * Compresses the text into one stream.
   *
   * @return the compressed size
   */
  @Benchmark
  public int encode() {
    EmbeddedChannel ch = new EmbeddedChannel(encoder());
    int total = 0;
    for (int at = 0; at < text.length; at += CompressionData.PIECE) {
      int n = Math.min(CompressionData.PIECE, text.length - at);
      ch.writeOutbound(Unpooled.wrappedBuffer(text, at, n));
      total += drainOutbound(ch);
    }
    ch.close();
    total += drainOutbound(ch);
    ch.finishAndReleaseAll();
    return total;
  }

  /**
   * Decompresses the stream.
   *
   * @return the decompressed size
   */
  @Benchmark
  public int decode() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            format.equals("zstd") ? new NativeZstdDecoder() : new NativeBrotliDecoder());
    int total = 0;
    for (int at = 0; at < compressed.length; at += CompressionData.PIECE) {
      int n = Math.min(CompressionData.PIECE, compressed.length - at);
      ByteBuf read = ch.alloc().directBuffer(n);
      read.writeBytes(compressed, at, n);
      ch.writeInbound(read);
      ByteBuf b;
      while ((b = ch.readInbound()) != null) {
        total += b.readableBytes();
        b.release();
      }
    }
    ch.finishAndReleaseAll();
    return total;
  }

  private static int drainOutbound(EmbeddedChannel ch) {
    int total = 0;
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      total += b.readableBytes();
      b.release();
    }
    return total;
  }
}
