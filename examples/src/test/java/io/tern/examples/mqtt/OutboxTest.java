package io.tern.examples.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttMessageType;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttPubReplyMessage;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OutboxTest {
  private final RecordingLink link = new RecordingLink();
  private final Outbox outbox = new Outbox(link, 3);

  @AfterEach
  void releaseEverything() {
    outbox.releaseAll();
    link.releaseWritten();
  }

  @Test
  void qos1MessagesBeyondTheReceiveMaximumWaitUntilAnAcknowledgementFreesTheWindow() {
    connect(MqttVersion.MQTT_5, 2);
    for (int i = 0; i < 3; i++) {
      outbox.offer(message("m" + i), MqttQoS.AT_LEAST_ONCE, false, Broker.NO_IDS, now(), null);
    }
    assertThat(link.publishedPayloads()).containsExactly("m0", "m1");
    assertThat(outbox.inFlightCount()).isEqualTo(2);
    assertThat(outbox.queuedCount()).isEqualTo(1);

    outbox.completed(link.published().get(0).packetId());

    assertThat(link.publishedPayloads()).containsExactly("m0", "m1", "m2");
    assertThat(outbox.inFlightCount()).isEqualTo(2);
    assertThat(outbox.queuedCount()).isZero();
  }

  @Test
  void packetIdentifiersInUseAreNotHandedOutAgain() {
    connect(MqttVersion.MQTT_3_1_1, 0xFFFF);
    outbox.offer(message("a"), MqttQoS.AT_LEAST_ONCE, false, Broker.NO_IDS, now(), null);
    outbox.offer(message("b"), MqttQoS.EXACTLY_ONCE, false, Broker.NO_IDS, now(), null);
    List<MqttPublishMessage> sent = link.published();
    assertThat(sent.get(0).packetId()).isNotEqualTo(sent.get(1).packetId());
    assertThat(outbox.isInFlight(sent.get(0).packetId())).isTrue();
  }

  @Test
  void qos0IsSentButNeitherKeptInFlightNorQueuedForAnOfflineClient() {
    connect(MqttVersion.MQTT_3_1_1, 1);
    outbox.offer(message("online"), MqttQoS.AT_MOST_ONCE, false, Broker.NO_IDS, now(), null);
    link.online = false;
    outbox.offer(message("offline"), MqttQoS.AT_MOST_ONCE, false, Broker.NO_IDS, now(), null);

    assertThat(link.publishedPayloads()).containsExactly("online");
    assertThat(link.published().get(0).packetId()).isZero();
    assertThat(outbox.inFlightCount()).isZero();
    assertThat(outbox.queuedCount()).isZero();
  }

  @Test
  void theQueueOfAnOfflineClientIsBoundedAndDrainsOnReconnect() {
    link.online = false;
    for (int i = 0; i < 5; i++) {
      outbox.offer(message("q" + i), MqttQoS.AT_LEAST_ONCE, false, Broker.NO_IDS, now(), null);
    }
    assertThat(outbox.queuedCount()).isEqualTo(3);

    link.online = true;
    connect(MqttVersion.MQTT_3_1_1, 0xFFFF);
    outbox.redeliver();

    assertThat(link.publishedPayloads()).containsExactly("q0", "q1", "q2");
    assertThat(outbox.queuedCount()).isZero();
  }

  @Test
  void redeliveryResendsTheWindowInOrderWithDupAndPubRelWherePubRecCameBack() {
    connect(MqttVersion.MQTT_5, 10);
    outbox.offer(message("first"), MqttQoS.EXACTLY_ONCE, false, Broker.NO_IDS, now(), null);
    outbox.offer(message("second"), MqttQoS.AT_LEAST_ONCE, false, Broker.NO_IDS, now(), null);
    int firstId = link.published().get(0).packetId();
    int secondId = link.published().get(1).packetId();
    outbox.released(firstId);
    link.releaseWritten();

    outbox.disconnected();
    connect(MqttVersion.MQTT_5, 10);
    outbox.redeliver();

    assertThat(link.written).hasSize(2);
    assertThat(link.written.get(0))
        .isInstanceOfSatisfying(
            MqttPubReplyMessage.class,
            r -> {
              assertThat(r.type()).isEqualTo(MqttMessageType.PUBREL);
              assertThat(r.packetId()).isEqualTo(firstId);
            });
    assertThat(link.written.get(1))
        .isInstanceOfSatisfying(
            MqttPublishMessage.class,
            p -> {
              assertThat(p.isDup()).isTrue();
              assertThat(p.packetId()).isEqualTo(secondId);
            });
  }

  @Test
  void aMessageWhoseExpiryHasPassedIsDroppedInsteadOfSent() {
    connect(MqttVersion.MQTT_5, 10);
    MqttPublishMessage msg =
        MqttMessageBuilders.publish()
            .topic("t")
            .qos(MqttQoS.AT_LEAST_ONCE)
            .packetId(1)
            .property(MqttProperty.MESSAGE_EXPIRY_INTERVAL, 1)
            .payload("old")
            .build();
    outbox.offer(msg, MqttQoS.AT_LEAST_ONCE, false, Broker.NO_IDS, now() - 2_000_000_000L, null);

    assertThat(link.written).isEmpty();
    assertThat(outbox.inFlightCount()).isZero();
    assertThat(msg.refCnt()).isZero();
  }

  @Test
  void topicAliasesAreGivenUpToTheClientsMaximumAndUsedForRepeatedTopics() {
    outbox.connected(
        PublishTailor.forConnect(
            MqttMessageBuilders.connect()
                .version(MqttVersion.MQTT_5)
                .clientId("c")
                .property(MqttProperty.TOPIC_ALIAS_MAXIMUM, 1)
                .build()),
        10);
    outbox.offer(message("1"), MqttQoS.AT_MOST_ONCE, false, Broker.NO_IDS, now(), null);
    outbox.offer(message("2"), MqttQoS.AT_MOST_ONCE, false, Broker.NO_IDS, now(), null);

    List<MqttPublishMessage> sent = link.published();
    assertThat(sent.get(0).topic()).isEqualTo("t");
    assertThat(sent.get(0).properties().intValue(MqttProperty.TOPIC_ALIAS, 0)).isEqualTo(1);
    assertThat(sent.get(1).topic()).isEmpty();
    assertThat(sent.get(1).properties().intValue(MqttProperty.TOPIC_ALIAS, 0)).isEqualTo(1);
  }

  @Test
  void qos0SubscribersOfOneVersionShareOneEncodingOfTheMessage() {
    connect(MqttVersion.MQTT_3_1_1, 10);
    RecordingLink otherLink = new RecordingLink();
    Outbox other = new Outbox(otherLink, 3);
    other.connected(
        PublishTailor.forConnect(
            MqttMessageBuilders.connect().version(MqttVersion.MQTT_3_1_1).clientId("d").build()),
        10);
    MqttPublishMessage msg = message("shared");
    SharedPublish shared = new SharedPublish(msg);
    try {
      outbox.offer(msg.retain(), MqttQoS.AT_MOST_ONCE, false, Broker.NO_IDS, now(), shared);
      other.offer(msg.retain(), MqttQoS.AT_MOST_ONCE, false, Broker.NO_IDS, now(), shared);
      ByteBuf expected =
          MqttEncoder.encode(
              UnpooledByteBufAllocator.DEFAULT,
              msg.withRouting("t", MqttQoS.AT_MOST_ONCE, false, false, 0, MqttProperties.NONE),
              MqttVersion.MQTT_3_1_1);
      try {
        assertThat(link.written).singleElement().isEqualTo(expected);
        assertThat(otherLink.written).singleElement().isEqualTo(expected);
      } finally {
        expected.release();
      }
    } finally {
      shared.release();
      msg.release();
      otherLink.releaseWritten();
    }
  }

  private void connect(MqttVersion version, int receiveMaximum) {
    outbox.connected(
        PublishTailor.forConnect(
            MqttMessageBuilders.connect().version(version).clientId("c").build()),
        receiveMaximum);
  }

  private static MqttPublishMessage message(String payload) {
    return MqttMessageBuilders.publish()
        .topic("t")
        .qos(MqttQoS.AT_LEAST_ONCE)
        .packetId(1)
        .payload(payload)
        .build();
  }

  private static long now() {
    return System.nanoTime();
  }

  /** Records what the outbox writes; the test releases it. */
  private static final class RecordingLink implements Outbox.Link {
    final List<Object> written = new ArrayList<>();
    boolean online = true;

    @Override
    public boolean isOnline() {
      return online;
    }

    @Override
    public void write(Object msg) {
      if (!online) {
        ReferenceCountUtil.release(msg);
        return;
      }
      written.add(msg);
    }

    List<MqttPublishMessage> published() {
      List<MqttPublishMessage> out = new ArrayList<>();
      for (Object m : written) {
        if (m instanceof MqttPublishMessage p) {
          out.add(p);
        }
      }
      return out;
    }

    List<String> publishedPayloads() {
      List<String> out = new ArrayList<>();
      for (MqttPublishMessage p : published()) {
        out.add(p.payload().toString(java.nio.charset.StandardCharsets.UTF_8));
      }
      return out;
    }

    void releaseWritten() {
      for (Object m : written) {
        ReferenceCountUtil.release(m);
      }
      written.clear();
    }
  }
}
