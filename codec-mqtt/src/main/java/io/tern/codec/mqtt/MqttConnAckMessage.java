package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * CONNACK: the server's answer to CONNECT.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param sessionPresent whether the server resumed a session
 * @param reasonCode an MQTT 5 reason code ({@link MqttReasonCodes}); for 3.1 and 3.1.1 the decoder
 *     reports the return code as read (0 to 5: it rejects the reserved 6 to 255 as a malformed
 *     packet) and the encoder maps MQTT 5 codes onto return codes
 * @param properties the CONNACK properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
public record MqttConnAckMessage(boolean sessionPresent, int reasonCode, MqttProperties properties)
    implements MqttMessage {

  /**
   * Checks the components.
   *
   * @throws NullPointerException if {@code properties} is {@code null}
   * @throws IllegalArgumentException if the reason code is not a byte
   */
  public MqttConnAckMessage {
    Objects.requireNonNull(properties, "properties");
    MqttPubReplyMessage.checkReasonCode(reasonCode);
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.CONNACK;
  }
}
