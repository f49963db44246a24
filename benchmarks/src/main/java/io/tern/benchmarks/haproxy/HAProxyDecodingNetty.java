package io.tern.benchmarks.haproxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
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
 * Netty twin of {@link HAProxyDecoding}: the same headers through Netty's {@code
 * HAProxyMessageDecoder} on its {@code EmbeddedChannel}; the sink releases the (reference-counted)
 * message.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HAProxyDecodingNetty {
  /** Which header: {@code v1}, {@code v2}, or {@code v2-tlvs} (TCP6, ALPN, SSL, CRC32C). */
  @Param({"v1", "v2", "v2-tlvs"})
  public String header;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] bytes;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public HAProxyDecodingNetty() {}

  /** Builds the header and the channel. */
  @Setup
  public void setUp() {
    bytes = HAProxyHeaders.header(header);
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
   * Decodes one header with a new decoder.
   *
   * @return a digest of what was decoded
   */
  @Benchmark
  public long decode() {
    pipeline.addFirst("proxy", new HAProxyMessageDecoder());
    ByteBuf read = alloc.directBuffer(bytes.length);
    read.writeBytes(bytes);
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
    return sink.digest;
  }

  static final class Sink extends ChannelInboundHandlerAdapter {
    long digest;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      HAProxyMessage m = (HAProxyMessage) msg;
      digest += m.sourceAddress().length() + m.sourcePort() + m.tlvs().size();
      m.release();
    }
  }
}
