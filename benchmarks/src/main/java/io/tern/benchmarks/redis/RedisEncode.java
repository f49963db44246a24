package io.tern.benchmarks.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.redis.ArrayRedisMessage;
import io.tern.codec.redis.FullBulkStringRedisMessage;
import io.tern.codec.redis.IntegerRedisMessage;
import io.tern.codec.redis.RedisCommand;
import io.tern.codec.redis.RedisCommandEncoder;
import io.tern.codec.redis.RedisEncoder;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.SimpleStringRedisMessage;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
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

/**
 * Builds and encodes 1024 messages, flushing every 16 as a pipelining client or server would:
 * {@code commands} are {@code SET key value} and {@code GET key} in turn, built from strings the
 * way each library's users write them (Tern: a {@link RedisCommand} through {@link
 * RedisCommandEncoder}; Netty: an {@code ArrayRedisMessage} of {@code FullBulkStringRedisMessage}s
 * through its {@code RedisEncoder}); {@code replies} are the reply mix of {@link RespStreams}, the
 * same message objects on both sides through each {@code RedisEncoder}. The buffers written are
 * released at the head of the pipeline. Twin of {@link RedisEncodeNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RedisEncode {
  private static final int MESSAGES = RespStreams.MESSAGES;
  private static final byte[] XXX = "xxx".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HUNDRED = "v".repeat(100).getBytes(StandardCharsets.US_ASCII);

  private final String[] keys = new String[MESSAGES];
  private EmbeddedChannel channel;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public RedisEncode() {}

  /** Builds the keys and the channel. */
  @Setup
  public void setUp() {
    for (int i = 0; i < MESSAGES; i++) {
      keys[i] = String.format("key:%012d", i * 7919 % 100_000);
    }
    sink = new Sink();
    channel = new EmbeddedChannel(sink, new RedisEncoder(), new RedisCommandEncoder());
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
    Promise<Void> promise = channel.voidPromise();
    for (int i = 0; i < MESSAGES; i++) {
      RedisCommand command =
          (i & 1) == 0 ? RedisCommand.of("SET", keys[i], "xxx") : RedisCommand.of("GET", keys[i]);
      channel.write(command, promise);
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
    Promise<Void> promise = channel.voidPromise();
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
      case 0 -> SimpleStringRedisMessage.OK;
      case 1 -> new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(XXX));
      case 2 -> new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(HUNDRED));
      case 3 -> IntegerRedisMessage.of(12345);
      case 4 -> FullBulkStringRedisMessage.NULL_INSTANCE;
      default -> {
        List<RedisMessage> children = new ArrayList<>(10);
        for (int j = 0; j < 10; j++) {
          children.add(new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(element(j))));
        }
        yield ArrayRedisMessage.array(children);
      }
    };
  }

  private static final byte[][] ELEMENTS = new byte[10][];

  static {
    for (int j = 0; j < 10; j++) {
      ELEMENTS[j] = ("element-" + j + "0").getBytes(StandardCharsets.US_ASCII);
    }
  }

  private static byte[] element(int j) {
    return ELEMENTS[j];
  }

  static final class Sink implements ChannelHandler {
    long bytes;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      ByteBuf buf = (ByteBuf) msg;
      bytes += buf.readableBytes();
      buf.release();
      promise.trySuccess(null);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {}
  }
}
