package io.tern.benchmarks.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.util.ReferenceCountUtil;
import io.tern.benchmarks.alloc.AllocReleaseNetty;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
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
 * Netty 4.2 twin of {@link BrowserRequestDecode}: the same bytes through Netty's {@code
 * HttpRequestDecoder} (default settings, header validation on) in an {@code EmbeddedChannel}, reads
 * copied into buffers of Netty's pooled or adaptive allocator (whichever is faster in the round),
 * the same sink.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BrowserRequestDecodeNetty {
  /** Requests per read: 1 (one request per read), 16 (pipelined). */
  @Param({"1", "16"})
  public int requests;

  /**
   * Netty's allocator for the reads and the channel: pooled, or adaptive (Netty 4.2's default); the
   * harness takes the faster per round.
   */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private byte[] input;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public BrowserRequestDecodeNetty() {}

  /** Builds the input and the channel. */
  @Setup
  public void setUp() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("pooled")
            ? PooledByteBufAllocator.DEFAULT
            : AllocReleaseNetty.ADAPTIVE;
    input = HttpInputs.browserRequest();
    sink = new Sink();
    channel = new EmbeddedChannel(new HttpRequestDecoder(), sink);
    channel.config().setAllocator(alloc);
    pipeline = channel.pipeline();
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Decodes one read of {@code requests} requests.
   *
   * @return a value depending on every decoded request
   */
  @Benchmark
  public long decode() {
    ByteBuf read = alloc.directBuffer(input.length * requests);
    for (int i = 0; i < requests; i++) {
      read.writeBytes(input);
    }
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
    return sink.seen;
  }

  /** Reads two values of each request, as an application would, and releases every message. */
  static final class Sink extends ChannelInboundHandlerAdapter {
    long seen;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpRequest request) {
        seen +=
            request.headers().get(HttpHeaderNames.HOST).length()
                + request.headers().get(HttpHeaderNames.COOKIE).length();
      }
      ReferenceCountUtil.release(msg);
    }
  }
}
