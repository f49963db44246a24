package io.tern.codec.mqtt;

/**
 * An MQTT control packet, as {@link MqttDecoder} produces and {@link MqttEncoder} consumes it: one
 * class per packet shape ({@link MqttPubReplyMessage} stands for PUBACK, PUBREC, PUBREL and
 * PUBCOMP, {@link MqttPingMessage} for PINGREQ and PINGRESP).
 *
 * <h2>Threading</h2>
 *
 * Messages are immutable once built (their {@link MqttProperties} must not be changed after they
 * are handed over) and may be passed between threads.
 *
 * <h2>Ownership</h2>
 *
 * Only {@link MqttPublishMessage} holds a reference-counted payload; whoever holds it last releases
 * it. The other messages hold no reference-counted objects.
 */
public sealed interface MqttMessage
    permits MqttConnectMessage,
        MqttConnAckMessage,
        MqttPublishMessage,
        MqttPubReplyMessage,
        MqttSubscribeMessage,
        MqttSubAckMessage,
        MqttUnsubscribeMessage,
        MqttUnsubAckMessage,
        MqttPingMessage,
        MqttDisconnectMessage,
        MqttAuthMessage {

  /**
   * Returns the packet type.
   *
   * @return the type
   */
  MqttMessageType type();
}
