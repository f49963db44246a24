package io.tern.benchmarks.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One MQTT 3.1.1 QoS 1 PUBLISH ({@code sensors/room-1/temperature}, a pooled direct payload of
 * {@code payloadSize} bytes) per operation, through the pipeline: {@code encode} writes a new
 * message (holding a retained duplicate of the payload) into the encoder and a head-side sink
 * releases what comes out; {@code decode} fires the packet's bytes (a retained duplicate of a
 * pooled direct buffer, as a read would deliver them) into the decoder and a sink releases the
 * message. Twin of {@link MqttPublishCodecNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MqttPublishCodec {
  /** Payload bytes. */
  @Param({"16", "65536"})
  public int payloadSize;

  static final String TOPIC = "sensors/room-1/temperature";

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private ByteBuf payload;
  private ByteBuf wire;
  private EmbeddedChannel encodeChannel;
  private EmbeddedChannel decodeChannel;
  private Promise<Void> voidPromise;
  private ChannelPipeline decodePipeline;
  private final Sink sink = new Sink();
  private final Sink decodeSink = new Sink();

  /** Creates the benchmark state (JMH does). */
  public MqttPublishCodec() {}

  /** Builds the payload, the encoded packet and the channels. */
  @Setup
  public void setUp() {
    payload = alloc.directBuffer(payloadSize);
    for (int i = 0; i < payloadSize; i++) {
      payload.writeByte('a' + i % 26);
    }
    encodeChannel = new EmbeddedChannel(sink, new MqttEncoder());
    encodeChannel.attr(MqttVersion.ATTRIBUTE).set(MqttVersion.MQTT_3_1_1);
    voidPromise = encodeChannel.voidPromise();
    ByteBuf encoded = MqttEncoder.encode(alloc, message(), MqttVersion.MQTT_3_1_1);
    wire = alloc.directBuffer(encoded.readableBytes()).writeBytes(encoded);
    encoded.release();
    decodeChannel =
        new EmbeddedChannel(
            MqttDecoder.forServer(MqttDecoderLimits.DEFAULT.withMaxPacketSize(1 << 20)),
            decodeSink);
    decodeChannel.writeInbound(
        MqttEncoder.encode(
            alloc,
            MqttMessageBuilders.connect().version(MqttVersion.MQTT_3_1_1).clientId("b").build(),
            MqttVersion.MQTT_3_1_1));
    decodePipeline = decodeChannel.pipeline();
  }

  private MqttPublishMessage message() {
    return new MqttPublishMessage(
        TOPIC,
        MqttQoS.AT_LEAST_ONCE,
        false,
        false,
        1,
        MqttProperties.NONE,
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
  static final class Sink implements ChannelHandler {
    long bytes;
    long messages;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      messages++;
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      bytes += ((ByteBuf) msg).readableBytes();
      ((ByteBuf) msg).release();
    }
  }
}
