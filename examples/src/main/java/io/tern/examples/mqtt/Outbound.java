package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;

/**
 * One message on its way to one client: what it was routed with (the granted QoS, Retain As
 * Published, the matching subscriptions' identifiers, when the broker received it) and, once it
 * enters the in-flight window, its packet identifier and whether PUBREC has come back for it.
 *
 * <p>Threading: belongs to one session and is used on that session's loop only.
 *
 * <p>Ownership: holds one reference of its message until {@link #release()}.
 */
final class Outbound {
  private final MqttPublishMessage message;
  private final MqttQoS qos;
  private final boolean retain;
  private final int[] ids;
  private final long receivedNanos;
  private int packetId;
  private boolean released;

  /** Takes over one reference of {@code message}. */
  Outbound(MqttPublishMessage message, MqttQoS qos, boolean retain, int[] ids, long nanos) {
    this.message = message;
    this.qos = qos;
    this.retain = retain;
    this.ids = ids;
    this.receivedNanos = nanos;
  }

  MqttPublishMessage message() {
    return message;
  }

  MqttQoS qos() {
    return qos;
  }

  boolean retain() {
    return retain;
  }

  /** The identifiers of the subscriptions it matched (MQTT 5), possibly none. */
  int[] subscriptionIds() {
    return ids;
  }

  long receivedNanos() {
    return receivedNanos;
  }

  /** Its packet identifier; 0 until it enters the in-flight window (and always at QoS 0). */
  int packetId() {
    return packetId;
  }

  void assignPacketId(int id) {
    packetId = id;
  }

  /** Whether PUBREC came back and PUBREL went out (QoS 2): only PUBCOMP is awaited. */
  boolean isReleased() {
    return released;
  }

  void markReleased() {
    released = true;
  }

  /** Gives up the message's reference. */
  void release() {
    message.release();
  }
}
