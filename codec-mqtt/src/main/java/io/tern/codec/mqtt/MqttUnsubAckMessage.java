package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * UNSUBACK: in MQTT 5 one reason code per filter of the UNSUBSCRIBE it answers; in 3.1 and 3.1.1
 * none.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built (do not change the array after handing it over); any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param packetId the packet identifier of the UNSUBSCRIBE
 * @param reasonCodes the reason codes (MQTT 5; not written for older versions)
 * @param properties the properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
@SuppressWarnings("ArrayRecordComponent") // handed over, never compared
public record MqttUnsubAckMessage(int packetId, int[] reasonCodes, MqttProperties properties)
    implements MqttMessage {

  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException if the packet identifier or a reason code is out of range
   * @throws NullPointerException if a component is {@code null}
   */
  public MqttUnsubAckMessage {
    MqttPubReplyMessage.checkPacketId(packetId);
    for (int code : reasonCodes) {
      MqttPubReplyMessage.checkReasonCode(code);
    }
    Objects.requireNonNull(properties, "properties");
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.UNSUBACK;
  }
}
