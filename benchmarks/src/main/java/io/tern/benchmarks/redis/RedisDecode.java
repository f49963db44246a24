package io.tern.benchmarks.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.redis.RedisDecoder;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decodes {@value RespStreams#MESSAGES} whole RESP2 messages ({@link RespStreams}: pipelined
 * commands as a server reads them, or a mix of replies as a client does) arriving 16 messages per
 * read, each read copied into a fresh pooled direct buffer as a transport would. Tern's aggregating
 * {@link RedisDecoder} against Netty's {@code RedisDecoder} + {@code RedisBulkStringAggregator} +
 * {@code RedisArrayAggregator}, the pipeline Netty users need for whole messages. One operation is
 * the whole stream; divide by 1024 for a message. Twin of {@link RedisDecodeNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RedisDecode {
  /** Which stream. */
  @Param({"commands", "replies"})
  public String stream;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] bytes;
  private int[] readEnds;
  private EmbeddedChannel channel;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public RedisDecode() {}

  /** Builds the stream and the channel. */
  @Setup
  public void setUp() {
    boolean commands = stream.equals("commands");
    bytes = commands ? RespStreams.commands() : RespStreams.replies();
    readEnds = RespStreams.readEnds(bytes, commands);
    sink = new Sink();
    channel = new EmbeddedChannel(new RedisDecoder(), sink);
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
