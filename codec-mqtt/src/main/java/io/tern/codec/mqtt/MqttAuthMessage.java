package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * AUTH (MQTT 5): a step of an extended authentication exchange.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param reasonCode {@link MqttReasonCodes#SUCCESS}, {@link
 *     MqttReasonCodes#CONTINUE_AUTHENTICATION} or {@link MqttReasonCodes#RE_AUTHENTICATE}
 * @param properties the properties, {@link MqttProperties#NONE} if none
 */
public record MqttAuthMessage(int reasonCode, MqttProperties properties) implements MqttMessage {

  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException if the reason code is not a byte
   * @throws NullPointerException if {@code properties} is {@code null}
   */
  public MqttAuthMessage {
    MqttPubReplyMessage.checkReasonCode(reasonCode);
    Objects.requireNonNull(properties, "properties");
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.AUTH;
  }
}
