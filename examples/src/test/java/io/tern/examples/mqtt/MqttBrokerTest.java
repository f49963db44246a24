package io.tern.examples.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttMessage;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The example broker over NIO loopback, with the example client and raw sockets. */
class MqttBrokerTest {
  private final Transport nio = Transports.select("nio");
  private EventLoopGroup group;
  private ServerChannel server;
  private InetSocketAddress address;

  @BeforeEach
  void start() throws Exception {
    group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    server =
        MqttBroker.start(
                nio,
                group,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                BrokerConfig.DEFAULT)
            .sync()
            .getNow();
    address = (InetSocketAddress) server.localAddress();
  }

  @AfterEach
  void stop() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** A subscriber that counts down once subscribed and collects what it prints. */
  private final class Subscriber {
    final List<String> lines = new CopyOnWriteArrayList<>();
    final CountDownLatch subscribed = new CountDownLatch(1);
    final Future<Void> done;

    Subscriber(MqttVersion version, String filter, MqttQoS qos, int count) throws Exception {
      done =
          MqttClientExample.run(
              nio,
              group,
              address,
              new MqttClientHandler.Task(
                  version,
                  "sub-" + version + "-" + filter.hashCode(),
                  filter,
                  null,
                  qos,
                  false,
                  count,
                  line -> {
                    if (line.startsWith("subscribed")) {
                      subscribed.countDown();
                    } else {
                      lines.add(line);
                    }
                  }));
      assertThat(subscribed.await(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  private void publish(MqttVersion version, String topic, String message, MqttQoS qos)
      throws Exception {
    MqttClientExample.run(
            nio,
            group,
            address,
            new MqttClientHandler.Task(
                version,
                "pub-" + version,
                topic,
                message.getBytes(StandardCharsets.UTF_8),
                qos,
                false,
                1,
                line -> {}))
        .sync();
  }

  @Test
  void clientsOfEveryVersionExchangeMessagesAtEveryQos() throws Exception {
    for (MqttVersion v : MqttVersion.values()) {
      for (MqttQoS qos : MqttQoS.values()) {
        Subscriber sub = new Subscriber(v, "t/+/x", qos, 1);
        // A publisher of another version: the broker translates.
        MqttVersion other = v == MqttVersion.MQTT_5 ? MqttVersion.MQTT_3_1_1 : MqttVersion.MQTT_5;
        publish(other, "t/a/x", "hello " + v + " " + qos, qos);
        sub.done.sync();
        assertThat(sub.lines).containsExactly("t/a/x hello " + v + " " + qos);
      }
    }
  }

  /** A blocking raw client for bytes the example client would never send. */
  private static final class Raw implements AutoCloseable {
    final Socket socket;
    final InputStream in;

    Raw(InetSocketAddress address) throws Exception {
      socket = new Socket(address.getAddress(), address.getPort());
      socket.setSoTimeout(30_000);
      in = socket.getInputStream();
    }

    void send(byte[] bytes) throws Exception {
      socket.getOutputStream().write(bytes);
      socket.getOutputStream().flush();
    }

    void send(MqttMessage msg, MqttVersion v) throws Exception {
      ByteBuf buf = MqttEncoder.encode(UnpooledByteBufAllocator.DEFAULT, msg, v);
      try {
        send(ByteBufUtil.getBytes(buf));
      } finally {
        buf.release();
      }
    }

    byte[] readAll() throws Exception {
      return in.readAllBytes();
    }

    @Override
    public void close() throws Exception {
      socket.close();
    }
  }

  private static byte[] hex(String s) {
    return ByteBufUtil.decodeHexDump(s.replace(" ", ""));
  }

  @Test
  void badInputGetsTheReasonCodeTheSpecificationNamesAndOthersKeepBeingServed() throws Exception {
    Subscriber bystander = new Subscriber(MqttVersion.MQTT_5, "keep/#", MqttQoS.AT_LEAST_ONCE, 1);
    // Publishing before CONNECT: the connection is closed, nothing answered.
    try (Raw raw = new Raw(address)) {
      raw.send(hex("30 03 0001 61"));
      assertThat(raw.readAll()).isEmpty();
    }
    // A newer protocol level: CONNACK 0x84 in MQTT 5 form.
    try (Raw raw = new Raw(address)) {
      raw.send(hex("10 0A 0004 4D515454 06 02 003C 0000"));
      assertThat(raw.readAll()).isEqualTo(hex("20 03 00 84 00"));
    }
    // 3.1.1 with an empty client id and a persistent session: return code 2.
    try (Raw raw = new Raw(address)) {
      raw.send(
          MqttMessageBuilders.connect().version(MqttVersion.MQTT_3_1_1).cleanStart(false).build(),
          MqttVersion.MQTT_3_1_1);
      assertThat(raw.readAll()).isEqualTo(hex("20 02 00 02"));
    }
    // A wildcard in a PUBLISH topic after CONNECT: DISCONNECT 0x90.
    try (Raw raw = new Raw(address)) {
      raw.send(
          MqttMessageBuilders.connect().version(MqttVersion.MQTT_5).clientId("w").build(),
          MqttVersion.MQTT_5);
      raw.send(hex("30 05 0001 23 00 78"));
      byte[] got = raw.readAll();
      assertThat(ByteBufUtil.hexDump(got)).endsWith("e00190");
    }
    // A malformed remaining length and a reserved flag: closed.
    for (String bad : new String[] {"30 FF FF FF FF 01", "C1 00"}) {
      try (Raw raw = new Raw(address)) {
        raw.send(MqttMessageBuilders.connect().clientId("m").build(), MqttVersion.MQTT_3_1_1);
        raw.send(hex(bad));
        assertThat(ByteBufUtil.hexDump(raw.readAll())).isEqualTo("20020000");
      }
    }
    // An oversized packet in MQTT 5: DISCONNECT 0x95.
    try (Raw raw = new Raw(address)) {
      raw.send(
          MqttMessageBuilders.connect().version(MqttVersion.MQTT_5).clientId("big").build(),
          MqttVersion.MQTT_5);
      raw.send(hex("30 FF FF 7F"));
      assertThat(ByteBufUtil.hexDump(raw.readAll())).endsWith("e00195");
    }
    publish(MqttVersion.MQTT_3_1_1, "keep/going", "still here", MqttQoS.AT_LEAST_ONCE);
    bystander.done.sync();
    assertThat(bystander.lines).containsExactly("keep/going still here");
  }

  /** Reads one whole packet. */
  private static byte[] packet(InputStream in) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int header = in.read();
    assertThat(header).as("end of stream").isNotNegative();
    out.write(header);
    int length = 0;
    for (int shift = 0; ; shift += 7) {
      int b = in.read();
      out.write(b);
      length |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        break;
      }
    }
    out.write(in.readNBytes(length));
    return out.toByteArray();
  }

  @Test
  void persistentSessionGetsWhatWasPublishedWhileOffline() throws Exception {
    try (Raw first = new Raw(address)) {
      first.send(
          MqttMessageBuilders.connect()
              .version(MqttVersion.MQTT_5)
              .clientId("persistent")
              .cleanStart(true)
              .property(MqttProperty.SESSION_EXPIRY_INTERVAL, 60)
              .build(),
          MqttVersion.MQTT_5);
      assertThat(packet(first.in)[0]).isEqualTo((byte) 0x20);
      first.send(
          MqttMessageBuilders.subscribe().packetId(1).add("q/1", MqttQoS.AT_LEAST_ONCE).build(),
          MqttVersion.MQTT_5);
      assertThat(packet(first.in)[0]).isEqualTo((byte) 0x90);
      first.send(hex("E0 00"));
      assertThat(first.readAll()).isEmpty();
    }
    publish(MqttVersion.MQTT_3_1_1, "q/1", "queued", MqttQoS.AT_LEAST_ONCE);
    try (Raw again = new Raw(address)) {
      again.send(
          MqttMessageBuilders.connect()
              .version(MqttVersion.MQTT_3_1_1)
              .clientId("persistent")
              .cleanStart(false)
              .build(),
          MqttVersion.MQTT_3_1_1);
      // CONNACK with session present, then the queued PUBLISH at QoS 1.
      assertThat(ByteBufUtil.hexDump(packet(again.in))).isEqualTo("20020100");
      byte[] publish = packet(again.in);
      assertThat(publish[0]).isEqualTo((byte) 0x32);
      assertThat(new String(publish, publish.length - 6, 6, StandardCharsets.UTF_8))
          .isEqualTo("queued");
      // Acknowledged, then a clean start ends the session.
      again.send(hex("40 02" + ByteBufUtil.hexDump(publish, 7, 2)));
      again.send(hex("E0 00"));
      again.readAll();
    }
  }
}
