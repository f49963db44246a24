package io.tern.benchmarks.http;

import io.tern.benchmarks.harness.ParamValues;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpRequestDecoder;
import io.tern.codec.http.HttpUtil;
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
 * Decodes wrk's plaintext request ({@code HttpInputs.wrkRequest}: {@code GET /plaintext}, one
 * {@code Host} field), the request side of the load harness's {@code plaintext} and {@code
 * pipelined16} scenarios: each operation copies {@code requests} back-to-back requests into one
 * pooled direct buffer, as a transport read would, and fires it and a read-complete through the
 * request decoder. The sink does what the load twin's handler does with a request ({@code
 * sink=route}: the path and whether the connection stays open), or also reads a header ({@code
 * sink=header}: the {@code Host} value), and releases everything. Twin of {@link
 * PlaintextRequestDecodeNetty}, which routes on the raw URI as Netty's load twin does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PlaintextRequestDecode {
  /** Requests per read: 1 (one request per read), 16 (pipelined). */
  @Param({"1", "16"})
  public int requests;

  /** What the sink reads of each request: {@code route} (path, keep-alive), {@code header}. */
  @Param({"route", "header"})
  public String sink;

  /** Header validation: {@code on} (the default, {@code http-hello}), {@code off} (the twin). */
  @Param({"on", "off"})
  public String validate;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private byte[] input;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink reader;

  /** Creates the benchmark state (JMH does). */
  public PlaintextRequestDecode() {}

  /** Builds the input and the channel. */
  @Setup
  public void setUp() {
    input = HttpInputs.wrkRequest();
    reader = new Sink(ParamValues.oneOf("sink", sink, "route", "header").equals("header"));
    HttpDecoderConfig config =
        HttpDecoderConfig.DEFAULT.withValidateHeaders(
            ParamValues.oneOf("validate", validate, "on", "off").equals("on"));
    channel = new EmbeddedChannel(new HttpRequestDecoder(config), reader);
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

  /** Routes each request as the load twin does, and releases every message. */
  static final class Sink implements ChannelHandler {
    private final boolean readHeader;
    long seen;

    Sink(boolean readHeader) {
      this.readHeader = readHeader;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpRequest request) {
        seen += request.target().path().length() + (HttpUtil.isKeepAlive(request) ? 1 : 0);
        if (readHeader) {
          seen += request.headers().get(HttpHeaderNames.HOST).length();
        }
      }
      ReferenceCountUtil.release(msg);
    }
  }
}
