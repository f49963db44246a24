package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * DISCONNECT: the last packet of a connection; in MQTT 5 either side may send it, with a reason
 * code.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param reasonCode the reason code ({@link MqttReasonCodes#NORMAL_DISCONNECTION} for 3.1 and
 *     3.1.1)
 * @param properties the properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
public record MqttDisconnectMessage(int reasonCode, MqttProperties properties)
    implements MqttMessage {
  /** A normal disconnection without properties. */
  public static final MqttDisconnectMessage NORMAL =
      new MqttDisconnectMessage(MqttReasonCodes.NORMAL_DISCONNECTION, MqttProperties.NONE);

  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException if the reason code is not a byte
   * @throws NullPointerException if {@code properties} is {@code null}
   */
  public MqttDisconnectMessage {
    MqttPubReplyMessage.checkReasonCode(reasonCode);
    Objects.requireNonNull(properties, "properties");
  }

  /**
   * Creates a DISCONNECT with a reason code and no properties.
   *
   * @param reasonCode the reason code
   * @return the message
   */
  public static MqttDisconnectMessage of(int reasonCode) {
    return reasonCode == 0 ? NORMAL : new MqttDisconnectMessage(reasonCode, MqttProperties.NONE);
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.DISCONNECT;
  }
}
