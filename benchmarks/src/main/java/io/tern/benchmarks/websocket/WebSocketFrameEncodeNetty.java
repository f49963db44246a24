package io.tern.benchmarks.websocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import io.netty.util.ReferenceCountUtil;
import io.tern.benchmarks.alloc.AllocReleaseNetty;
import io.tern.benchmarks.harness.NettyConfiguration;
import io.tern.benchmarks.harness.ParamValues;
import java.io.ByteArrayOutputStream;
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
 * Netty 4.2 twin of {@link WebSocketFrameEncode}: the same payload through {@code
 * WebSocket13FrameEncoder(true)} (masking, as a client) in an {@code EmbeddedChannel}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WebSocketFrameEncodeNetty {
  /** Payload bytes: 16 or 65536. */
  @Param({"16", "65536"})
  public int size;

  /** Netty's allocator: pooled, or adaptive (Netty 4.2's default). */
  @NettyConfiguration
  @Param({"pooled", "adaptive"})
  public String allocator;

  private ByteBufAllocator alloc;
  private byte[] payload;
  private EmbeddedChannel channel;

  /** Creates the benchmark state (JMH does). */
  public WebSocketFrameEncodeNetty() {}

  /** Builds the payload and the channel. */
  @Setup
  public void setUp() {
    alloc =
        ParamValues.oneOf("allocator", allocator, "pooled", "adaptive").equals("pooled")
            ? PooledByteBufAllocator.DEFAULT
            : AllocReleaseNetty.ADAPTIVE;
    payload = WebSocketInputs.text("ascii", size);
    channel = new EmbeddedChannel(new WebSocket13FrameEncoder(true));
    channel.config().setAllocator(alloc);
  }

  /** Closes the channel. */
  @TearDown
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  /**
   * Encodes one frame.
   *
   * @return the encoded length
   */
  @Benchmark
  public int encode() {
    channel.writeOutbound(new BinaryWebSocketFrame(payload()));
    int n = 0;
    Object o;
    while ((o = channel.readOutbound()) != null) {
      n += ((ByteBuf) o).readableBytes();
      ReferenceCountUtil.release(o);
    }
    return n;
  }

  /** Encodes one frame as {@link #encode} does and returns its bytes (for the twins test). */
  byte[] encodedBytes() {
    channel.writeOutbound(new BinaryWebSocketFrame(payload()));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Object o;
    while ((o = channel.readOutbound()) != null) {
      ByteBuf b = (ByteBuf) o;
      byte[] a = new byte[b.readableBytes()];
      b.getBytes(b.readerIndex(), a);
      bytes.writeBytes(a);
      ReferenceCountUtil.release(o);
    }
    return bytes.toByteArray();
  }

  private ByteBuf payload() {
    ByteBuf data = alloc.directBuffer(size);
    data.writeBytes(payload);
    return data;
  }
}
