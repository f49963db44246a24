package io.tern.codec.mqtt;

import static io.tern.codec.mqtt.MqttWire.bytes;
import static io.tern.codec.mqtt.MqttWire.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.EncoderException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Byte-exact packets, as other implementations write them. */
class MqttWireFormatTest {

  @Test
  void decodesAnMqtt31ConnectAndRecordsTheVersion() {
    // MQIsdp level 3, clean session, keep-alive 60, client id "abc".
    EmbeddedChannel ch = new EmbeddedChannel(MqttDecoder.forServer(MqttDecoderLimits.DEFAULT));
    ch.writeInbound(Unpooled.wrappedBuffer(hex("10 11 0006 4D5149736470 03 02 003C 0003 616263")));
    MqttConnectMessage c = ch.readInbound();
    assertThat(c.version()).isEqualTo(MqttVersion.MQTT_3_1);
    assertThat(c.clientId()).isEqualTo("abc");
    assertThat(c.cleanStart()).isTrue();
    assertThat(c.keepAliveSeconds()).isEqualTo(60);
    assertThat(ch.attr(MqttVersion.ATTRIBUTE).get()).isEqualTo(MqttVersion.MQTT_3_1);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void writesConnectsAsTheSpecificationShowsThem() {
    assertThat(bytes(MqttWire.connect(MqttVersion.MQTT_3_1_1), MqttVersion.MQTT_3_1_1))
        .isEqualTo(hex("10 0E 0004 4D515454 04 02 003C 0002 6331"));
    assertThat(bytes(MqttWire.connect(MqttVersion.MQTT_5), MqttVersion.MQTT_5))
        .isEqualTo(hex("10 0F 0004 4D515454 05 02 003C 00 0002 6331"));
  }

  @Test
  void writesPublishWithVariableLengthRemainingLength() {
    MqttPublishMessage p =
        MqttMessageBuilders.publish()
            .topic("t")
            .qos(MqttQoS.AT_LEAST_ONCE)
            .packetId(10)
            .payload(Unpooled.wrappedBuffer(new byte[200]))
            .build();
    byte[] b = bytes(p, MqttVersion.MQTT_3_1_1);
    p.release();
    // 2 + 1 + 2 + 200 = 205 = 0xCD -> CD 01.
    assertThat(b).startsWith(hex("32 CD01 0001 74 000A"));
    assertThat(b).hasSize(208);
  }

  @Test
  void publishTopicIsWrittenAsItsUtf8BytesWhateverItsChars() {
    // ASCII, two-, three- and four-byte sequences, an unpaired surrogate (written as '?'), a topic
    // whose worst case (three bytes per char) would need a longer remaining length than it does,
    // and topics past the length written without counting first.
    String[] topics = {
      "a/b",
      "sensors/room-1/temperature",
      "h\u00e4user/\u20ac/\ud83d\ude00",
      "x\ud800y",
      "t".repeat(60),
      "\u00e9".repeat(21_845),
      "a".repeat(30_000),
      "\u00e9".repeat(32_767),
    };
    for (String topic : topics) {
      byte[] utf8 = topic.getBytes(StandardCharsets.UTF_8);
      for (MqttVersion v : MqttVersion.values()) {
        MqttPublishMessage p =
            MqttMessageBuilders.publish()
                .topic(topic)
                .qos(MqttQoS.AT_LEAST_ONCE)
                .packetId(7)
                .payload(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}))
                .build();
        try {
          byte[] b = bytes(p, v);
          int remaining = 2 + utf8.length + 2 + (v == MqttVersion.MQTT_5 ? 1 : 0) + 3;
          int header = 1 + MqttVarInt.size(remaining);
          assertThat(b).as(topic.length() + " chars, %s", v).hasSize(header + remaining);
          assertThat(b[0]).isEqualTo((byte) 0x32);
          assertThat(((b[header] & 0xFF) << 8) | (b[header + 1] & 0xFF)).isEqualTo(utf8.length);
          assertThat(Arrays.copyOfRange(b, header + 2, header + 2 + utf8.length)).isEqualTo(utf8);
          assertThat(MqttEncoder.packetSize(p, v)).isEqualTo(b.length);
          MqttPublishMessage decoded = decodeWithLongTopics(v, b);
          try {
            assertThat(decoded.topic()).isEqualTo(new String(utf8, StandardCharsets.UTF_8));
            assertThat(decoded.packetId()).isEqualTo(7);
            assertThat(ByteBufUtil.getBytes(decoded.payload())).containsExactly(1, 2, 3);
          } finally {
            decoded.release();
          }
        } finally {
          p.release();
        }
      }
    }
  }

  private static MqttPublishMessage decodeWithLongTopics(MqttVersion v, byte[] packet) {
    EmbeddedChannel ch =
        MqttWire.connectedServer(v, new MqttDecoderLimits(1 << 20, 256, 0xFFFF, 64, 64));
    try {
      ch.writeInbound(Unpooled.wrappedBuffer(packet));
      return ch.readInbound();
    } finally {
      ch.finish();
    }
  }

  @Test
  void publishTopicOverMqttsLimitIsRefusedWithoutLeaking() {
    MqttPublishMessage p =
        MqttMessageBuilders.publish()
            .topic("\u00e9".repeat(32_768))
            .payload(Unpooled.wrappedBuffer(new byte[1]))
            .build();
    try {
      assertThatThrownBy(() -> bytes(p, MqttVersion.MQTT_3_1_1))
          .isInstanceOf(EncoderException.class)
          .hasMessageContaining("65535");
    } finally {
      p.release();
    }
  }

  @Test
  void publishWithTopicAliasAndEmptyTopicDecodes() {
    MqttPublishMessage p =
        (MqttPublishMessage)
            MqttWire.decodeAsServer(MqttVersion.MQTT_5, hex("30 07 0000 03 230005 68"));
    try {
      assertThat(p.topic()).isEmpty();
      assertThat(p.properties().intValue(MqttProperty.TOPIC_ALIAS, 0)).isEqualTo(5);
      assertThat(p.payload().readableBytes()).isEqualTo(1);
    } finally {
      p.release();
    }
  }

  @Test
  void decodesPacketsSplitAcrossReadsAndSeveralInOneRead() {
    EmbeddedChannel ch = MqttWire.connectedServer(MqttVersion.MQTT_3_1_1);
    byte[] two = hex("30 04 0001 61 78 C0 00");
    for (byte b : two) {
      ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    MqttPublishMessage p = ch.readInbound();
    assertThat(p.payload().readableBytes()).isEqualTo(1);
    p.release();
    assertThat(ch.<Object>readInbound()).isSameAs(MqttPingMessage.PINGREQ);
    ch.writeInbound(Unpooled.wrappedBuffer(two));
    MqttPublishMessage again = ch.readInbound();
    again.release();
    assertThat(ch.<Object>readInbound()).isSameAs(MqttPingMessage.PINGREQ);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void largePublishLeavesTheEncoderAsHeaderAndPayloadWithoutCopy() {
    EmbeddedChannel ch = MqttWire.connectedClient(MqttVersion.MQTT_3_1_1);
    ByteBuf payload = Unpooled.wrappedBuffer(new byte[64 * 1024]);
    MqttPublishMessage p = MqttMessageBuilders.publish().topic("big").payload(payload).build();
    ch.writeOutbound(p);
    ByteBuf header = ch.readOutbound();
    ByteBuf body = ch.readOutbound();
    assertThat(header.readableBytes()).isEqualTo(1 + 3 + 5);
    assertThat(body.readableBytes()).isEqualTo(64 * 1024);
    assertThat(body.unwrap()).isSameAs(payload);
    header.release();
    body.release();
    assertThat(payload.refCnt()).isZero();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void packetSizeIsTheEncodedSize() {
    MqttPublishMessage p =
        MqttMessageBuilders.publish()
            .topic("a/b")
            .qos(MqttQoS.EXACTLY_ONCE)
            .packetId(1)
            .userProperty("k", "värde")
            .payload(Unpooled.wrappedBuffer(new byte[300]))
            .build();
    try {
      for (MqttVersion v : MqttVersion.values()) {
        assertThat(MqttEncoder.packetSize(p, v)).isEqualTo(bytes(p, v).length);
      }
    } finally {
      p.release();
    }
  }
}
