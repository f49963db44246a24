package io.tern.benchmarks.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
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

/** Netty twin of {@link PipelinePropagation}: the same shape on Netty's {@code EmbeddedChannel}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PipelinePropagationNetty {
  /** Number of pass-through handlers before the sink. */
  @Param({"0", "4", "16"})
  public int handlers;

  private static final Object MSG = "msg";
  private EmbeddedChannel channel;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public PipelinePropagationNetty() {}

  /** Builds the channel. */
  @Setup
  public void setUp() {
    channel = new EmbeddedChannel();
    for (int i = 0; i < handlers; i++) {
      channel.pipeline().addLast(new PassThrough());
    }
    sink = new Sink();
    channel.pipeline().addLast(sink);
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finish();
  }

  /**
   * Fires one read.
   *
   * @return the sink's count, so that JMH consumes it
   */
  @Benchmark
  public long fireChannelRead() {
    channel.pipeline().fireChannelRead(MSG);
    return sink.count;
  }

  static final class PassThrough extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.fireChannelRead(msg);
    }
  }

  static final class Sink extends ChannelInboundHandlerAdapter {
    long count;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      count++;
    }
  }
}
