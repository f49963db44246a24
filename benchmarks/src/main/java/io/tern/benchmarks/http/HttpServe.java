package io.tern.benchmarks.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpDateCache;
import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpVersion;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
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
 * One read of sixteen pipelined {@code GET /plaintext} requests as wrk sends them (a {@code Host}
 * field only) through a server pipeline, answered with {@code Hello, World!}, the responses batched
 * into one buffer at the flush: the load harness's {@code pipelined16} scenario without the
 * sockets, per request. {@code server=twin} is the load twin {@code tern-http} (header validation
 * off on requests and responses, a {@code Content-Length} constant); {@code server=hello} is the
 * README's {@code http-hello} (the codec's defaults, which include closing the connection when HTTP
 * says so, as Netty's twin needs its {@code HttpServerKeepAliveHandler} for; validating response
 * headers, {@code setInt} for the length). Twin of {@link HttpServeNetty}. Read it with {@code
 * -prof gc}: {@code gc.alloc.rate.norm} / 16 is the allocation per request.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HttpServe {
  static final int REQUESTS = 16;
  static final byte[] REQUEST =
      "GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  /** {@code twin}: the load twin's pipeline; {@code hello}: the README example's. */
  @Param({"twin", "hello"})
  public String server;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;

  /** Creates the benchmark state (JMH does). */
  public HttpServe() {}

  /** Builds the channel. */
  @Setup
  public void setUp() {
    if (server.equals("twin")) {
      HttpDecoderConfig decoder =
          HttpDecoderConfig.DEFAULT
              .withMaxInitialLineLength(4096)
              .withMaxHeaderSize(8192)
              .withMaxChunkSize(8192)
              .withValidateHeaders(false);
      channel = new EmbeddedChannel(new HttpServerCodec(decoder), new Hello(false));
    } else {
      channel = new EmbeddedChannel(new HttpServerCodec(), new Hello(true));
    }
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
    ByteBuf read = alloc.directBuffer(REQUEST.length * REQUESTS);
    for (int i = 0; i < REQUESTS; i++) {
      read.writeBytes(REQUEST);
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

  /** The plaintext answer, as {@code tern-http}'s handler or {@code http-hello}'s builds it. */
  static final class Hello implements ChannelHandler {
    private static final byte[] PLAINTEXT = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private static final AsciiString SERVER = AsciiString.cached("tern");
    private static final AsciiString PLAINTEXT_LENGTH =
        AsciiString.cached(Integer.toString(PLAINTEXT.length));
    private final boolean defaults;

    Hello(boolean defaults) {
      this.defaults = defaults;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof HttpRequest request && request.target().path().equals("/plaintext")) {
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
              HttpHeaders.create(HttpHeaders.Validation.NONE),
              HttpHeaders.newTrailers(HttpHeaders.Validation.NONE));
      HttpHeaders headers = response.headers();
      headers.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
      headers.set(HttpHeaderNames.SERVER, SERVER);
      headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
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
      headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
      headers.setInt(HttpHeaderNames.CONTENT_LENGTH, PLAINTEXT.length);
      return response;
    }
  }
}
