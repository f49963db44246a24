package io.tern.benchmarks.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
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

/** Netty twin of {@link ChannelWrite}: the same shape on Netty's {@code EmbeddedChannel}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelWriteNetty {
  /** Number of pass-through outbound handlers. */
  @Param({"0", "4"})
  public int handlers;

  private ByteBuf msg;
  private EmbeddedChannel channel;

  /** Creates the benchmark state (JMH does). */
  public ChannelWriteNetty() {}

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
  @SuppressWarnings("FutureReturnValueIgnored") // the embedded channel completes it at once
  public Object writeAndFlush() {
    channel.writeAndFlush(msg);
    return channel.readOutbound();
  }

  static final class PassThrough extends ChannelOutboundHandlerAdapter {
    @Override
    @SuppressWarnings("FutureReturnValueIgnored") // returns the promise passed in
    public void write(ChannelHandlerContext ctx, Object m, ChannelPromise promise) {
      ctx.write(m, promise);
    }
  }
}
