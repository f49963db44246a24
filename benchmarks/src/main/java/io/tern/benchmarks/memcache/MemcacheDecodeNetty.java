package io.tern.benchmarks.memcache;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.memcache.binary.BinaryMemcacheObjectAggregator;
import io.netty.handler.codec.memcache.binary.BinaryMemcacheRequestDecoder;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/** Netty 4.2's twin of {@link MemcacheDecode}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MemcacheDecodeNetty {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] bytes;
  private int[] readEnds;
  private EmbeddedChannel channel;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public MemcacheDecodeNetty() {}

  /** Builds the stream and the channel. */
  @Setup
  public void setUp() {
    bytes = MemcacheStreams.requests();
    readEnds = MemcacheStreams.readEnds(bytes);
    sink = new Sink();
    channel =
        new EmbeddedChannel(
            new BinaryMemcacheRequestDecoder(), new BinaryMemcacheObjectAggregator(1 << 21), sink);
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Decodes the stream.
   *
   * @return the messages decoded so far
   */
  @Benchmark
  public long decode() {
    ChannelPipeline pipeline = channel.pipeline();
    int offset = 0;
    for (int end : readEnds) {
      ByteBuf read = alloc.directBuffer(end - offset);
      read.writeBytes(bytes, offset, end - offset);
      offset = end;
      pipeline.fireChannelRead(read);
      pipeline.fireChannelReadComplete();
    }
    return sink.messages;
  }

  static final class Sink extends ChannelInboundHandlerAdapter {
    long messages;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      messages++;
      ReferenceCountUtil.release(msg);
    }
  }
}
