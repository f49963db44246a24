package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.util.Objects;

/**
 * PUBLISH: an application message on a topic.
 *
 * <p>The topic may be empty when MQTT 5's {@link MqttProperty#TOPIC_ALIAS} stands for it. The
 * packet identifier is 0 for QoS 0 and 1 to 65535 otherwise. {@link #withRouting} makes the copy a
 * server forwards to one subscriber: same payload bytes (a retained duplicate, no copy), its own
 * topic, QoS, flags, identifier and properties.
 *
 * <h2>Threading</h2>
 *
 * Immutable once built; any thread may read it. Reference counting is thread-safe as the payload's
 * is.
 *
 * <h2>Ownership</h2>
 *
 * The message is the payload's reference count: {@link #retain()} and {@link #release()} act on the
 * payload. Whoever holds the message last releases it; the encoder releases what it writes, the
 * decoder hands out messages with one reference.
 */
public final class MqttPublishMessage implements MqttMessage, ReferenceCounted {
  private final String topic;
  private final MqttQoS qos;
  private final boolean dup;
  private final boolean retain;
  private final int packetId;
  private final MqttProperties properties;
  private final ByteBuf payload;

  /**
   * Creates a PUBLISH that takes over one reference of {@code payload}.
   *
   * @param topic the topic name (empty with a topic alias)
   * @param qos the QoS
   * @param dup whether this is a redelivery
   * @param retain whether the message is retained
   * @param packetId 0 for QoS 0, else 1 to 65535
   * @param properties the properties (MQTT 5), {@link MqttProperties#NONE} if none
   * @param payload the body; the message owns the reference passed in
   * @throws IllegalArgumentException if the packet identifier does not fit the QoS
   * @throws NullPointerException if a component is {@code null}
   */
  public MqttPublishMessage(
      String topic,
      MqttQoS qos,
      boolean dup,
      boolean retain,
      int packetId,
      MqttProperties properties,
      ByteBuf payload) {
    this.topic = Objects.requireNonNull(topic, "topic");
    this.qos = Objects.requireNonNull(qos, "qos");
    this.properties = Objects.requireNonNull(properties, "properties");
    this.payload = Objects.requireNonNull(payload, "payload");
    if (qos == MqttQoS.AT_MOST_ONCE ? packetId != 0 : packetId < 1 || packetId > 0xFFFF) {
      throw new IllegalArgumentException("packetId " + packetId + " with " + qos);
    }
    this.dup = dup;
    this.retain = retain;
    this.packetId = packetId;
  }

  @Override
  public MqttMessageType type() {
    return MqttMessageType.PUBLISH;
  }

  /**
   * Returns the topic name.
   *
   * @return the topic (empty if a topic alias stands for it)
   */
  public String topic() {
    return topic;
  }

  /**
   * Returns the QoS.
   *
   * @return the QoS
   */
  public MqttQoS qos() {
    return qos;
  }

  /**
   * Tells whether this is a redelivery.
   *
   * @return the DUP flag
   */
  public boolean isDup() {
    return dup;
  }

  /**
   * Tells whether the message is retained.
   *
   * @return the RETAIN flag
   */
  public boolean isRetain() {
    return retain;
  }

  /**
   * Returns the packet identifier.
   *
   * @return 0 for QoS 0, else 1 to 65535
   */
  public int packetId() {
    return packetId;
  }

  /**
   * Returns the properties.
   *
   * @return the properties, {@link MqttProperties#NONE} if none
   */
  public MqttProperties properties() {
    return properties;
  }

  /**
   * Returns the payload; the message keeps it (retain it to keep it longer than the message).
   *
   * @return the payload
   */
  public ByteBuf payload() {
    return payload;
  }

  /**
   * Returns a new message with the same payload bytes (a retained duplicate: this message keeps its
   * own reference) and the given routing fields.
   *
   * @param topic the topic
   * @param qos the QoS
   * @param dup the DUP flag
   * @param retain the RETAIN flag
   * @param packetId the packet identifier (0 for QoS 0)
   * @param properties the properties
   * @return the new message, holding one reference of its own
   */
  public MqttPublishMessage withRouting(
      String topic,
      MqttQoS qos,
      boolean dup,
      boolean retain,
      int packetId,
      MqttProperties properties) {
    ByteBuf dupPayload = payload.retainedDuplicate();
    try {
      return new MqttPublishMessage(topic, qos, dup, retain, packetId, properties, dupPayload);
    } catch (RuntimeException e) {
      dupPayload.release();
      throw e;
    }
  }

  @Override
  public int refCnt() {
    return payload.refCnt();
  }

  @Override
  public MqttPublishMessage retain() {
    payload.retain();
    return this;
  }

  @Override
  public MqttPublishMessage retain(int increment) {
    payload.retain(increment);
    return this;
  }

  @Override
  public MqttPublishMessage touch() {
    payload.touch();
    return this;
  }

  @Override
  public MqttPublishMessage touch(Object hint) {
    payload.touch(hint);
    return this;
  }

  @Override
  public boolean release() {
    return payload.release();
  }

  @Override
  public boolean release(int decrement) {
    return payload.release(decrement);
  }

  @Override
  public String toString() {
    return "MqttPublishMessage(topic="
        + topic
        + ", qos="
        + qos.value()
        + (dup ? ", dup" : "")
        + (retain ? ", retain" : "")
        + ", packetId="
        + packetId
        + ", properties="
        + properties
        + ", payload="
        + payload.readableBytes()
        + " bytes)";
  }
}
