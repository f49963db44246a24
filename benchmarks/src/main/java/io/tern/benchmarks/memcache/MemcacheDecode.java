package io.tern.benchmarks.memcache;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.memcache.BinaryMemcacheRequestDecoder;
import io.tern.common.ReferenceCountUtil;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decodes 1024 binary memcache requests (SET with flags and a 32-byte value, GETK, in turn), 16 per
 * read, each read in a fresh pooled direct buffer, into whole requests: Tern's {@link
 * BinaryMemcacheRequestDecoder} against Netty's {@code BinaryMemcacheRequestDecoder} + {@code
 * BinaryMemcacheObjectAggregator}. Divide by 1024 for a message. Twin of {@link
 * MemcacheDecodeNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MemcacheDecode {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] bytes;
  private int[] readEnds;
  private EmbeddedChannel channel;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public MemcacheDecode() {}

  /** Builds the stream and the channel. */
  @Setup
  public void setUp() {
    bytes = MemcacheStreams.requests();
    readEnds = MemcacheStreams.readEnds(bytes);
    sink = new Sink();
    channel = new EmbeddedChannel(new BinaryMemcacheRequestDecoder(), sink);
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

  static final class Sink implements ChannelHandler {
    long messages;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      messages++;
      ReferenceCountUtil.release(msg);
    }
  }
}
