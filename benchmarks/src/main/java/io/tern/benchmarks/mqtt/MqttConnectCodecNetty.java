package io.tern.benchmarks.mqtt;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttVersion;
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

/** Netty's twin of {@link MqttConnectCodec}: same CONNECT, same pipeline shape. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MqttConnectCodecNetty {
  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private final MqttPublishCodecNetty.Sink sink = new MqttPublishCodecNetty.Sink();
  private final MqttPublishCodecNetty.Sink decodeSink = new MqttPublishCodecNetty.Sink();
  private ByteBuf wire;
  private EmbeddedChannel encodeChannel;
  private EmbeddedChannel decodeChannel;
  private ChannelPipeline decodePipeline;
  private ChannelPromise voidPromise;

  /** Creates the benchmark state (JMH does). */
  public MqttConnectCodecNetty() {}

  /** Builds the encoded packet and the channels. */
  @Setup
  public void setUp() {
    encodeChannel = new EmbeddedChannel(sink, MqttEncoder.INSTANCE);
    voidPromise = encodeChannel.voidPromise();
    EmbeddedChannel once = new EmbeddedChannel(MqttEncoder.INSTANCE);
    once.writeOutbound(message());
    ByteBuf encoded = once.readOutbound();
    wire = alloc.directBuffer(encoded.readableBytes()).writeBytes(encoded);
    encoded.release();
    once.finishAndReleaseAll();
    decodeChannel = new EmbeddedChannel(decodeSink);
    decodePipeline = decodeChannel.pipeline();
  }

  static MqttConnectMessage message() {
    MqttProperties will = new MqttProperties();
    will.add(new MqttProperties.IntegerProperty(0x18 /* WILL_DELAY_INTERVAL */, 10));
    will.add(new MqttProperties.StringProperty(0x03 /* CONTENT_TYPE */, "text/plain"));
    MqttProperties props = new MqttProperties();
    props.add(new MqttProperties.IntegerProperty(0x11 /* SESSION_EXPIRY_INTERVAL */, 3600));
    props.add(new MqttProperties.IntegerProperty(0x21 /* RECEIVE_MAXIMUM */, 100));
    props.add(new MqttProperties.IntegerProperty(0x27 /* MAXIMUM_PACKET_SIZE */, 65536));
    props.add(new MqttProperties.IntegerProperty(0x22 /* TOPIC_ALIAS_MAXIMUM */, 10));
    props.add(new MqttProperties.UserProperty("region", "eu-west"));
    props.add(new MqttProperties.UserProperty("app", "tern-bench"));
    return MqttMessageBuilders.connect()
        .protocolVersion(MqttVersion.MQTT_5)
        .clientId(MqttConnectCodec.CLIENT_ID)
        .cleanSession(true)
        .keepAlive(60)
        .username("device-user")
        .password(MqttConnectCodec.PASSWORD)
        .willFlag(true)
        .willTopic(MqttConnectCodec.WILL_TOPIC)
        .willMessage(MqttConnectCodec.WILL_PAYLOAD)
        .willQoS(MqttQoS.AT_LEAST_ONCE)
        .willRetain(true)
        .willProperties(will)
        .properties(props)
        .build();
  }

  /** Releases everything. */
  @TearDown
  public void tearDown() {
    encodeChannel.finishAndReleaseAll();
    decodeChannel.finishAndReleaseAll();
    wire.release();
  }

  /**
   * Builds and encodes one CONNECT.
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
   * Decodes one CONNECT with a fresh decoder.
   *
   * @return messages decoded so far
   */
  @Benchmark
  public long decode() {
    MqttDecoder decoder = new MqttDecoder(1 << 20);
    decodePipeline.addFirst("mqtt", decoder);
    decodePipeline.fireChannelRead(wire.retainedDuplicate());
    decodePipeline.remove(decoder);
    return decodeSink.messages;
  }
}
