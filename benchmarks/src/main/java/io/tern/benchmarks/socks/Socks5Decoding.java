package io.tern.benchmarks.socks;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.socks.v5.Socks5CommandRequest;
import io.tern.codec.socks.v5.Socks5InitialRequest;
import io.tern.codec.socks.v5.Socks5ServerDecoder;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.HexFormat;
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
 * What a SOCKS 5 server does once per connection: a new decoder reads the greeting (no
 * authentication) and, in a second read, a CONNECT to a host name; a sink digests both. Twin of
 * {@link Socks5DecodingNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class Socks5Decoding {
  static final byte[] GREETING = HexFormat.of().parseHex("050100");

  /** CONNECT www.example.org:443 by name. */
  static final byte[] CONNECT =
      HexFormat.of().parseHex("050100030f7777772e6578616d706c652e6f726701bb");

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private EmbeddedChannel channel;
  private ChannelPipeline pipeline;
  private Sink sink;

  /** Creates the benchmark state (JMH does). */
  public Socks5Decoding() {}

  /** Builds the channel. */
  @Setup
  public void setUp() {
    sink = new Sink();
    channel = new EmbeddedChannel(sink);
    pipeline = channel.pipeline();
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Decodes a greeting and a command with a new decoder.
   *
   * @return a digest of what was decoded
   */
  @Benchmark
  public long decode() {
    pipeline.addFirst("socks", new Socks5ServerDecoder());
    read(GREETING);
    read(CONNECT);
    return sink.digest;
  }

  private void read(byte[] bytes) {
    ByteBuf read = alloc.directBuffer(bytes.length);
    read.writeBytes(bytes);
    pipeline.fireChannelRead(read);
    pipeline.fireChannelReadComplete();
  }

  static final class Sink implements ChannelHandler {
    long digest;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Socks5InitialRequest r) {
        digest += r.authMethods().size();
      } else if (msg instanceof Socks5CommandRequest r) {
        digest += r.dstAddr().length() + r.dstPort();
      }
    }
  }
}
