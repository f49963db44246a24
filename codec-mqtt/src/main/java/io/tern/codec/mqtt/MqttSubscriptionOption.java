package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * The options of one subscription (the byte after each topic filter of SUBSCRIBE): the maximum QoS,
 * and in MQTT 5 No Local, Retain As Published and Retain Handling.
 *
 * <p>Every valid combination is a shared constant: {@link #of} and {@link #fromByte} look it up in
 * a table and never allocate.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param qos the maximum QoS of messages sent for this subscription
 * @param noLocal whether the client's own messages are not sent back to it
 * @param retainAsPublished whether forwarded messages keep the retain flag they were published with
 * @param retainHandling whether retained messages are sent when subscribing
 */
public record MqttSubscriptionOption(
    MqttQoS qos, boolean noLocal, boolean retainAsPublished, RetainHandling retainHandling) {

  /** When retained messages are sent for a new subscription. */
  public enum RetainHandling {
    /** Send retained messages at the time of the subscribe. */
    SEND_AT_SUBSCRIBE(0),
    /** Send them only if the subscription did not exist already. */
    SEND_AT_SUBSCRIBE_IF_NEW(1),
    /** Do not send retained messages. */
    DO_NOT_SEND(2);

    private static final RetainHandling[] VALUES = {
      SEND_AT_SUBSCRIBE, SEND_AT_SUBSCRIBE_IF_NEW, DO_NOT_SEND
    };

    private final int value;

    RetainHandling(int value) {
      this.value = value;
    }

    /**
     * Returns the wire value.
     *
     * @return 0, 1 or 2
     */
    public int value() {
      return value;
    }

    static RetainHandling valueOf(int value) {
      return VALUES[value];
    }
  }

  private static final MqttSubscriptionOption[] TABLE = new MqttSubscriptionOption[64];

  static {
    for (int b = 0; b < 64; b++) {
      int qos = b & 3;
      int rh = (b >> 4) & 3;
      if (qos < 3 && rh < 3) {
        TABLE[b] =
            new MqttSubscriptionOption(
                MqttQoS.valueOf(qos), (b & 4) != 0, (b & 8) != 0, RetainHandling.valueOf(rh));
      }
    }
  }

  /**
   * Checks the components.
   *
   * @throws NullPointerException if one is {@code null}
   */
  public MqttSubscriptionOption {
    Objects.requireNonNull(qos, "qos");
    Objects.requireNonNull(retainHandling, "retainHandling");
  }

  /**
   * Returns the shared options with only a QoS set.
   *
   * @param qos the maximum QoS
   * @return the options
   */
  public static MqttSubscriptionOption of(MqttQoS qos) {
    return TABLE[qos.value()];
  }

  /**
   * Returns the shared options.
   *
   * @param qos the maximum QoS
   * @param noLocal No Local
   * @param retainAsPublished Retain As Published
   * @param retainHandling Retain Handling
   * @return the options
   */
  public static MqttSubscriptionOption of(
      MqttQoS qos, boolean noLocal, boolean retainAsPublished, RetainHandling retainHandling) {
    return TABLE[
        qos.value()
            | (noLocal ? 4 : 0)
            | (retainAsPublished ? 8 : 0)
            | retainHandling.value() << 4];
  }

  /**
   * Returns the options an options byte encodes.
   *
   * @param value the byte
   * @return the options, or {@code null} if a reserved bit is set or a field has value 3
   */
  public static MqttSubscriptionOption fromByte(int value) {
    return value >= 0 && value < 64 ? TABLE[value] : null;
  }

  /**
   * Returns the options byte (MQTT 5 layout; for 3.1 and 3.1.1 only the QoS bits are written).
   *
   * @return the byte
   */
  public int toByte() {
    return qos.value()
        | (noLocal ? 4 : 0)
        | (retainAsPublished ? 8 : 0)
        | retainHandling.value() << 4;
  }
}
