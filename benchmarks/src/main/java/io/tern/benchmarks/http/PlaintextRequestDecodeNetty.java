package io.tern.benchmarks.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpUtil;
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
 * Netty 4.2 twin of {@link PlaintextRequestDecode}: the same bytes through Netty's {@code
 * HttpRequestDecoder} (header validation as the parameter says) in an {@code EmbeddedChannel},
 * reads copied into buffers of Netty's pooled or adaptive allocator (whichever is faster in the
 * round). The sink routes on the raw URI, as Netty's load twin does, and asks whether the
 * connection stays open.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PlaintextRequestDecodeNetty {
  /** Requests per read: 1 (one request per read), 16 (pipelined). */
  @Param({"1", "16"})
  public int requests;

  /** What the sink reads of each request: {@code route} (path, keep-alive), {@code header}. */
  @Param({"route", "header"})
  public String sink;

  /** Header validation: {@code on} (the default), {@code off} (the load twin). */
  @Param({"on", "off"})
  public String validate;

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
  private Sink reader;

  /** Creates the benchmark state (JMH does). */
  public PlaintextRequestDecodeNetty() {}

  /** Builds the input and the channel. */
  @Setup
  public void setUp() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("pooled")
            ? PooledByteBufAllocator.DEFAULT
            : AllocReleaseNetty.ADAPTIVE;
    input = HttpInputs.wrkRequest();
    reader = new Sink(ParamValues.oneOf("sink", sink, "route", "header").equals("header"));
    HttpDecoderConfig config =
        new HttpDecoderConfig()
            .setValidateHeaders(ParamValues.oneOf("validate", validate, "on", "off").equals("on"));
    channel = new EmbeddedChannel(new HttpRequestDecoder(config), reader);
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
    return reader.seen;
  }

  /** Routes each request as Netty's load twin does, and releases every message. */
  static final class Sink extends ChannelInboundHandlerAdapter {
    private final boolean readHeader;
    long seen;

    Sink(boolean readHeader) {
      this.readHeader = readHeader;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpRequest request) {
        seen += request.uri().length() + (HttpUtil.isKeepAlive(request) ? 1 : 0);
        if (readHeader) {
          seen += request.headers().get(HttpHeaderNames.HOST).length();
        }
      }
      ReferenceCountUtil.release(msg);
    }
  }
}
