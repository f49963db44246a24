package io.tern.codec.mqtt;

/**
 * The packet types, with the value of the fixed header's upper four bits.
 *
 * <h2>Threading</h2>
 *
 * Immutable constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum MqttMessageType {
  /** Client request to connect. */
  CONNECT(1),
  /** Connect acknowledgement. */
  CONNACK(2),
  /** Publish message. */
  PUBLISH(3),
  /** Publish acknowledgement (QoS 1). */
  PUBACK(4),
  /** Publish received (QoS 2, part 1). */
  PUBREC(5),
  /** Publish release (QoS 2, part 2). */
  PUBREL(6),
  /** Publish complete (QoS 2, part 3). */
  PUBCOMP(7),
  /** Subscribe request. */
  SUBSCRIBE(8),
  /** Subscribe acknowledgement. */
  SUBACK(9),
  /** Unsubscribe request. */
  UNSUBSCRIBE(10),
  /** Unsubscribe acknowledgement. */
  UNSUBACK(11),
  /** Ping request. */
  PINGREQ(12),
  /** Ping response. */
  PINGRESP(13),
  /** Disconnect notification (both directions in MQTT 5). */
  DISCONNECT(14),
  /** Authentication exchange (MQTT 5). */
  AUTH(15);

  private static final MqttMessageType[] BY_VALUE = new MqttMessageType[16];

  static {
    for (MqttMessageType t : values()) {
      BY_VALUE[t.value] = t;
    }
  }

  private final int value;

  MqttMessageType(int value) {
    this.value = value;
  }

  /**
   * Returns the type's wire value.
   *
   * @return 1 to 15
   */
  public int value() {
    return value;
  }

  /**
   * Returns the type with this wire value, from a constant table.
   *
   * @param value the upper four bits of a fixed header
   * @return the type, or {@code null} for 0 (reserved) or a value outside 0 to 15
   */
  public static MqttMessageType valueOf(int value) {
    return value >= 0 && value < 16 ? BY_VALUE[value] : null;
  }
}
