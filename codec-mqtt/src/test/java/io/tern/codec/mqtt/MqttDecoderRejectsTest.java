package io.tern.codec.mqtt;

import static io.tern.codec.mqtt.MqttWire.bytes;
import static io.tern.codec.mqtt.MqttWire.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** Bad input gets the reason code the specification names, and the stream is dropped after. */
class MqttDecoderRejectsTest {

  private static MqttDecoderException rejectAsServer(MqttVersion v, byte[] packet) {
    return rejectAsServer(v, packet, MqttDecoderLimits.DEFAULT);
  }

  private static MqttDecoderException rejectAsServer(
      MqttVersion v, byte[] packet, MqttDecoderLimits limits) {
    EmbeddedChannel ch = MqttWire.connectedServer(v, limits);
    return reject(ch, packet);
  }

  private static MqttDecoderException reject(EmbeddedChannel ch, byte[] packet) {
    try {
      Throwable t =
          org.assertj.core.api.Assertions.catchThrowable(
              () -> ch.writeInbound(Unpooled.wrappedBuffer(packet)));
      assertThat(t).isInstanceOf(MqttDecoderException.class);
      // The stream cannot be trusted any more: a valid packet after it is dropped.
      ch.writeInbound(Unpooled.wrappedBuffer(hex("C000")));
      assertThat(ch.<Object>readInbound()).isNull();
      return (MqttDecoderException) t;
    } finally {
      ch.finishAndReleaseAll();
    }
  }

  private static EmbeddedChannel freshServer() {
    return new EmbeddedChannel(MqttDecoder.forServer(MqttDecoderLimits.DEFAULT));
  }

  @Test
  void remainingLengthOfFiveBytesIsMalformed() {
    MqttDecoderException e = rejectAsServer(MqttVersion.MQTT_3_1_1, hex("30 FF FF FF FF 01"));
    assertThat(e.reasonCode()).isEqualTo(MqttReasonCodes.MALFORMED_PACKET);
  }

