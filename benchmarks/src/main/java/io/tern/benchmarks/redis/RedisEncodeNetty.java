package io.tern.benchmarks.redis;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.redis.ArrayRedisMessage;
import io.netty.handler.codec.redis.FullBulkStringRedisMessage;
import io.netty.handler.codec.redis.IntegerRedisMessage;
import io.netty.handler.codec.redis.RedisEncoder;
import io.netty.handler.codec.redis.RedisMessage;
import io.netty.handler.codec.redis.SimpleStringRedisMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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

/** Netty 4.2's twin of {@link RedisEncode}. */
@SuppressWarnings("FutureReturnValueIgnored") // writes use the void promise: nothing to observe
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RedisEncodeNetty {
  private static final int MESSAGES = RespStreams.MESSAGES;
  private static final byte[] XXX = "xxx".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HUNDRED = "v".repeat(100).getBytes(StandardCharsets.US_ASCII);
  private static final SimpleStringRedisMessage OK = new SimpleStringRedisMessage("OK");

  private final String[] keys = new String[MESSAGES];
  private final PooledByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private EmbeddedChannel channel;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public RedisEncodeNetty() {}

  /** Builds the keys and the channel. */
  @Setup
  public void setUp() {
    for (int i = 0; i < MESSAGES; i++) {
      keys[i] = String.format("key:%012d", i * 7919 % 100_000);
    }
    sink = new Sink();
    channel = new EmbeddedChannel(sink, new RedisEncoder());
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Writes the commands.
   *
   * @return the bytes written so far
   */
  @Benchmark
  public long commands() {
    ChannelPromise promise = channel.voidPromise();
    for (int i = 0; i < MESSAGES; i++) {
      List<RedisMessage> args = new ArrayList<>(3);
      if ((i & 1) == 0) {
        args.add(new FullBulkStringRedisMessage(ByteBufUtil.writeUtf8(alloc, "SET")));
        args.add(new FullBulkStringRedisMessage(ByteBufUtil.writeUtf8(alloc, keys[i])));
        args.add(new FullBulkStringRedisMessage(ByteBufUtil.writeUtf8(alloc, "xxx")));
      } else {
        args.add(new FullBulkStringRedisMessage(ByteBufUtil.writeUtf8(alloc, "GET")));
        args.add(new FullBulkStringRedisMessage(ByteBufUtil.writeUtf8(alloc, keys[i])));
      }
      channel.write(new ArrayRedisMessage(args), promise);
      if (i % RespStreams.PER_READ == RespStreams.PER_READ - 1) {
        channel.flush();
      }
    }
    return sink.bytes;
  }

  /**
   * Writes the replies.
   *
   * @return the bytes written so far
   */
  @Benchmark
  public long replies() {
    ChannelPromise promise = channel.voidPromise();
    for (int i = 0; i < MESSAGES; i++) {
      channel.write(reply(i), promise);
      if (i % RespStreams.PER_READ == RespStreams.PER_READ - 1) {
        channel.flush();
      }
    }
    return sink.bytes;
  }

  private static RedisMessage reply(int i) {
    return switch (i % 6) {
      case 0 -> OK;
      case 1 -> new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(XXX));
      case 2 -> new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(HUNDRED));
      case 3 -> new IntegerRedisMessage(12345);
      case 4 -> FullBulkStringRedisMessage.NULL_INSTANCE;
      default -> {
        List<RedisMessage> children = new ArrayList<>(10);
        for (int j = 0; j < 10; j++) {
          children.add(new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(ELEMENTS[j])));
        }
        yield new ArrayRedisMessage(children);
      }
    };
  }

  private static final byte[][] ELEMENTS = new byte[10][];

  static {
    for (int j = 0; j < 10; j++) {
      ELEMENTS[j] = ("element-" + j + "0").getBytes(StandardCharsets.US_ASCII);
    }
  }

  static final class Sink extends ChannelOutboundHandlerAdapter {
    long bytes;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      ByteBuf buf = (ByteBuf) msg;
      bytes += buf.readableBytes();
      buf.release();
      promise.trySuccess();
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {}
  }
}
