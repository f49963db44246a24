package io.tern.codec.mqtt;

/**
 * PINGREQ and PINGRESP: packets without content, one shared instance each.
 *
 * <h2>Threading</h2>
 *
 * Immutable constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum MqttPingMessage implements MqttMessage {
  /** A ping request (client to server). */
  PINGREQ(MqttMessageType.PINGREQ),
  /** A ping response (server to client). */
  PINGRESP(MqttMessageType.PINGRESP);

  private final MqttMessageType type;

  MqttPingMessage(MqttMessageType type) {
    this.type = type;
  }

  @Override
  public MqttMessageType type() {
    return type;
  }
}
