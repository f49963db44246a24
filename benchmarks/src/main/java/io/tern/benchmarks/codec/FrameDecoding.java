package io.tern.benchmarks.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.frame.LengthFieldBasedFrameDecoder;
import io.tern.codec.frame.LineBasedFrameDecoder;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.embedded.EmbeddedChannel;
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
 * Decodes a stream of 1000 small frames (8 to 64 bytes) that arrives in reads of random sizes (1 to
 * {@code maxChunk} bytes, same seed and splits as the twin), each read copied into a fresh pooled
 * direct buffer as a transport would, with a read-complete event every 16 reads. One operation is
 * the whole stream; a sink releases every frame. Twin of {@link FrameDecodingNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FrameDecoding {
  /** The largest read, in bytes. */
  @Param({"64", "1024"})
  public int maxChunk;

  private static final long SEED = 42;
  private static final int READS_PER_BURST = 16;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] lengthStream;
  private int[] lengthSplits;
  private byte[] lineStream;
  private int[] lineSplits;
  private EmbeddedChannel lengthChannel;
  private EmbeddedChannel lineChannel;
  private Sink lengthSink;
  private Sink lineSink;

  /** Creates the benchmark state (JMH does). */
  public FrameDecoding() {}

  /** Builds the streams and channels. */
  @Setup
  public void setUp() {
    lengthStream = FrameStream.lengthPrefixed(SEED);
    lengthSplits = FrameStream.splits(SEED, lengthStream.length, maxChunk);
    lineStream = FrameStream.lines(SEED);
    lineSplits = FrameStream.splits(SEED, lineStream.length, maxChunk);
    lengthSink = new Sink();
    lineSink = new Sink();
    lengthChannel =
        new EmbeddedChannel(new LengthFieldBasedFrameDecoder(1024, 0, 2, 0, 2), lengthSink);
    lineChannel = new EmbeddedChannel(new LineBasedFrameDecoder(1024), lineSink);
  }

  /** Closes the channels. */
  @TearDown
  public void tearDown() {
    lengthChannel.finishAndReleaseAll();
    lineChannel.finishAndReleaseAll();
  }

  /**
   * Decodes the length-prefixed stream.
   *
   * @return the frames decoded so far
   */
  @Benchmark
  public long lengthField() {
    feed(lengthChannel.pipeline(), lengthStream, lengthSplits);
    return lengthSink.frames;
  }

  /**
   * Decodes the line stream.
   *
   * @return the frames decoded so far
   */
  @Benchmark
  public long lineBased() {
    feed(lineChannel.pipeline(), lineStream, lineSplits);
    return lineSink.frames;
  }

  private void feed(ChannelPipeline pipeline, byte[] stream, int[] splits) {
    int offset = 0;
    for (int i = 0; i < splits.length; i++) {
      int size = splits[i];
      ByteBuf read = alloc.directBuffer(size);
      read.writeBytes(stream, offset, size);
      offset += size;
      pipeline.fireChannelRead(read);
      if (i % READS_PER_BURST == READS_PER_BURST - 1) {
        pipeline.fireChannelReadComplete();
      }
    }
    pipeline.fireChannelReadComplete();
  }

  static final class Sink implements ChannelHandler {
    long frames;
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf frame = (ByteBuf) msg;
      bytes += frame.getByte(frame.readerIndex());
      frames++;
      frame.release();
    }
  }
}
