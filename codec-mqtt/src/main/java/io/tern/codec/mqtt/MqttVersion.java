package io.tern.codec.mqtt;

import io.tern.common.AttributeKey;
import io.tern.transport.channel.Channel;

/**
 * An MQTT protocol version: its protocol name and level as a CONNECT packet carries them.
 *
 * <p>The version a connection speaks is kept in the channel's {@link #ATTRIBUTE}: a server's {@link
 * MqttDecoder} sets it from the CONNECT it decodes, a client's {@link MqttEncoder} from the CONNECT
 * it encodes; every other packet is decoded and encoded in that version.
 *
 * <h2>Threading</h2>
 *
 * Immutable constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum MqttVersion {
  /** MQTT 3.1: protocol name {@code MQIsdp}, level 3. */
  MQTT_3_1("MQIsdp", 3),
  /** MQTT 3.1.1: protocol name {@code MQTT}, level 4. */
  MQTT_3_1_1("MQTT", 4),
  /** MQTT 5.0: protocol name {@code MQTT}, level 5; properties and reason codes. */
  MQTT_5("MQTT", 5);

  /** The channel attribute holding the version the connection speaks. */
  public static final AttributeKey<MqttVersion> ATTRIBUTE =
      AttributeKey.valueOf("io.tern.codec.mqtt.version");

  private final String protocolName;
  private final int level;

  MqttVersion(String protocolName, int level) {
    this.protocolName = protocolName;
    this.level = level;
  }

  /**
   * Returns the protocol name written in CONNECT.
   *
   * @return {@code MQIsdp} or {@code MQTT}
   */
  public String protocolName() {
    return protocolName;
  }

  /**
   * Returns the protocol level written in CONNECT.
   *
   * @return 3, 4 or 5
   */
  public int level() {
    return level;
  }

  /**
   * Tells whether this version has properties and reason codes (MQTT 5).
   *
   * @return {@code true} for {@link #MQTT_5}
   */
  public boolean isV5() {
    return this == MQTT_5;
  }

  /**
   * Returns the version with this protocol level, without allocating.
   *
   * @param level the level byte of a CONNECT
   * @return the version, or {@code null} if the level is unknown
   */
  public static MqttVersion ofLevel(int level) {
    return switch (level) {
      case 3 -> MQTT_3_1;
      case 4 -> MQTT_3_1_1;
      case 5 -> MQTT_5;
      default -> null;
    };
  }

  /**
   * Returns the version a channel speaks.
   *
   * @param channel the channel
   * @param defaultVersion returned while no CONNECT has been seen
   * @return the version
   */
  public static MqttVersion of(Channel channel, MqttVersion defaultVersion) {
    MqttVersion v = channel.attr(ATTRIBUTE).get();
    return v != null ? v : defaultVersion;
  }
}
