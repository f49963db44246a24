package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * SUBACK: one reason code per filter of the SUBSCRIBE it answers (the granted QoS 0 to 2, or a
 * failure code).
 *
 * <h2>Threading</h2>
 *
 * Immutable once built (do not change the array after handing it over); any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param packetId the packet identifier of the SUBSCRIBE
 * @param reasonCodes MQTT 5 reason codes in filter order; the encoder maps failures to {@code 0x80}
 *     for 3.1 and 3.1.1, whose decoder accepts only 0, 1, 2 and {@code 0x80}
 * @param properties the properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
@SuppressWarnings("ArrayRecordComponent") // handed over, never compared
public record MqttSubAckMessage(int packetId, int[] reasonCodes, MqttProperties properties)
    implements MqttMessage {

  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException if the packet identifier or a reason code is out of range
   * @throws NullPointerException if a component is {@code null}
   */
  public MqttSubAckMessage {
    MqttPubReplyMessage.checkPacketId(packetId);
    for (int code : reasonCodes) {
      MqttPubReplyMessage.checkReasonCode(code);
    }
    Objects.requireNonNull(properties, "properties");
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.SUBACK;
  }
}
