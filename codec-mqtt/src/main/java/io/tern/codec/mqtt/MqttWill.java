package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * The will of a CONNECT: the message the server publishes when the connection ends without a
 * DISCONNECT (or, in MQTT 5, with reason code {@code 0x04}), after the will delay.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects: the payload is a plain array (kept, not copied).
 *
 * @param topic the topic to publish to
 * @param payload the message body
 * @param qos the QoS to publish at
 * @param retain whether the will is retained
 * @param properties the will properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
@SuppressWarnings("ArrayRecordComponent") // the payload is handed over, never compared
public record MqttWill(
    String topic, byte[] payload, MqttQoS qos, boolean retain, MqttProperties properties) {

  /**
   * Checks the components.
   *
   * @throws NullPointerException if one is {@code null}
   */
  public MqttWill {
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(qos, "qos");
    Objects.requireNonNull(properties, "properties");
  }
}
