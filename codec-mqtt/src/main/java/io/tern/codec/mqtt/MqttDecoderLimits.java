package io.tern.codec.mqtt;

/**
 * The limits {@link MqttDecoder} enforces on untrusted input, each rejected with the reason code
 * the specification names.
 *
 * <table>
 *   <caption>Limits and what exceeding them raises</caption>
 *   <tr><th>limit</th><th>default</th><th>reason code</th></tr>
 *   <tr><td>{@code maxPacketSize}: a whole packet, fixed header included</td><td>1 MiB</td>
 *       <td>{@code 0x95} Packet too large</td></tr>
 *   <tr><td>{@code maxClientIdLength}: bytes of a client identifier</td><td>256</td>
 *       <td>{@code 0x85} Client Identifier not valid (3.1.1: return code 2)</td></tr>
 *   <tr><td>{@code maxTopicLength}: bytes of a topic name or filter</td><td>1024</td>
 *       <td>{@code 0x90} Topic Name invalid, {@code 0x8F} Topic Filter invalid</td></tr>
 *   <tr><td>{@code maxUserProperties}: user properties in one property set</td><td>64</td>
 *       <td>{@code 0x97} Quota exceeded</td></tr>
 *   <tr><td>{@code maxTopicFilters}: filters in one SUBSCRIBE or UNSUBSCRIBE</td><td>64</td>
 *       <td>{@code 0x97} Quota exceeded</td></tr>
 * </table>
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param maxPacketSize the largest packet, 2 to 268,435,460 bytes
 * @param maxClientIdLength the longest client identifier in bytes, 23 to 65535
 * @param maxTopicLength the longest topic name or filter in bytes, 1 to 65535
 * @param maxUserProperties the most user properties in one property set, at least 0
 * @param maxTopicFilters the most topic filters in one SUBSCRIBE or UNSUBSCRIBE, at least 1
 */
public record MqttDecoderLimits(
    int maxPacketSize,
    int maxClientIdLength,
    int maxTopicLength,
    int maxUserProperties,
    int maxTopicFilters) {

  /** The largest packet the protocol can express: a 4-byte remaining length and its header. */
  public static final int PROTOCOL_MAX_PACKET_SIZE = MqttVarInt.MAX + 5;

  /** The defaults in the table above. */
  public static final MqttDecoderLimits DEFAULT = new MqttDecoderLimits(1 << 20, 256, 1024, 64, 64);

  /**
   * Checks the limits.
   *
   * @throws IllegalArgumentException if one is out of range
   */
  public MqttDecoderLimits {
    check("maxPacketSize", maxPacketSize, 2, PROTOCOL_MAX_PACKET_SIZE);
    check("maxClientIdLength", maxClientIdLength, 23, 0xFFFF);
    check("maxTopicLength", maxTopicLength, 1, 0xFFFF);
    check("maxUserProperties", maxUserProperties, 0, Integer.MAX_VALUE);
    check("maxTopicFilters", maxTopicFilters, 1, Integer.MAX_VALUE);
  }

  /**
   * Returns a copy with another packet size limit.
   *
   * @param bytes the largest packet
   * @return the new limits
   */
  public MqttDecoderLimits withMaxPacketSize(int bytes) {
    return new MqttDecoderLimits(
        bytes, maxClientIdLength, maxTopicLength, maxUserProperties, maxTopicFilters);
  }

  private static void check(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          name + " " + value + " (expected " + min + " to " + max + ")");
    }
  }
}
