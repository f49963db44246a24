package io.tern.codec.mqtt;

import io.tern.codec.CorruptedFrameException;

/**
 * A packet the decoder rejected, with the MQTT 5 reason code the specification names for it.
 *
 * <p>What to do with it: if {@link #packetType()} is {@link MqttMessageType#CONNECT} (no session
 * exists yet), a server answers with CONNACK carrying {@link #reasonCode()} (the encoder maps it to
 * the 3.1.1 return code) and closes; otherwise an MQTT 5 peer gets DISCONNECT with the reason code
 * and older ones are simply disconnected. After raising it the decoder drops every further byte:
 * the stream cannot be resynchronised.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class MqttDecoderException extends CorruptedFrameException {
  private final int reasonCode;
  private final MqttMessageType packetType;
  private final MqttVersion version;

  /**
   * Creates the exception.
   *
   * @param reasonCode the reason code ({@link MqttReasonCodes})
   * @param packetType the type of the rejected packet, or {@code null} if not known
   * @param version the version the connection speaks (for a rejected CONNECT: the version it asked
   *     for, if known), or {@code null}
   * @param message what was wrong
   */
  public MqttDecoderException(
      int reasonCode, MqttMessageType packetType, MqttVersion version, String message) {
    super(message + " (" + MqttReasonCodes.name(reasonCode) + ")");
    this.reasonCode = reasonCode;
    this.packetType = packetType;
    this.version = version;
  }

  /**
   * Returns the reason code the specification names for this violation.
   *
   * @return an MQTT 5 reason code
   */
  public int reasonCode() {
    return reasonCode;
  }

  /**
   * Returns the type of the rejected packet.
   *
   * @return the type, or {@code null} if the fixed header itself was bad
   */
  public MqttMessageType packetType() {
    return packetType;
  }

  /**
   * Returns the protocol version of the connection (or the one a rejected CONNECT asked for).
   *
   * @return the version, or {@code null} if unknown
   */
  public MqttVersion version() {
    return version;
  }
}
