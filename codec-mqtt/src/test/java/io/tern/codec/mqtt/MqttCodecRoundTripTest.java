package io.tern.codec.mqtt;

import static io.tern.codec.mqtt.MqttWire.bytes;
import static io.tern.codec.mqtt.MqttWire.decodeAsClient;
import static io.tern.codec.mqtt.MqttWire.decodeAsServer;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MqttCodecRoundTripTest {

  private static MqttProperties props(MqttVersion v, MqttProperties p) {
    return v.isV5() ? p : MqttProperties.NONE;
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void connectWithWillUserAndPasswordSurvivesEncodeDecode(MqttVersion v) {
    MqttProperties willProps =
        props(
            v,
            new MqttProperties()
                .set(MqttProperty.WILL_DELAY_INTERVAL, 30)
                .set(MqttProperty.CONTENT_TYPE, "text/plain")
                .set(MqttProperty.CORRELATION_DATA, new byte[] {1, 2}));
    MqttConnectMessage sent =
        MqttMessageBuilders.connect()
            .version(v)
            .clientId("client-ü-1")
            .cleanStart(false)
            .keepAlive(42)
            .username("user")
            .password(new byte[] {9, 8, 7})
            .will(
                new MqttWill(
                    "will/topic",
                    "bye".getBytes(StandardCharsets.UTF_8),
                    MqttQoS.EXACTLY_ONCE,
                    true,
                    willProps))
            .properties(
                props(
                    v,
                    new MqttProperties()
                        .set(MqttProperty.SESSION_EXPIRY_INTERVAL, 0xFFFF_FFFFL)
                        .set(MqttProperty.RECEIVE_MAXIMUM, 10)
                        .set(MqttProperty.MAXIMUM_PACKET_SIZE, 1000)
                        .set(MqttProperty.TOPIC_ALIAS_MAXIMUM, 5)
                        .set(MqttProperty.REQUEST_RESPONSE_INFORMATION, 1)
                        .set(MqttProperty.REQUEST_PROBLEM_INFORMATION, 0)
                        .set(MqttProperty.AUTHENTICATION_METHOD, "SCRAM")
                        .set(MqttProperty.AUTHENTICATION_DATA, new byte[] {4})
                        .addUserProperty("a", "1")
                        .addUserProperty("a", "2")))
            .build();
    EmbeddedChannel ch =
        new EmbeddedChannel(MqttDecoder.forServer(MqttDecoderLimits.DEFAULT), new MqttEncoder());
    ch.writeInbound(Unpooled.wrappedBuffer(bytes(sent, v)));
    MqttConnectMessage got = ch.readInbound();
    assertThat(ch.attr(MqttVersion.ATTRIBUTE).get()).isEqualTo(v);
    ch.finish();
    assertThat(got.version()).isEqualTo(v);
    assertThat(got.clientId()).isEqualTo("client-ü-1");
    assertThat(got.cleanStart()).isFalse();
    assertThat(got.keepAliveSeconds()).isEqualTo(42);
    assertThat(got.username()).isEqualTo("user");
    assertThat(got.password()).containsExactly(9, 8, 7);
    assertThat(got.will().topic()).isEqualTo("will/topic");
    assertThat(new String(got.will().payload(), StandardCharsets.UTF_8)).isEqualTo("bye");
    assertThat(got.will().qos()).isEqualTo(MqttQoS.EXACTLY_ONCE);
    assertThat(got.will().retain()).isTrue();
    assertThat(got.will().properties()).isEqualTo(willProps);
    assertThat(got.properties()).isEqualTo(sent.properties());
    if (v.isV5()) {
      assertThat(got.properties().longValue(MqttProperty.SESSION_EXPIRY_INTERVAL, 0))
          .isEqualTo(0xFFFF_FFFFL);
      assertThat(got.properties().userPropertyValue(1)).isEqualTo("2");
    }
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void connAckMapsReasonCodesForOlderVersions(MqttVersion v) {
    MqttConnAckMessage sent =
        MqttMessageBuilders.connAck()
            .sessionPresent(false)
            .reasonCode(MqttReasonCodes.CLIENT_IDENTIFIER_NOT_VALID)
            .properties(
                props(
                    v,
                    new MqttProperties()
                        .set(MqttProperty.ASSIGNED_CLIENT_IDENTIFIER, "auto-1")
                        .set(MqttProperty.SERVER_KEEP_ALIVE, 20)
                        .set(MqttProperty.MAXIMUM_QOS, 1)
                        .set(MqttProperty.RETAIN_AVAILABLE, 1)
                        .set(MqttProperty.WILDCARD_SUBSCRIPTION_AVAILABLE, 1)
                        .set(MqttProperty.SUBSCRIPTION_IDENTIFIER_AVAILABLE, 1)
                        .set(MqttProperty.SHARED_SUBSCRIPTION_AVAILABLE, 0)
                        .set(MqttProperty.RESPONSE_INFORMATION, "resp/")
                        .set(MqttProperty.SERVER_REFERENCE, "other")
                        .set(MqttProperty.REASON_STRING, "no")))
            .build();
    MqttConnAckMessage got = (MqttConnAckMessage) decodeAsClient(v, bytes(sent, v));
    assertThat(got.reasonCode())
        .isEqualTo(v.isV5() ? 0x85 : MqttReasonCodes.V3_IDENTIFIER_REJECTED);
    assertThat(got.properties()).isEqualTo(sent.properties());
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void publishAtEveryQosKeepsFlagsPropertiesAndPayload(MqttVersion v) {
    for (MqttQoS qos : MqttQoS.values()) {
      for (int size : new int[] {0, 5, MqttEncoder.COPY_THRESHOLD + 1}) {
        MqttProperties p =
            props(
                v,
                new MqttProperties()
                    .set(MqttProperty.PAYLOAD_FORMAT_INDICATOR, 1)
                    .set(MqttProperty.MESSAGE_EXPIRY_INTERVAL, 60)
                    .set(MqttProperty.TOPIC_ALIAS, 3)
                    .set(MqttProperty.RESPONSE_TOPIC, "reply/here")
                    .set(MqttProperty.CORRELATION_DATA, new byte[] {7})
                    .set(MqttProperty.CONTENT_TYPE, "x")
                    .addUserProperty("k", "v"));
        byte[] payload = new byte[size];
        java.util.Arrays.fill(payload, (byte) 'p');
        MqttPublishMessage sent =
            MqttMessageBuilders.publish()
                .topic("a/b/ç")
                .qos(qos)
                .retain(true)
                .dup(qos != MqttQoS.AT_MOST_ONCE)
                .packetId(qos == MqttQoS.AT_MOST_ONCE ? 0 : 513)
                .properties(p)
                .payload(Unpooled.wrappedBuffer(payload))
                .build();
        // Through the pipeline encoder: large payloads leave as two buffers.
        EmbeddedChannel client = MqttWire.connectedClient(v);
        client.writeOutbound(sent);
        ByteBuf wire = Unpooled.buffer();
        for (Object o; (o = client.readOutbound()) != null; ) {
          ByteBuf b = (ByteBuf) o;
          wire.writeBytes(b);
          b.release();
        }
        client.finish();
        MqttPublishMessage got =
            (MqttPublishMessage) decodeAsServer(v, io.tern.buffer.ByteBufUtil.getBytes(wire));
        wire.release();
        try {
          assertThat(got.topic()).isEqualTo("a/b/ç");
          assertThat(got.qos()).isEqualTo(qos);
          assertThat(got.isRetain()).isTrue();
          assertThat(got.isDup()).isEqualTo(qos != MqttQoS.AT_MOST_ONCE);
          assertThat(got.packetId()).isEqualTo(qos == MqttQoS.AT_MOST_ONCE ? 0 : 513);
          assertThat(got.properties()).isEqualTo(p);
          assertThat(io.tern.buffer.ByteBufUtil.getBytes(got.payload())).isEqualTo(payload);
        } finally {
          got.release();
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void publishReplies(MqttVersion v) {
    for (MqttMessageType type :
        List.of(
            MqttMessageType.PUBACK,
            MqttMessageType.PUBREC,
            MqttMessageType.PUBREL,
            MqttMessageType.PUBCOMP)) {
      for (int code : new int[] {0, 0x10, 0x92}) {
        if (!MqttReasonCodes.isAllowedIn(type, code)) {
          continue; // each type with the codes table 2-6 lists for it
        }
        MqttProperties p =
            code == 0x92
                ? props(v, new MqttProperties().set(MqttProperty.REASON_STRING, "why"))
                : MqttProperties.NONE;
        MqttPubReplyMessage sent = new MqttPubReplyMessage(type, 65535, v.isV5() ? code : 0, p);
        MqttPubReplyMessage got = (MqttPubReplyMessage) decodeAsServer(v, bytes(sent, v));
        assertThat(got).isEqualTo(sent);
        MqttPubReplyMessage gotByClient = (MqttPubReplyMessage) decodeAsClient(v, bytes(sent, v));
        assertThat(gotByClient).isEqualTo(sent);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void subscribeWithOptionsAndSubAck(MqttVersion v) {
    MqttSubscriptionOption full =
        v.isV5()
            ? MqttSubscriptionOption.of(
                MqttQoS.EXACTLY_ONCE, true, true, MqttSubscriptionOption.RetainHandling.DO_NOT_SEND)
            : MqttSubscriptionOption.of(MqttQoS.EXACTLY_ONCE);
    MqttSubscribeMessage sent =
        MqttMessageBuilders.subscribe()
            .packetId(7)
            .add("a/+/c", MqttQoS.AT_LEAST_ONCE)
            .add("$share/g/x/#", full)
            .properties(
                props(
                    v,
                    new MqttProperties()
                        .set(MqttProperty.SUBSCRIPTION_IDENTIFIER, 268_435_455)
                        .addUserProperty("u", "p")))
            .build();
    MqttSubscribeMessage got = (MqttSubscribeMessage) decodeAsServer(v, bytes(sent, v));
    assertThat(got.packetId()).isEqualTo(7);
    assertThat(got.subscriptions()).isEqualTo(sent.subscriptions());
    assertThat(got.properties()).isEqualTo(sent.properties());

    MqttSubAckMessage ack =
        new MqttSubAckMessage(7, new int[] {1, 2, 0, 0x8F}, MqttProperties.NONE);
    MqttSubAckMessage gotAck = (MqttSubAckMessage) decodeAsClient(v, bytes(ack, v));
    assertThat(gotAck.reasonCodes()).containsExactly(1, 2, 0, v.isV5() ? 0x8F : 0x80);
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void unsubscribeAndUnsubAck(MqttVersion v) {
    MqttUnsubscribeMessage sent =
        MqttMessageBuilders.unsubscribe().packetId(9).add("a/#").add("b").build();
    MqttUnsubscribeMessage got = (MqttUnsubscribeMessage) decodeAsServer(v, bytes(sent, v));
    assertThat(got).isEqualTo(sent);
    MqttUnsubAckMessage ack =
        new MqttUnsubAckMessage(
            9,
            v.isV5() ? new int[] {0, 0x11} : new int[0],
            props(v, new MqttProperties().addUserProperty("x", "y")));
    MqttUnsubAckMessage gotAck = (MqttUnsubAckMessage) decodeAsClient(v, bytes(ack, v));
    assertThat(gotAck.packetId()).isEqualTo(9);
    assertThat(gotAck.reasonCodes()).isEqualTo(ack.reasonCodes());
    assertThat(gotAck.properties()).isEqualTo(ack.properties());
  }

  @ParameterizedTest
  @EnumSource(MqttVersion.class)
  void pingsAndDisconnect(MqttVersion v) {
    assertThat(bytes(MqttPingMessage.PINGREQ, v)).containsExactly(0xC0, 0);
    assertThat(MqttWire.decodeAsServer(v, bytes(MqttPingMessage.PINGREQ, v)))
        .isSameAs(MqttPingMessage.PINGREQ);
    assertThat(MqttWire.decodeAsClient(v, bytes(MqttPingMessage.PINGRESP, v)))
        .isSameAs(MqttPingMessage.PINGRESP);
    assertThat(bytes(MqttDisconnectMessage.NORMAL, v)).containsExactly(0xE0, 0);
    MqttDisconnectMessage d =
        new MqttDisconnectMessage(
            4,
            new MqttProperties()
                .set(MqttProperty.SESSION_EXPIRY_INTERVAL, 10)
                .set(MqttProperty.SERVER_REFERENCE, "s"));
    MqttDisconnectMessage got = (MqttDisconnectMessage) decodeAsServer(v, bytes(d, v));
    assertThat(got).isEqualTo(v.isV5() ? d : MqttDisconnectMessage.NORMAL);
  }

  @org.junit.jupiter.api.Test
  void authExistsInMqtt5() {
    MqttAuthMessage auth =
        new MqttAuthMessage(
            MqttReasonCodes.CONTINUE_AUTHENTICATION,
            new MqttProperties()
                .set(MqttProperty.AUTHENTICATION_METHOD, "m")
                .set(MqttProperty.AUTHENTICATION_DATA, new byte[] {1}));
    assertThat(
            (MqttAuthMessage) decodeAsServer(MqttVersion.MQTT_5, bytes(auth, MqttVersion.MQTT_5)))
        .isEqualTo(auth);
    assertThat(bytes(new MqttAuthMessage(0, MqttProperties.NONE), MqttVersion.MQTT_5))
        .containsExactly(0xF0, 0);
  }
}
