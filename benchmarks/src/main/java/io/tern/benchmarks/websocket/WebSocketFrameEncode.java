package io.tern.benchmarks.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.http.websocket.BinaryWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrameEncoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
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
 * A client encoding (and so masking, with a fresh key) one binary frame of {@code size} bytes
 * through {@code WebSocketFrameEncoder.forClient()} in an {@code EmbeddedChannel}; the payload is a
 * pooled direct buffer; the encoded bytes are released.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WebSocketFrameEncode {
  /** Payload bytes: 16 or 65536. */
  @Param({"16", "65536"})
  public int size;

  private byte[] payload;
  private EmbeddedChannel channel;

  /** Creates the benchmark state (JMH does). */
  public WebSocketFrameEncode() {}

  /** Builds the payload and the channel. */
  @Setup
  public void setUp() {
    payload = WebSocketInputs.text("ascii", size);
    channel = new EmbeddedChannel(WebSocketFrameEncoder.forClient());
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
    ByteBuf data = PooledByteBufAllocator.DEFAULT.directBuffer(size);
    data.writeBytes(payload);
    return data;
  }
}
