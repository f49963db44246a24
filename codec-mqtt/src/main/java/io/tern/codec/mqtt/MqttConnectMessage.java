package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * CONNECT: the first packet a client sends. Build one with {@link MqttMessageBuilders#connect()}.
 *
 * <p>{@code cleanStart} is MQTT 5's Clean Start and 3.1.1's Clean Session flag; with MQTT 5 a
 * session survives the connection only for the {@link MqttProperty#SESSION_EXPIRY_INTERVAL}.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects: the password and will payload are plain arrays.
 *
 * @param version the protocol version the client speaks
 * @param clientId the client identifier, maybe empty (the server then assigns one)
 * @param cleanStart whether to discard an existing session
 * @param keepAliveSeconds the keep-alive, 0 to 65535 (0: none)
 * @param username the user name, or {@code null}
 * @param password the password, or {@code null}
 * @param will the will, or {@code null}
 * @param properties the CONNECT properties (MQTT 5), {@link MqttProperties#NONE} if none
 */
@SuppressWarnings("ArrayRecordComponent") // the password is handed over, never compared
public record MqttConnectMessage(
    MqttVersion version,
    String clientId,
    boolean cleanStart,
    int keepAliveSeconds,
    String username,
    byte[] password,
    MqttWill will,
    MqttProperties properties)
    implements MqttMessage {

  /**
   * Checks the components.
   *
   * @throws NullPointerException if a required one is {@code null}
   * @throws IllegalArgumentException if the keep-alive is out of range
   */
  public MqttConnectMessage {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(clientId, "clientId");
    Objects.requireNonNull(properties, "properties");
    if (keepAliveSeconds < 0 || keepAliveSeconds > 0xFFFF) {
      throw new IllegalArgumentException("keepAliveSeconds " + keepAliveSeconds);
    }
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.CONNECT;
  }
}
