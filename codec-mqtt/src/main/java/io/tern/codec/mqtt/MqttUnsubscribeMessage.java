package io.tern.codec.mqtt;

import java.util.List;
import java.util.Objects;

/**
 * UNSUBSCRIBE: one or more topic filters to remove.
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
 * @param topicFilters the filters, at least one
 * @param properties the properties (MQTT 5: user properties)
 */
public record MqttUnsubscribeMessage(
    int packetId, List<String> topicFilters, MqttProperties properties) implements MqttMessage {

  /**
   * Checks and copies the components.
   *
   * @throws IllegalArgumentException if the packet identifier is out of range
   * @throws NullPointerException if a component is {@code null}
   */
  public MqttUnsubscribeMessage {
    MqttPubReplyMessage.checkPacketId(packetId);
    topicFilters = List.copyOf(topicFilters);
    Objects.requireNonNull(properties, "properties");
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.UNSUBSCRIBE;
  }
}
