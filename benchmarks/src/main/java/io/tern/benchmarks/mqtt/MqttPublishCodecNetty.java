package io.tern.benchmarks.mqtt;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.ReferenceCountUtil;
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

/** Netty's twin of {@link MqttPublishCodec}: same packet, same pipeline shape. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MqttPublishCodecNetty {
  /** Payload bytes. */
  @Param({"16", "65536"})
  public int payloadSize;

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private ByteBuf payload;
  private ByteBuf wire;
  private EmbeddedChannel encodeChannel;
  private EmbeddedChannel decodeChannel;
  private ChannelPromise voidPromise;
  private ChannelPipeline decodePipeline;
  private final Sink sink = new Sink();
  private final Sink decodeSink = new Sink();

  /** Creates the benchmark state (JMH does). */
  public MqttPublishCodecNetty() {}

  /** Builds the payload, the encoded packet and the channels. */
  @Setup
  public void setUp() {
    payload = alloc.directBuffer(payloadSize);
    for (int i = 0; i < payloadSize; i++) {
      payload.writeByte('a' + i % 26);
    }
    encodeChannel = new EmbeddedChannel(sink, MqttEncoder.INSTANCE);
    voidPromise = encodeChannel.voidPromise();
    EmbeddedChannel once = new EmbeddedChannel(MqttEncoder.INSTANCE);
    once.writeOutbound(message());
    ByteBuf encoded = once.readOutbound();
    wire = alloc.directBuffer(encoded.readableBytes()).writeBytes(encoded);
    encoded.release();
    once.finishAndReleaseAll();
    decodeChannel = new EmbeddedChannel(new MqttDecoder(1 << 20), decodeSink);
    EmbeddedChannel connectEncoder = new EmbeddedChannel(MqttEncoder.INSTANCE);
    connectEncoder.writeOutbound(
        MqttMessageBuilders.connect()
            .protocolVersion(MqttVersion.MQTT_3_1_1)
            .clientId("b")
            .build());
    decodeChannel.writeInbound((ByteBuf) connectEncoder.readOutbound());
    connectEncoder.finishAndReleaseAll();
    decodePipeline = decodeChannel.pipeline();
  }

  private MqttPublishMessage message() {
    return new MqttPublishMessage(
        new MqttFixedHeader(MqttMessageType.PUBLISH, false, MqttQoS.AT_LEAST_ONCE, false, 0),
        new MqttPublishVariableHeader(MqttPublishCodec.TOPIC, 1),
        payload.retainedDuplicate());
  }

  /** Releases everything. */
  @TearDown
  public void tearDown() {
    encodeChannel.finishAndReleaseAll();
    decodeChannel.finishAndReleaseAll();
    payload.release();
    wire.release();
  }

  /**
   * Encodes one PUBLISH.
   *
   * @return bytes encoded so far
   */
  @Benchmark
  @SuppressWarnings("FutureReturnValueIgnored") // a void promise: nothing to wait for
  public long encode() {
    encodeChannel.write(message(), voidPromise);
    return sink.bytes;
  }

  /**
   * Decodes one PUBLISH.
   *
   * @return messages decoded so far
   */
  @Benchmark
  public long decode() {
    decodePipeline.fireChannelRead(wire.retainedDuplicate());
    decodePipeline.fireChannelReadComplete();
    return decodeSink.messages;
  }

  /** Counts and releases what reaches it, in both directions. */
  static final class Sink extends ChannelDuplexHandler {
    long bytes;
    long messages;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      messages++;
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      bytes += ((ByteBuf) msg).readableBytes();
      ((ByteBuf) msg).release();
    }
  }
}
