package io.tern.benchmarks.stomp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.stomp.DefaultStompFrame;
import io.netty.handler.codec.stomp.StompCommand;
import io.netty.handler.codec.stomp.StompHeaders;
import io.netty.handler.codec.stomp.StompSubframeAggregator;
import io.netty.handler.codec.stomp.StompSubframeDecoder;
import io.netty.handler.codec.stomp.StompSubframeEncoder;
import io.netty.util.ReferenceCountUtil;
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

/** Netty 4.2's twin of {@link StompCodecs}. */
@SuppressWarnings("FutureReturnValueIgnored") // writes use the void promise: nothing to observe
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StompCodecsNetty {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] bytes;
  private int[] readEnds;
  private EmbeddedChannel decoding;
  private EmbeddedChannel encoding;
  private Sink decodeSink;
  private Sink encodeSink;

  /** Creates the benchmark state (JMH does). */
  public StompCodecsNetty() {}

  /** Builds the stream and the channels. */
  @Setup
  public void setUp() {
    bytes = StompStreams.stream();
    readEnds = StompStreams.readEnds(bytes);
    // One sink per channel: a handler that is not sharable may join one pipeline only (Netty's
    // second pipeline would refuse it, close its channel and leave nothing to encode).
    decodeSink = new Sink();
    encodeSink = new Sink();
    decoding =
        new EmbeddedChannel(
            new StompSubframeDecoder(), new StompSubframeAggregator(1 << 20), decodeSink);
    encoding = new EmbeddedChannel(encodeSink, new StompSubframeEncoder());
    if (!decoding.isOpen() || !encoding.isOpen()) {
      throw new IllegalStateException("a channel failed to set up its pipeline");
    }
  }

  /** Closes the channels. */
  @TearDown
  public void tearDown() {
    decoding.finishAndReleaseAll();
    encoding.finishAndReleaseAll();
  }

  /**
   * Decodes the stream.
   *
   * @return the frames decoded so far
   */
  @Benchmark
  public long decode() {
    ChannelPipeline pipeline = decoding.pipeline();
    int offset = 0;
    for (int end : readEnds) {
      ByteBuf read = alloc.directBuffer(end - offset);
      read.writeBytes(bytes, offset, end - offset);
      offset = end;
      pipeline.fireChannelRead(read);
      pipeline.fireChannelReadComplete();
    }
    return decodeSink.frames;
  }

  /**
   * Encodes the frames.
   *
   * @return the bytes written so far
   */
  @Benchmark
  public long encode() {
    ChannelPromise promise = encoding.voidPromise();
    for (int i = 0; i < StompStreams.FRAMES; i++) {
      DefaultStompFrame frame =
          new DefaultStompFrame(StompCommand.MESSAGE, Unpooled.wrappedBuffer(StompStreams.BODY));
      frame
          .headers()
          .add(StompHeaders.SUBSCRIPTION, "sub-0")
          .add(StompHeaders.MESSAGE_ID, StompStreams.messageId(i))
          .add(StompHeaders.DESTINATION, StompStreams.destination(i))
          .add(StompHeaders.CONTENT_TYPE, "text/plain")
          .addInt(StompHeaders.CONTENT_LENGTH, StompStreams.BODY.length);
      encoding.write(frame, promise);
      if (i % StompStreams.PER_READ == StompStreams.PER_READ - 1) {
        encoding.flush();
      }
    }
    return encodeSink.bytes;
  }

  static final class Sink extends ChannelDuplexHandler {
    long frames;
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      frames++;
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      ByteBuf buf = (ByteBuf) msg;
      bytes += buf.readableBytes();
      buf.release();
      promise.trySuccess();
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {}
  }
}
