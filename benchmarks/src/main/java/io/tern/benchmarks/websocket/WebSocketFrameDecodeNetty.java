package io.tern.benchmarks.websocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
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
 * Netty 4.2 twin of {@link WebSocketFrameDecode}: the same frame through {@code
 * WebSocket13FrameDecoder} (masked frames expected) followed by {@code Utf8FrameValidator}, the
 * pair Netty's server protocol handler installs, in an {@code EmbeddedChannel}; the read is a
 * direct buffer of Netty's pooled or adaptive allocator (whichever is faster).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WebSocketFrameDecodeNetty {
  /** The text: {@code ascii}, or {@code utf8} (mixed widths). */
  @Param({"ascii", "utf8"})
  public String text;

  /** Netty's allocator: pooled, or adaptive (Netty 4.2's default). */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private byte[] frame;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public WebSocketFrameDecodeNetty() {}

  /** Builds the frame and the channel. */
  @Setup
  public void setUp() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("pooled")
            ? PooledByteBufAllocator.DEFAULT
            : AllocReleaseNetty.ADAPTIVE;
    frame = WebSocketInputs.maskedTextFrame(WebSocketInputs.text(text, 65536));
    sink = new Sink();
    WebSocketDecoderConfig config =
        WebSocketDecoderConfig.newBuilder()
            .expectMaskedFrames(true)
            .maxFramePayloadLength(1 << 20)
            .build();
    channel =
        new EmbeddedChannel(new WebSocket13FrameDecoder(config), new Utf8FrameValidator(), sink);
    channel.config().setAllocator(alloc);
    pipeline = channel.pipeline();
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Decodes one frame.
   *
   * @return the decoded lengths so far
   */
  @Benchmark
  public long decode() {
    ByteBuf read = alloc.directBuffer(frame.length);
    read.writeBytes(frame);
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
    return sink.seen;
  }

  /** Counts payload bytes and releases every frame. */
  static final class Sink extends ChannelInboundHandlerAdapter {
    long seen;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame f) {
        seen += f.content().readableBytes();
      }
      ReferenceCountUtil.release(msg);
    }
  }
}
