package io.tern.benchmarks.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpRequestDecoder;
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
 * Decodes a Chrome-like page request ({@code HttpInputs.browserRequest}: 16 header fields, a
 * cookie) with the request decoder of a keep-alive connection: each operation copies {@code
 * requests} back-to-back requests into one pooled direct buffer, as a transport read would, fires
 * it and a read-complete, and a sink reads the {@code Host} and {@code Cookie} values of each
 * request and releases everything produced. Header validation is on (both decoders' default). Twin
 * of {@link BrowserRequestDecodeNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BrowserRequestDecode {
  /** Requests per read: 1 (one request per read), 16 (pipelined). */
  @Param({"1", "16"})
  public int requests;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] input;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public BrowserRequestDecode() {}

  /** Builds the input and the channel. */
  @Setup
  public void setUp() {
    input = HttpInputs.browserRequest();
    sink = new Sink();
    channel = new EmbeddedChannel(new HttpRequestDecoder(), sink);
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
  static final class Sink implements ChannelHandler {
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
