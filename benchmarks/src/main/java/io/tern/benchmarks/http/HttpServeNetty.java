package io.tern.benchmarks.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.tern.benchmarks.alloc.AllocReleaseNetty;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
import java.nio.charset.StandardCharsets;
import java.util.Date;
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
 * Netty's twin of {@link HttpServe}: sixteen pipelined {@code GET /plaintext} requests in one read
 * through Netty's server pipeline ({@code server=twin}: the load harness's Netty handler,
 * validation off; {@code server=hello}: the codec's defaults with {@link
 * HttpServerKeepAliveHandler}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HttpServeNetty {
  /** {@code twin}: the load twin's pipeline; {@code hello}: the codec's defaults. */
  @Param({"twin", "hello"})
  public String server;

  /**
   * Netty's allocator for the reads and the channel: pooled, or adaptive (Netty 4.2's default); the
   * harness takes the faster per round.
   */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;

  /** Creates the benchmark state (JMH does). */
  public HttpServeNetty() {}

  /** Builds the channel. */
  @Setup
  public void setUp() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("pooled")
            ? PooledByteBufAllocator.DEFAULT
            : AllocReleaseNetty.ADAPTIVE;
    if (ParamValues.oneOf("server", server, "twin", "hello").equals("twin")) {
      HttpDecoderConfig decoder =
          new HttpDecoderConfig()
              .setMaxInitialLineLength(4096)
              .setMaxHeaderSize(8192)
              .setMaxChunkSize(8192)
              .setValidateHeaders(false);
      channel = new EmbeddedChannel(new HttpServerCodec(decoder), new Hello(false));
    } else {
      channel =
          new EmbeddedChannel(
              new HttpServerCodec(), new HttpServerKeepAliveHandler(), new Hello(true));
    }
    channel.config().setAllocator(alloc);
    pipeline = channel.pipeline();
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Serves one read of sixteen requests.
   *
   * @return the bytes written
   */
  @Benchmark
  public long serve() {
    ByteBuf read = alloc.directBuffer(HttpServe.REQUEST.length * HttpServe.REQUESTS);
    for (int i = 0; i < HttpServe.REQUESTS; i++) {
      read.writeBytes(HttpServe.REQUEST);
    }
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
    long written = 0;
    for (Object out; (out = channel.readOutbound()) != null; ) {
      written += ((ByteBuf) out).readableBytes();
      ReferenceCountUtil.release(out);
    }
    return written;
  }

  /** The plaintext answer, as the load harness's Netty handler or Netty's defaults build it. */
  // Write failures reach exceptionCaught through the void promise; nothing waits on them.
  @SuppressWarnings({"FutureReturnValueIgnored", "JavaUtilDate"})
  static final class Hello extends ChannelInboundHandlerAdapter {
    private static final byte[] PLAINTEXT = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private static final AsciiString SERVER = AsciiString.cached("netty");
    private static final AsciiString PLAINTEXT_LENGTH =
        AsciiString.cached(Integer.toString(PLAINTEXT.length));
    private static final HttpHeadersFactory HEADERS =
        DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRAILERS =
        DefaultHttpHeadersFactory.trailersFactory().withValidation(false);
    private static final AsciiString DATE =
        AsciiString.cached(DateFormatter.format(new Date(1_700_000_000_000L)));
    private final boolean defaults;

    Hello(boolean defaults) {
      this.defaults = defaults;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof HttpRequest request && request.uri().equals("/plaintext")) {
          ctx.write(defaults ? hello() : twin(), ctx.voidPromise());
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    private static FullHttpResponse twin() {
      FullHttpResponse response =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1,
              HttpResponseStatus.OK,
              Unpooled.wrappedBuffer(PLAINTEXT),
              HEADERS,
              TRAILERS);
      HttpHeaders headers = response.headers();
      headers.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
      headers.set(HttpHeaderNames.SERVER, SERVER);
      headers.set(HttpHeaderNames.DATE, DATE);
      headers.set(HttpHeaderNames.CONTENT_LENGTH, PLAINTEXT_LENGTH);
      return response;
    }

    private static FullHttpResponse hello() {
      FullHttpResponse response =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(PLAINTEXT));
      HttpHeaders headers = response.headers();
      headers.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
      headers.set(HttpHeaderNames.SERVER, SERVER);
      headers.set(HttpHeaderNames.DATE, DATE);
      headers.setInt(HttpHeaderNames.CONTENT_LENGTH, PLAINTEXT.length);
      return response;
    }
  }
}
