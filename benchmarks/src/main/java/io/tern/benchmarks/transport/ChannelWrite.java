package io.tern.benchmarks.transport;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
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
 * The write path of a channel: {@code writeAndFlush} of a buffer through {@code handlers}
 * pass-through outbound handlers into the outbound buffer, its flush to the transport (the embedded
 * channel queues it) and the completion of the write's promise; the benchmark takes the buffer back
 * out. Twin of {@link ChannelWriteNetty}. Run with {@code -prof gc} to compare the allocation per
 * write.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelWrite {
  /** Number of pass-through outbound handlers. */
  @Param({"0", "4"})
  public int handlers;

  private ByteBuf msg;
  private EmbeddedChannel channel;

  /** Creates the benchmark state (JMH does). */
  public ChannelWrite() {}

  /** Builds the channel. */
  @Setup
  public void setUp() {
    msg = Unpooled.unreleasableBuffer(Unpooled.directBuffer(64).writeZero(64));
    channel = new EmbeddedChannel();
    for (int i = 0; i < handlers; i++) {
      channel.pipeline().addLast(new PassThrough());
    }
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Writes, flushes and takes the buffer back.
   *
   * @return the written buffer, so that JMH consumes it
   */
  @Benchmark
  public Object writeAndFlush() {
    channel.writeAndFlush(msg);
    return channel.readOutbound();
  }

  static final class PassThrough implements ChannelHandler {
    @Override
    public void write(ChannelHandlerContext ctx, Object m, Promise<Void> promise) {
      ctx.write(m, promise);
    }
  }
}
