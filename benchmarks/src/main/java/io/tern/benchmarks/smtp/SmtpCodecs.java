package io.tern.benchmarks.smtp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.buffer.Unpooled;
import io.tern.codec.smtp.SmtpContent;
import io.tern.codec.smtp.SmtpRequestEncoder;
import io.tern.codec.smtp.SmtpRequests;
import io.tern.codec.smtp.SmtpResponseDecoder;
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
 * SMTP client codec both ways ({@link SmtpStreams}): {@code decode} reads 256 transactions' replies
 * (six replies, ten lines each), one transaction per read in a fresh pooled direct buffer; {@code
 * encode} writes 256 transactions (MAIL, two RCPTs, DATA pipelined, then a 1 KiB body dot-stuffed),
 * flushing after each. Tern's {@link SmtpResponseDecoder} and {@link SmtpRequestEncoder} against
 * Netty's. Twin of {@link SmtpCodecsNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SmtpCodecs {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] replies;
  private EmbeddedChannel decoding;
  private EmbeddedChannel encoding;
  private Sink decodeSink;
  private Sink encodeSink;

  /** Creates the benchmark state (JMH does). */
  public SmtpCodecs() {}

  /** Builds the stream and the channels. */
  @Setup
  public void setUp() {
    replies = SmtpStreams.replies();
    // One sink per channel: a handler that is not sharable may join one pipeline only (Netty's
    // second pipeline would refuse it, close its channel and leave nothing to encode).
    decodeSink = new Sink();
    encodeSink = new Sink();
    decoding = new EmbeddedChannel(new SmtpResponseDecoder(), decodeSink);
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
    Promise<Void> promise = encoding.voidPromise();
    for (int i = 0; i < SmtpStreams.TRANSACTIONS; i++) {
      encoding.write(SmtpRequests.mail(SmtpStreams.sender(i), "BODY=8BITMIME"), promise);
      encoding.write(SmtpRequests.rcpt("first@example.net"), promise);
      encoding.write(SmtpRequests.rcpt("second@example.net"), promise);
      encoding.write(SmtpRequests.data(), promise);
      encoding.write(SmtpContent.last(Unpooled.wrappedBuffer(SmtpStreams.BODY)), promise);
      encoding.flush();
    }
    return encodeSink.bytes;
  }

  static final class Sink implements ChannelHandler {
    long replies;
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      replies++;
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
