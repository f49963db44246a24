package io.tern.benchmarks.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketFrameDecoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
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
 * A server decoding one masked 64 KiB text frame per read: frame header, unmasking and UTF-8
 * validation, through {@code WebSocketFrameDecoder} in an {@code EmbeddedChannel}; the read is a
 * pooled direct buffer; a sink reads the frame's length and releases it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WebSocketFrameDecode {
  /** The text: {@code ascii}, or {@code utf8} (mixed widths). */
  @Param({"ascii", "utf8"})
  public String text;

  private byte[] frame;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public WebSocketFrameDecode() {}

  /** Builds the frame and the channel. */
  @Setup
  public void setUp() {
    frame = WebSocketInputs.maskedTextFrame(WebSocketInputs.text(text, 65536));
    sink = new Sink();
    channel =
        new EmbeddedChannel(
            new WebSocketFrameDecoder(
                WebSocketDecoderConfig.forServer().withMaxFramePayloadLength(1 << 20)),
            sink);
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
    ByteBuf read = PooledByteBufAllocator.DEFAULT.directBuffer(frame.length);
    read.writeBytes(frame);
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
    return sink.seen;
  }

  /** Counts payload bytes and releases every frame. */
  static final class Sink implements ChannelHandler {
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