  @Test
  void reservedFixedHeaderFlagsAreMalformed() {
    // PINGREQ with a flag bit set; SUBSCRIBE without its mandatory 0b0010.
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("C1 00")).reasonCode()).isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("80 06 0001 0001 61 00")).reasonCode())
        .isEqualTo(0x81);
    // Packet type 0 is reserved.
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("00 00")).reasonCode()).isEqualTo(0x81);
  }

  @Test
  void publishQos3AndDupAtQos0AreMalformed() {
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("36 05 0001 61 0001")).reasonCode())
        .isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("38 03 0001 61")).reasonCode())
        .isEqualTo(0x81);
  }

  @Test
  void oversizedPacketIsRejectedFromItsHeaderAlone() {
    MqttDecoderLimits small = MqttDecoderLimits.DEFAULT.withMaxPacketSize(64);
    // Only the fixed header of a 1000-byte PUBLISH arrives: rejected before buffering the body.
    MqttDecoderException e = rejectAsServer(MqttVersion.MQTT_5, hex("30 E8 07"), small);
    assertThat(e.reasonCode()).isEqualTo(MqttReasonCodes.PACKET_TOO_LARGE);
    assertThat(e.packetType()).isEqualTo(MqttMessageType.PUBLISH);
  }

  @Test
  void publishBeforeConnectIsAProtocolError() {
    MqttDecoderException e = reject(freshServer(), hex("30 03 0001 61"));
    assertThat(e.reasonCode()).isEqualTo(MqttReasonCodes.PROTOCOL_ERROR);
    assertThat(reject(freshServer(), hex("C0 00")).reasonCode()).isEqualTo(0x82);
  }

  @Test
  void secondConnectIsAProtocolError() {
    byte[] connect = bytes(MqttWire.connect(MqttVersion.MQTT_5), MqttVersion.MQTT_5);
    assertThat(rejectAsServer(MqttVersion.MQTT_5, connect).reasonCode()).isEqualTo(0x82);
  }

  @Test
  void invalidUtf8TopicIsMalformed() {
    // Overlong '/' (C0 AF), an encoded surrogate (ED A0 80), and U+0000.
    for (String topic : new String[] {"C0AF", "EDA080", "6100"}) {
      int len = topic.length() / 2;
      String packet = String.format("30 %02X %04X %s", 2 + len, len, topic);
      assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex(packet)).reasonCode())
          .as(topic)
          .isEqualTo(MqttReasonCodes.MALFORMED_PACKET);
    }
  }

  @Test
  void wildcardInPublishTopicIsTopicNameInvalid() {
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 06 0003 612F23 00")).reasonCode())
        .isEqualTo(MqttReasonCodes.TOPIC_NAME_INVALID);
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("30 03 0001 2B")).reasonCode())
        .isEqualTo(MqttReasonCodes.TOPIC_NAME_INVALID);
  }

  @Test
  void limitsGetTheirReasonCodes() {
    MqttDecoderLimits limits = new MqttDecoderLimits(1 << 16, 23, 8, 2, 2);
    MqttConnectMessage longId =
        MqttMessageBuilders.connect().version(MqttVersion.MQTT_5).clientId("x".repeat(24)).build();
    MqttDecoderException e =
        reject(
            new EmbeddedChannel(MqttDecoder.forServer(limits)), bytes(longId, MqttVersion.MQTT_5));
    assertThat(e.reasonCode()).isEqualTo(MqttReasonCodes.CLIENT_IDENTIFIER_NOT_VALID);
    assertThat(e.packetType()).isEqualTo(MqttMessageType.CONNECT);
    assertThat(e.version()).isEqualTo(MqttVersion.MQTT_5);

    MqttPublishMessage longTopic =
        MqttMessageBuilders.publish().topic("t".repeat(9)).payload("x").build();
    byte[] packet = bytes(longTopic, MqttVersion.MQTT_5);
    longTopic.release();
    assertThat(rejectAsServer(MqttVersion.MQTT_5, packet, limits).reasonCode())
        .isEqualTo(MqttReasonCodes.TOPIC_NAME_INVALID);

    MqttSubscribeMessage longFilter =
        MqttMessageBuilders.subscribe()
            .packetId(1)
            .add("f".repeat(9), MqttQoS.AT_MOST_ONCE)
            .build();
    assertThat(
            rejectAsServer(MqttVersion.MQTT_5, bytes(longFilter, MqttVersion.MQTT_5), limits)
                .reasonCode())
        .isEqualTo(MqttReasonCodes.TOPIC_FILTER_INVALID);

    MqttPublishMessage manyProps =
        MqttMessageBuilders.publish()
            .topic("t")
            .userProperty("a", "1")
            .userProperty("b", "2")
            .userProperty("c", "3")
            .build();
    packet = bytes(manyProps, MqttVersion.MQTT_5);
    manyProps.release();
    assertThat(rejectAsServer(MqttVersion.MQTT_5, packet, limits).reasonCode())
        .isEqualTo(MqttReasonCodes.QUOTA_EXCEEDED);

    MqttSubscribeMessage manyFilters =
        MqttMessageBuilders.subscribe()
            .packetId(1)
            .add("a", MqttQoS.AT_MOST_ONCE)
            .add("b", MqttQoS.AT_MOST_ONCE)
            .add("c", MqttQoS.AT_MOST_ONCE)
            .build();
    assertThat(
            rejectAsServer(
                    MqttVersion.MQTT_3_1_1, bytes(manyFilters, MqttVersion.MQTT_3_1_1), limits)
                .reasonCode())
        .isEqualTo(MqttReasonCodes.QUOTA_EXCEEDED);
  }

  @Test
  void unsupportedProtocolLevelCarriesTheVersionToAnswerIn() {
    // "MQTT" level 6 and "MQIsdp" level 4.
    MqttDecoderException newer = reject(freshServer(), hex("10 0A 0004 4D515454 06 02 003C 0000"));
    assertThat(newer.reasonCode()).isEqualTo(MqttReasonCodes.UNSUPPORTED_PROTOCOL_VERSION);
    assertThat(newer.packetType()).isEqualTo(MqttMessageType.CONNECT);
    assertThat(newer.version()).isEqualTo(MqttVersion.MQTT_5);
    MqttDecoderException mixed =
        reject(freshServer(), hex("10 0E 0006 4D5149736470 04 02 003C 0000"));
    assertThat(mixed.reasonCode()).isEqualTo(MqttReasonCodes.UNSUPPORTED_PROTOCOL_VERSION);
  }

  @Test
  void connectFlagRulesAreEnforced() {
    // Reserved bit 0 set; will QoS without will flag; 3.1.1 password without user name.
    assertThat(reject(freshServer(), hex("10 0C 0004 4D515454 04 03 003C 0000")).reasonCode())
        .isEqualTo(0x81);
    assertThat(reject(freshServer(), hex("10 0C 0004 4D515454 04 0A 003C 0000")).reasonCode())
        .isEqualTo(0x81);
    assertThat(reject(freshServer(), hex("10 0E 0004 4D515454 04 42 003C 0000 0000")).reasonCode())
        .isEqualTo(0x81);
  }

  @Test
  void propertyRulesAreEnforced() {
    // PUBLISH with: an unknown property 0x07; a CONNACK-only property; a duplicate; alias 0.
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 06 0001 61 02 0700")).reasonCode())
        .isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 06 0001 61 02 2401")).reasonCode())
        .isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 08 0001 61 04 01000101")).reasonCode())
        .isEqualTo(0x82);
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 07 0001 61 03 230000")).reasonCode())
        .isEqualTo(MqttReasonCodes.TOPIC_ALIAS_INVALID);
    // Property length past the end of the packet.
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 05 0001 61 09 01")).reasonCode())
        .isEqualTo(0x81);
    // A flag property with value 2.
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 06 0001 61 02 0102")).reasonCode())
        .isEqualTo(0x82);
    // Subscription identifier from a client in PUBLISH.
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("30 06 0001 61 02 0B01")).reasonCode())
        .isEqualTo(0x82);
  }

  @Test
  void subscribeRulesAreEnforced() {
    // No filter; reserved option bits in 3.1.1; retain handling 3 in 5.
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("82 02 0001")).reasonCode())
        .isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("82 06 0001 0001 61 04")).reasonCode())
        .isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("82 07 0001 00 0001 61 30")).reasonCode())
        .isEqualTo(0x81);
    // Packet identifier 0.
    assertThat(rejectAsServer(MqttVersion.MQTT_5, hex("82 07 0000 00 0001 61 00")).reasonCode())
        .isEqualTo(0x82);
  }

  @Test
  void packetsOnlyTheOtherSideSendsAreProtocolErrors() {
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("20 02 0000")).reasonCode())
        .isEqualTo(0x82);
    EmbeddedChannel client = MqttWire.connectedClient(MqttVersion.MQTT_3_1_1);
    assertThat(reject(client, hex("C0 00")).reasonCode()).isEqualTo(0x82);
  }

  @Test
  void returnCodesReservedBeforeMqtt5AreMalformed() {
    // CONNACK 6 to 255 and SUBACK other than 0, 1, 2 and 0x80: the encoder could not write them
    // back, so reporting them as read would hand the application a code nobody sent.
    for (MqttVersion v : new MqttVersion[] {MqttVersion.MQTT_3_1, MqttVersion.MQTT_3_1_1}) {
      for (String packet : new String[] {"20 02 00 06", "20 02 00 20", "20 02 01 FF"}) {
        assertThat(reject(MqttWire.connectedClient(v), hex(packet)).reasonCode())
            .as("%s %s", v, packet)
            .isEqualTo(0x81);
      }
      assertThat(reject(MqttWire.connectedClient(v), hex("90 04 0001 00 03")).reasonCode())
          .isEqualTo(0x81);
      assertThat(reject(MqttWire.connectedClient(v), hex("90 03 0001 81")).reasonCode())
          .isEqualTo(0x81);
    }
  }

  @Test
  void returnCodesDefinedBeforeMqtt5AreReportedAsRead() {
    for (int code = 0; code <= 5; code++) {
      EmbeddedChannel client = MqttWire.connectedClient(MqttVersion.MQTT_3_1_1);
      try {
        client.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x20, 2, 0, (byte) code}));
        assertThat(client.<MqttConnAckMessage>readInbound().reasonCode()).isEqualTo(code);
      } finally {
        client.finishAndReleaseAll();
      }
    }
    EmbeddedChannel client = MqttWire.connectedClient(MqttVersion.MQTT_3_1_1);
    try {
      client.writeInbound(Unpooled.wrappedBuffer(hex("90 06 0001 00 01 02 80")));
      assertThat(client.<MqttSubAckMessage>readInbound().reasonCodes())
          .containsExactly(0, 1, 2, 0x80);
    } finally {
      client.finishAndReleaseAll();
    }
    EmbeddedChannel v5 = MqttWire.connectedClient(MqttVersion.MQTT_5);
    try {
      v5.writeInbound(Unpooled.wrappedBuffer(hex("20 03 00 9F 00  90 04 0001 00 9E")));
      assertThat(v5.<MqttConnAckMessage>readInbound().reasonCode()).isEqualTo(0x9F);
      assertThat(v5.<MqttSubAckMessage>readInbound().reasonCodes()).containsExactly(0x9E);
    } finally {
      v5.finishAndReleaseAll();
    }
  }

  @Test
  void mqtt5ReasonCodesOutsideTheirPacketsTableAreMalformed() {
    // Each packet with the first code table 2-6 does not list for it (or one it lists for
    // another packet only), as a client receives them.
    for (String packet :
        new String[] {
          "20 03 00 20 00", // CONNACK 0x20: listed nowhere
          "20 03 00 8B 00", // CONNACK 0x8B: DISCONNECT only
          "40 04 0001 92 00", // PUBACK 0x92: PUBREL and PUBCOMP only
          "50 04 0001 11 00", // PUBREC 0x11: UNSUBACK only
          "62 04 0001 10 00", // PUBREL 0x10: PUBACK and PUBREC only
          "70 04 0001 80 00", // PUBCOMP 0x80
          "90 05 0001 00 00 A3", // SUBACK 0xA3: listed nowhere
          "B0 04 0001 00 02", // UNSUBACK 0x02: SUBACK only
          "E0 02 18 00", // DISCONNECT 0x18: AUTH only
          "F0 02 87 00", // AUTH 0x87
        }) {
      assertThat(reject(MqttWire.connectedClient(MqttVersion.MQTT_5), hex(packet)).reasonCode())
          .as(packet)
          .isEqualTo(0x81);
    }
  }

  @Test
  void mqtt5ReasonCodesListedForTheirPacketPassAsRead() {
    EmbeddedChannel v5 = MqttWire.connectedClient(MqttVersion.MQTT_5);
    try {
      v5.writeInbound(
          Unpooled.wrappedBuffer(
              hex(
                  "40 04 0001 10 00  62 04 0002 92 00  B0 05 0003 00 11 8F  E0 02 A2 00  F0 02 19 00")));
      assertThat(v5.<MqttPubReplyMessage>readInbound().reasonCode()).isEqualTo(0x10);
      assertThat(v5.<MqttPubReplyMessage>readInbound().reasonCode()).isEqualTo(0x92);
      assertThat(v5.<MqttUnsubAckMessage>readInbound().reasonCodes()).containsExactly(0x11, 0x8F);
      assertThat(v5.<MqttDisconnectMessage>readInbound().reasonCode()).isEqualTo(0xA2);
      assertThat(v5.<MqttAuthMessage>readInbound().reasonCode()).isEqualTo(0x19);
    } finally {
      v5.finishAndReleaseAll();
    }
    for (int code = 0; code < 256; code++) {
      assertThat(MqttReasonCodes.isAllowedIn(MqttMessageType.PUBREL, code))
          .as("PUBREL %x", code)
          .isEqualTo(code == 0 || code == 0x92);
      assertThat(MqttReasonCodes.isAllowedIn(MqttMessageType.PUBLISH, code)).isFalse();
    }
  }

  @Test
  void trailingBytesAreMalformed() {
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("40 03 0001 00")).reasonCode())
        .isEqualTo(0x81);
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("E0 01 00")).reasonCode())
        .isEqualTo(0x81);
  }

  @Test
  void authIsReservedBeforeMqtt5() {
    assertThat(rejectAsServer(MqttVersion.MQTT_3_1_1, hex("F0 00")).reasonCode()).isEqualTo(0x81);
  }

  @Test
  void encoderRefusesStringsLongerThanMqttAllows() {
    MqttPublishMessage huge =
        MqttMessageBuilders.publish().topic("é".repeat(40_000)).payload("x").build();
    try {
      assertThatThrownBy(() -> bytes(huge, MqttVersion.MQTT_3_1_1))
          .isInstanceOf(io.tern.codec.EncoderException.class);
    } finally {
      huge.release();
    }
  }
}
