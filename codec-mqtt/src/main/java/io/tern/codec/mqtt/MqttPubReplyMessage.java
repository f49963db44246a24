package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * PUBACK, PUBREC, PUBREL or PUBCOMP: a packet identifier, and in MQTT 5 a reason code and
 * properties.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param type {@link MqttMessageType#PUBACK}, {@code PUBREC}, {@code PUBREL} or {@code PUBCOMP}
 * @param packetId the packet identifier, 1 to 65535
 * @param reasonCode the reason code ({@link MqttReasonCodes#SUCCESS} for 3.1 and 3.1.1)
 * @param properties the properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
public record MqttPubReplyMessage(
    MqttMessageType type, int packetId, int reasonCode, MqttProperties properties)
    implements MqttMessage {

  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException for another packet type, a packet identifier out of range or a
   *     reason code that is not a byte
   * @throws NullPointerException if {@code properties} is {@code null}
   */
  public MqttPubReplyMessage {
    if (type != MqttMessageType.PUBACK
        && type != MqttMessageType.PUBREC
        && type != MqttMessageType.PUBREL
        && type != MqttMessageType.PUBCOMP) {
      throw new IllegalArgumentException("type " + type);
    }
    checkPacketId(packetId);
    checkReasonCode(reasonCode);
    Objects.requireNonNull(properties, "properties");
  }

  /**
   * Creates a reply with reason code {@link MqttReasonCodes#SUCCESS} and no properties.
   *
   * @param type the packet type
   * @param packetId the packet identifier
   * @return the reply
   */
  public static MqttPubReplyMessage of(MqttMessageType type, int packetId) {
    return new MqttPubReplyMessage(type, packetId, MqttReasonCodes.SUCCESS, MqttProperties.NONE);
  }

  static void checkPacketId(int packetId) {
    if (packetId < 1 || packetId > 0xFFFF) {
      throw new IllegalArgumentException("packetId " + packetId + " (expected 1 to 65535)");
    }
  }

  static void checkReasonCode(int reasonCode) {
    if (reasonCode < 0 || reasonCode > 0xFF) {
      throw new IllegalArgumentException("reasonCode " + reasonCode);
    }
  }
}
