package io.tern.codec.mqtt;

/**
 * A quality-of-service level of PUBLISH, subscriptions and wills.
 *
 * <h2>Threading</h2>
 *
 * Immutable constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum MqttQoS {
  /** At most once: no acknowledgement. */
  AT_MOST_ONCE(0),
  /** At least once: PUBACK. */
  AT_LEAST_ONCE(1),
  /** Exactly once: PUBREC, PUBREL, PUBCOMP. */
  EXACTLY_ONCE(2);

  private static final MqttQoS[] VALUES = {AT_MOST_ONCE, AT_LEAST_ONCE, EXACTLY_ONCE};

  private final int value;

  MqttQoS(int value) {
    this.value = value;
  }

  /**
   * Returns the level's wire value.
   *
   * @return 0, 1 or 2
   */
  public int value() {
    return value;
  }

  /**
   * Returns the level with this wire value, from a constant table.
   *
   * @param value 0, 1 or 2
   * @return the level
   * @throws IllegalArgumentException for any other value
   */
  public static MqttQoS valueOf(int value) {
    if (value < 0 || value > 2) {
      throw new IllegalArgumentException("QoS " + value + " (expected 0, 1 or 2)");
    }
    return VALUES[value];
  }

  /**
   * Returns the lower of two levels.
   *
   * @param a a level
   * @param b another
   * @return the lower one
   */
  public static MqttQoS min(MqttQoS a, MqttQoS b) {
    return a.value <= b.value ? a : b;
  }
}
