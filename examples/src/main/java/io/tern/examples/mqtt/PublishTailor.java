package io.tern.examples.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.codec.mqtt.MqttConnectMessage;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttVersion;
import java.util.HashMap;
import java.util.Map;

/**
 * Makes the PUBLISH one connection receives from a routed message: in the connection's protocol
 * version, with the Message Expiry Interval counted down, the subscription identifiers of the
 * filters it matched, a topic alias where the client allows them (up to its Topic Alias Maximum,
 * assigned in order and kept for the connection), and no larger than the client's Maximum Packet
 * Size. One per connection: a reconnecting client starts with no aliases.
 *
 * <p>Threading: belongs to one session and is used on that session's loop only.
 *
 * <p>Ownership: holds no reference-counted objects; the messages it makes hold their own reference
 * of the payload.
 */
final class PublishTailor {
  /** {@link #remainingExpiry} of a message without a Message Expiry Interval. */
  static final long NO_EXPIRY = -1;

  private final MqttVersion version;
  private final long maxPacketSize;
  private final int aliasMaximum;
  private Map<String, Integer> aliases;

  private PublishTailor(MqttVersion version, long maxPacketSize, int aliasMaximum) {
    this.version = version;
    this.maxPacketSize = maxPacketSize;
    this.aliasMaximum = aliasMaximum;
  }

  /** For the connection that sent {@code connect}: its version and what its properties allow. */
  static PublishTailor forConnect(MqttConnectMessage connect) {
    MqttProperties p = connect.properties();
    return new PublishTailor(
        connect.version(),
        p.longValue(MqttProperty.MAXIMUM_PACKET_SIZE, Long.MAX_VALUE),
        p.intValue(MqttProperty.TOPIC_ALIAS_MAXIMUM, 0));
  }

  /**
   * Returns the seconds left of the message's Message Expiry Interval (0 once it has expired), or
   * {@link #NO_EXPIRY}.
   */
  static long remainingExpiry(Outbound o) {
    long expiry = o.message().properties().longValue(MqttProperty.MESSAGE_EXPIRY_INTERVAL, -1);
    if (expiry < 0) {
      return NO_EXPIRY;
    }
    long left = expiry - (System.nanoTime() - o.receivedNanos()) / 1_000_000_000L;
    return Math.max(left, 0);
  }

  /**
   * Returns the PUBLISH to write for {@code o} (its own reference of the payload), or {@code null}
   * when it is larger than the client accepts (it is then to be dropped as if delivered).
   *
   * @param o the message, its packet identifier already assigned (QoS 1 and 2)
   * @param redelivery whether it is sent again (DUP)
   * @param expiryLeft what {@link #remainingExpiry} returned for it, above 0 or {@link #NO_EXPIRY}
   */
  MqttPublishMessage tailor(Outbound o, boolean redelivery, long expiryLeft) {
    MqttPublishMessage m = o.message();
    MqttProperties props = Broker.forwardable(m.properties());
    if (expiryLeft != NO_EXPIRY) {
      props =
          copyIfShared(props, m.properties()).set(MqttProperty.MESSAGE_EXPIRY_INTERVAL, expiryLeft);
    }
    int[] ids = o.subscriptionIds();
    if (ids.length > 0 && version.isV5()) {
      props = copyIfShared(props, m.properties());
      for (int id : ids) {
        props.addSubscriptionIdentifier(id);
      }
    }
    String topic = m.topic();
    if (aliasMaximum > 0 && version.isV5()) {
      if (aliases == null) {
        aliases = new HashMap<>();
      }
      Integer alias = aliases.get(topic);
      if (alias != null) {
        props = copyIfShared(props, m.properties()).set(MqttProperty.TOPIC_ALIAS, alias);
        topic = "";
      } else if (aliases.size() < aliasMaximum) {
        alias = aliases.size() + 1;
        aliases.put(topic, alias);
        props = copyIfShared(props, m.properties()).set(MqttProperty.TOPIC_ALIAS, alias);
      }
    }
    MqttPublishMessage wire =
        m.withRouting(
            topic,
            o.qos(),
            redelivery,
            o.retain(),
            o.packetId(),
            version.isV5() ? props : MqttProperties.NONE);
    if (maxPacketSize != Long.MAX_VALUE && MqttEncoder.packetSize(wire, version) > maxPacketSize) {
      wire.release();
      return null;
    }
    return wire;
  }

  /**
   * Whether this connection receives a QoS 0 copy of {@code m}, routed with subscription
   * identifiers {@code ids}, exactly as {@link SharedPublish} encodes it: no Message Expiry to
   * count down and, for MQTT 5, no subscription identifiers and no topic aliases.
   */
  boolean takesSharedForm(MqttPublishMessage m, int[] ids) {
    if (version.isV5() && (ids.length > 0 || aliasMaximum > 0)) {
      return false;
    }
    return !m.properties().contains(MqttProperty.MESSAGE_EXPIRY_INTERVAL);
  }

  /**
   * Returns this connection's copy of the shared QoS 0 form (the caller's reference), or {@code
   * null} when it is larger than the client accepts (it is then dropped as if delivered).
   */
  ByteBuf sharedForm(SharedPublish shared, boolean retain) {
    ByteBuf wire = shared.wireForm(version, retain);
    if (maxPacketSize != Long.MAX_VALUE && wire.readableBytes() > maxPacketSize) {
      wire.release();
      return null;
    }
    return wire;
  }

  private static MqttProperties copyIfShared(MqttProperties current, MqttProperties shared) {
    return current == shared ? shared.copy() : current;
  }
}
