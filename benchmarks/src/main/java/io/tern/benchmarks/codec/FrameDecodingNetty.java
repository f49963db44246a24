package io.tern.benchmarks.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.tern.benchmarks.alloc.AllocReleaseNetty;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
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
 * Netty twin of {@link FrameDecoding}: the same streams and splits through Netty's decoders on its
 * {@code EmbeddedChannel}, reads copied into buffers of Netty's pooled or adaptive allocator (also
 * the channel's allocator), whichever is faster in the round.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FrameDecodingNetty {
  /** The largest read, in bytes. */
  @Param({"64", "1024"})
  public int maxChunk;

  private static final long SEED = 42;
  private static final int READS_PER_BURST = 16;

  /**
   * Netty's allocator for the reads and the channel: pooled, or adaptive (Netty 4.2's default); the
   * harness takes the faster per round.
   */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private byte[] lengthStream;
  private int[] lengthSplits;
  private byte[] lineStream;
  private int[] lineSplits;
  private EmbeddedChannel lengthChannel;
  private EmbeddedChannel lineChannel;
  private Sink lengthSink;
  private Sink lineSink;

  /** Creates the benchmark state (JMH does). */
  public FrameDecodingNetty() {}

  /** Builds the streams and channels. */
  @Setup
  public void setUp() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("pooled")
            ? PooledByteBufAllocator.DEFAULT
            : AllocReleaseNetty.ADAPTIVE;
    lengthStream = FrameStream.lengthPrefixed(SEED);
    lengthSplits = FrameStream.splits(SEED, lengthStream.length, maxChunk);
    lineStream = FrameStream.lines(SEED);
    lineSplits = FrameStream.splits(SEED, lineStream.length, maxChunk);
    lengthSink = new Sink();
    lineSink = new Sink();
    lengthChannel =
        new EmbeddedChannel(new LengthFieldBasedFrameDecoder(1024, 0, 2, 0, 2), lengthSink);
    lineChannel = new EmbeddedChannel(new LineBasedFrameDecoder(1024), lineSink);
    lengthChannel.config().setAllocator(alloc);
    lineChannel.config().setAllocator(alloc);
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

  static final class Sink extends ChannelInboundHandlerAdapter {
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
