package io.tern.benchmarks.socks;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequest;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequest;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequestDecoder;
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
 * Netty twin of {@link Socks5Decoding}: Netty splits the server side into one decoder per message,
 * so a new greeting decoder reads the greeting and is replaced by a new command decoder for the
 * command, as a Netty SOCKS server does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class Socks5DecodingNetty {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public Socks5DecodingNetty() {}

  /** Builds the channel. */
  @Setup
  public void setUp() {
    sink = new Sink();
    channel = new EmbeddedChannel(sink);
    pipeline = channel.pipeline();
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Decodes a greeting and a command with new decoders.
   *
   * @return a digest of what was decoded
   */
  @Benchmark
  public long decode() {
    pipeline.addFirst("socks", new Socks5InitialRequestDecoder());
    read(Socks5Decoding.GREETING);
    pipeline.replace("socks", "socks", new Socks5CommandRequestDecoder());
    read(Socks5Decoding.CONNECT);
    pipeline.remove("socks");
    return sink.digest;
  }

  private void read(byte[] bytes) {
    ByteBuf read = alloc.directBuffer(bytes.length);
    read.writeBytes(bytes);
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
  }

  static final class Sink extends ChannelInboundHandlerAdapter {
    long digest;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Socks5InitialRequest r) {
        digest += r.authMethods().size();
      } else if (msg instanceof Socks5CommandRequest r) {
        digest += r.dstAddr().length() + r.dstPort();
      }
    }
  }
}
