package io.tern.examples.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;

/**
 * The wire forms of one routed PUBLISH that many subscribers receive byte for byte alike: at QoS 0
 * (no packet identifier), without DUP, in one protocol version, with or without the RETAIN flag,
 * and (MQTT 5) with the publisher's forwardable properties only. Each form is encoded once, on
 * first use, and every subscriber on one loop writes a duplicate of it: a fan-out to N subscribers
 * encodes and copies the message once per loop instead of N times. Subscribers whose copy differs
 * (QoS 1 and 2, subscription identifiers, topic aliases, Message Expiry) get their own, made by
 * their {@link PublishTailor}.
 *
 * <p>Threading: made by a {@link Fanout} for one loop and used there only, while it hands the
 * message to that loop's sessions.
 *
 * <p>Ownership: holds the encoded forms until {@link #release()}; each {@link #wireForm} result is
 * the caller's own reference.
 */
final class SharedPublish {
  private final MqttPublishMessage message;
  private final ByteBuf[] forms = new ByteBuf[6];

  /** For {@code message}, which the caller keeps (and keeps alive until {@link #release()}). */
  SharedPublish(MqttPublishMessage message) {
    this.message = message;
  }

  /**
   * Returns the message as a QoS 0 PUBLISH in {@code version} with the given RETAIN flag: a
   * retained duplicate of the one encoding of that form, for the caller to write or release.
   */
  ByteBuf wireForm(MqttVersion version, boolean retain) {
    int v =
        switch (version) {
          case MQTT_3_1 -> 0;
          case MQTT_3_1_1 -> 1;
          case MQTT_5 -> 2;
        };
    int i = v * 2 + (retain ? 1 : 0);
    ByteBuf form = forms[i];
    if (form == null) {
      MqttPublishMessage wire =
          message.withRouting(
              message.topic(),
              MqttQoS.AT_MOST_ONCE,
              false,
              retain,
              0,
              version.isV5() ? Broker.forwardable(message.properties()) : MqttProperties.NONE);
      try {
        form = MqttEncoder.encode(ByteBufAllocator.DEFAULT, wire, version);
      } finally {
        wire.release();
      }
      forms[i] = form;
    }
    return form.retainedDuplicate();
  }

  /** Releases the encoded forms. */
  void release() {
    for (int i = 0; i < forms.length; i++) {
      if (forms[i] != null) {
        forms[i].release();
        forms[i] = null;
      }
    }
  }
}
