package io.tern.benchmarks.stomp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.buffer.Unpooled;
import io.tern.codec.stomp.StompCodec;
import io.tern.codec.stomp.StompCommand;
import io.tern.codec.stomp.StompFrame;
import io.tern.codec.stomp.StompHeaders;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * STOMP frames both ways ({@link StompStreams}): {@code decode} reads 1024 {@code MESSAGE} frames,
 * 16 per read, each read copied into a fresh pooled direct buffer as a transport would, into whole
 * frames (Tern's {@link StompCodec}; Netty: {@code StompSubframeDecoder} + {@code
 * StompSubframeAggregator}); {@code encode} builds the same 1024 frames from strings and a wrapped
 * body and writes them, flushing every 16 (Tern's {@link StompCodec}; Netty's {@code
 * StompSubframeEncoder}). One operation is 1024 frames. Twin of {@link StompCodecsNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StompCodecs {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] bytes;
  private int[] readEnds;
  private EmbeddedChannel decoding;
  private EmbeddedChannel encoding;
  private Sink decodeSink;
  private Sink encodeSink;

  /** Creates the benchmark state (JMH does). */
  public StompCodecs() {}

  /** Builds the stream and the channels. */
  @Setup
  public void setUp() {
    bytes = StompStreams.stream();
    readEnds = StompStreams.readEnds(bytes);
    // One sink per channel: a handler that is not sharable may join one pipeline only (Netty's
    // second pipeline would refuse it, close its channel and leave nothing to encode).
    decodeSink = new Sink();
    encodeSink = new Sink();
    decoding = new EmbeddedChannel(new StompCodec(), decodeSink);
    encoding = new EmbeddedChannel(encodeSink, new StompCodec());
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
    Promise<Void> promise = encoding.voidPromise();
    for (int i = 0; i < StompStreams.FRAMES; i++) {
      StompFrame frame =
          new StompFrame(StompCommand.MESSAGE, Unpooled.wrappedBuffer(StompStreams.BODY));
      frame
          .headers()
          .add(StompHeaders.SUBSCRIPTION, "sub-0")
          .add(StompHeaders.MESSAGE_ID, StompStreams.messageId(i))
          .add(StompHeaders.DESTINATION, StompStreams.destination(i))
          .add(StompHeaders.CONTENT_TYPE, "text/plain");
      encoding.write(frame, promise);
      if (i % StompStreams.PER_READ == StompStreams.PER_READ - 1) {
        encoding.flush();
      }
    }
    return encodeSink.bytes;
  }

  static final class Sink implements ChannelHandler {
    long frames;
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      frames++;
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      ByteBuf buf = (ByteBuf) msg;
      bytes += buf.readableBytes();
      buf.release();
      promise.trySuccess(null);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {}
  }
}
