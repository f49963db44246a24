package io.tern.benchmarks.smtp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.smtp.DefaultLastSmtpContent;
import io.netty.handler.codec.smtp.SmtpRequestEncoder;
import io.netty.handler.codec.smtp.SmtpRequests;
import io.netty.handler.codec.smtp.SmtpResponseDecoder;
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

/**
 * Netty 4.2's twin of {@link SmtpCodecs}.
 *
 * <p>Netty's {@code SmtpRequestEncoder} passes the body on as it is: dot-stuffing (RFC 5321 4.5.2,
 * a line that starts with a dot gets a second one) is left to the application, and the benchmark's
 * body has dot-led lines. So this twin stuffs each body itself before writing it, as a Netty
 * application must to send the same message ({@link #dotStuffed}: one pass over the lines into a
 * pooled buffer), and both sides put the same bytes on the wire; Tern's encoder does that pass
 * inside.
 */
@SuppressWarnings("FutureReturnValueIgnored") // writes use the void promise: nothing to observe
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SmtpCodecsNetty {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] replies;
  private EmbeddedChannel decoding;
  private EmbeddedChannel encoding;
  private Sink decodeSink;
  private Sink encodeSink;

  /** Creates the benchmark state (JMH does). */
  public SmtpCodecsNetty() {}

  /** Builds the stream and the channels. */
  @Setup
  public void setUp() {
    replies = SmtpStreams.replies();
    // One sink per channel: a handler that is not sharable may join one pipeline only (Netty's
    // second pipeline would refuse it, close its channel and leave nothing to encode).
    decodeSink = new Sink();
    encodeSink = new Sink();
    decoding = new EmbeddedChannel(new SmtpResponseDecoder(8192), decodeSink);
    encoding = new EmbeddedChannel(encodeSink, new SmtpRequestEncoder());
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
   * Decodes the replies.
   *
   * @return the replies decoded so far
   */
  @Benchmark
  public long decode() {
    ChannelPipeline pipeline = decoding.pipeline();
    for (int i = 0; i < SmtpStreams.TRANSACTIONS; i++) {
      ByteBuf read = alloc.directBuffer(replies.length);
      read.writeBytes(replies);
      pipeline.fireChannelRead(read);
      pipeline.fireChannelReadComplete();
    }
    return decodeSink.replies;
  }

  /**
   * Encodes the transactions.
   *
   * @return the bytes written so far
   */
  @Benchmark
  public long encode() {
    ChannelPromise promise = encoding.voidPromise();
    for (int i = 0; i < SmtpStreams.TRANSACTIONS; i++) {
      encoding.write(SmtpRequests.mail(SmtpStreams.sender(i), "BODY=8BITMIME"), promise);
      encoding.write(SmtpRequests.rcpt("first@example.net"), promise);
      encoding.write(SmtpRequests.rcpt("second@example.net"), promise);
      encoding.write(SmtpRequests.data(), promise);
      encoding.write(
          new DefaultLastSmtpContent(dotStuffed(Unpooled.wrappedBuffer(SmtpStreams.BODY))),
          promise);
      encoding.flush();
    }
    return encodeSink.bytes;
  }

  /**
   * Returns the body with a dot added before every dot that starts a line, in a new pooled buffer;
   * releases {@code body}.
   */
  private ByteBuf dotStuffed(ByteBuf body) {
    try {
      int start = body.readerIndex();
      int end = body.writerIndex();
      ByteBuf out = alloc.buffer(end - start + (end - start) / 32 + 8);
      boolean lineStart = true;
      int i = start;
      while (i < end) {
        if (lineStart && body.getByte(i) == '.') {
          out.writeByte('.');
        }
        int lf = body.indexOf(i, end, (byte) '\n');
        int stop = lf < 0 ? end : lf + 1;
        out.writeBytes(body, i, stop - i);
        lineStart = lf >= 0;
        i = stop;
      }
      return out;
    } finally {
      body.release();
    }
  }

  static final class Sink extends ChannelDuplexHandler {
    long replies;
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      replies++;
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
