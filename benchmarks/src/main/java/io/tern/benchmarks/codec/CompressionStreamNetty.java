package io.tern.benchmarks.codec;

import com.aayushatharva.brotli4j.encoder.Encoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.BrotliDecoder;
import io.netty.handler.codec.compression.BrotliEncoder;
import io.netty.handler.codec.compression.ZstdDecoder;
import io.netty.handler.codec.compression.ZstdEncoder;
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
 * Netty 4.2 twin of {@link CompressionStream}: the same text, pieces and settings through Netty's
 * {@code ZstdEncoder}/{@code ZstdDecoder} (zstd-jni) and {@code BrotliEncoder}/{@code
 * BrotliDecoder} (brotli4j) on its {@code EmbeddedChannel}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CompressionStreamNetty {
  /** The format. */
  @Param({"zstd", "br"})
  public String format;

  /** The uncompressed size of the stream, in bytes. */
  @Param({"262144"})
  public int size;

  private byte[] text;
  private byte[] compressed;

  /** Creates the benchmark state (JMH does). */
  public CompressionStreamNetty() {}

  /** Builds the text and its compressed stream. */
  @Setup
  public void setUp() throws Throwable {
    Brotli.ensureAvailability();
    text = CompressionData.text(size);
    EmbeddedChannel ch = new EmbeddedChannel(encoder());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ch.writeOutbound(Unpooled.wrappedBuffer(text));
    ch.close().syncUninterruptibly();
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      out.writeBytes(ByteBufUtil.getBytes(b));
      b.release();
    }
    ch.finishAndReleaseAll();
    compressed = out.toByteArray();
  }

  private ChannelHandler encoder() {
    if (format.equals("zstd")) {
      return new ZstdEncoder(3, 64 * 1024, 32 * 1024 * 1024);
    }
    return new BrotliEncoder(new Encoder.Parameters().setQuality(4).setWindow(22));
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
    ch.close().syncUninterruptibly();
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
        new EmbeddedChannel(format.equals("zstd") ? new ZstdDecoder() : new BrotliDecoder());
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
