package io.tern.codec.mqtt;

import java.util.List;
import java.util.Objects;

/**
 * SUBSCRIBE: one or more topic filters with their options.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param packetId the packet identifier, 1 to 65535
 * @param subscriptions the filters, at least one
 * @param properties the properties (MQTT 5: a subscription identifier, user properties)
 */
public record MqttSubscribeMessage(
    int packetId, List<MqttTopicSubscription> subscriptions, MqttProperties properties)
    implements MqttMessage {

  /**
   * Checks and copies the components.
   *
   * @throws IllegalArgumentException if the packet identifier is out of range
   * @throws NullPointerException if a component is {@code null}
   */
  public MqttSubscribeMessage {
    MqttPubReplyMessage.checkPacketId(packetId);
    subscriptions = List.copyOf(subscriptions);
    Objects.requireNonNull(properties, "properties");
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.SUBSCRIBE;
  }
}
