package io.tern.benchmarks.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.mqtt.MqttConnectMessage;
import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.codec.mqtt.MqttWill;
import io.tern.common.concurrent.Promise;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One MQTT 5 CONNECT with properties (session expiry, receive maximum, maximum packet size, topic
 * alias maximum, two user properties), a will with properties (will delay, content type), a user
 * name and a password, per operation. {@code encode} builds the message and writes it into the
 * encoder; {@code decode} adds a fresh decoder to the pipeline (a CONNECT is the first packet of a
 * connection, and a second one on the same decoder is a protocol error), fires the packet's bytes
 * into it and removes it again. Twin of {@link MqttConnectCodecNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MqttConnectCodec {
  static final String CLIENT_ID = "sensor-0001-4f2a9c";
  static final String WILL_TOPIC = "sensors/0001/status";
  static final byte[] WILL_PAYLOAD = "offline".getBytes(StandardCharsets.UTF_8);
  static final byte[] PASSWORD = "correct horse battery".getBytes(StandardCharsets.UTF_8);

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private final MqttPublishCodec.Sink sink = new MqttPublishCodec.Sink();
  private final MqttPublishCodec.Sink decodeSink = new MqttPublishCodec.Sink();
  private ByteBuf wire;
  private EmbeddedChannel encodeChannel;
  private EmbeddedChannel decodeChannel;
  private ChannelPipeline decodePipeline;
  private Promise<Void> voidPromise;

  /** Creates the benchmark state (JMH does). */
  public MqttConnectCodec() {}

  /** Builds the encoded packet and the channels. */
  @Setup
  public void setUp() {
    encodeChannel = new EmbeddedChannel(sink, new MqttEncoder());
    voidPromise = encodeChannel.voidPromise();
    ByteBuf encoded = MqttEncoder.encode(alloc, message(), MqttVersion.MQTT_5);
    wire = alloc.directBuffer(encoded.readableBytes()).writeBytes(encoded);
    encoded.release();
    decodeChannel = new EmbeddedChannel(decodeSink);
    decodePipeline = decodeChannel.pipeline();
  }

  static MqttConnectMessage message() {
    return MqttMessageBuilders.connect()
        .version(MqttVersion.MQTT_5)
        .clientId(CLIENT_ID)
        .cleanStart(true)
        .keepAlive(60)
        .username("device-user")
        .password(PASSWORD)
        .will(
            new MqttWill(
                WILL_TOPIC,
                WILL_PAYLOAD,
                MqttQoS.AT_LEAST_ONCE,
                true,
                new MqttProperties()
                    .set(MqttProperty.WILL_DELAY_INTERVAL, 10)
                    .set(MqttProperty.CONTENT_TYPE, "text/plain")))
        .property(MqttProperty.SESSION_EXPIRY_INTERVAL, 3600)
        .property(MqttProperty.RECEIVE_MAXIMUM, 100)
        .property(MqttProperty.MAXIMUM_PACKET_SIZE, 65536)
        .property(MqttProperty.TOPIC_ALIAS_MAXIMUM, 10)
        .userProperty("region", "eu-west")
        .userProperty("app", "tern-bench")
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
    MqttDecoder decoder = MqttDecoder.forServer(MqttDecoderLimits.DEFAULT);
    decodePipeline.addFirst("mqtt", decoder);
    decodePipeline.fireChannelRead(wire.retainedDuplicate());
    decodePipeline.remove(decoder);
    return decodeSink.messages;
  }
}
