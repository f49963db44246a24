package io.tern.examples.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttTopics;
import io.tern.transport.EventLoop;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state every connection shares: sessions by client identifier, the subscription index and
 * retained messages; and the routing of a PUBLISH to the sessions it matches.
 *
 * <p>Threading: any loop may route and look up at once (concurrent maps, copy-on-write lists). Each
 * {@link Session} is changed only on its own loop, so routing hands a message to a session by a
 * {@link Fanout}: a plain call for a session living on the routing loop, one task per other loop.
 *
 * <p>Ownership: retained messages are copies held here until replaced, cleared or expired.
 */
final class Broker {
  /** A retained message and when it arrived (for Message Expiry Interval). */
  record Retained(MqttPublishMessage message, long receivedNanos) {}

  /** One target session's share of a PUBLISH when several of its filters match. */
  private static final class Target {
    MqttQoS qos = MqttQoS.AT_MOST_ONCE;
    boolean retain;
    int[] ids = NO_IDS;
  }

  static final int[] NO_IDS = new int[0];

  private final BrokerConfig config;
  private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();
  private final Subscriptions subscriptions = new Subscriptions();
  private final ConcurrentHashMap<String, Retained> retained = new ConcurrentHashMap<>();
  private final AtomicLong assignedIds = new AtomicLong();
  private static final ThreadLocal<List<Subscriptions.Subscription>> MATCHES =
      ThreadLocal.withInitial(ArrayList::new);
  private static final ThreadLocal<Map<Session, Target>> TARGETS =
      ThreadLocal.withInitial(IdentityHashMap::new);

  Broker(BrokerConfig config) {
    this.config = config;
  }

  BrokerConfig config() {
    return config;
  }

  Subscriptions subscriptions() {
    return subscriptions;
  }

  String assignClientId() {
    return "tern-" + Long.toString(System.nanoTime(), 36) + "-" + assignedIds.incrementAndGet();
  }

  /**
   * Returns the session to attach a connecting client to: its existing one unless it asks for a
   * clean start (the old one is then discarded), else a new one homed on {@code loop}.
   *
   * @return the session and whether it existed ({@code sessionPresent})
   */
  Session.Claim claim(String clientId, boolean cleanStart, EventLoop loop) {
    boolean[] present = new boolean[1];
    Session s =
        sessions.compute(
            clientId,
            (id, old) -> {
              if (old != null && !cleanStart && !old.isExpired()) {
                present[0] = true;
                return old;
              }
              if (old != null) {
                old.execute(old::discard);
              }
              return new Session(id, loop, this);
            });
    return new Session.Claim(s, present[0]);
  }

  void removeSession(Session s) {
    sessions.remove(s.clientId(), s);
  }

  /**
   * Sends {@code msg} to every session with a matching subscription: one copy per session at the
   * highest QoS its matching filters grant, with all their subscription identifiers.
   *
   * @param msg the message; the caller keeps its reference
   * @param from the publishing session (for No Local), or {@code null} for a will
   * @param receivedNanos when it arrived
   * @return whether any subscription matched
   */
  boolean route(MqttPublishMessage msg, Session from, long receivedNanos) {
    List<Subscriptions.Subscription> matches = MATCHES.get();
    subscriptions.match(msg.topic(), matches);
    if (matches.isEmpty()) {
      return false;
    }
    Fanout fanout = new Fanout(msg, receivedNanos);
    try {
      Map<Session, Target> targets = null;
      for (int i = 0, n = matches.size(); i < n; i++) {
        Subscriptions.Subscription sub = matches.get(i);
        Session to = sub.session();
        if (sub.option().noLocal() && to == from) {
          continue;
        }
        MqttQoS qos = MqttQoS.min(msg.qos(), sub.option().qos());
        boolean retain = sub.option().retainAsPublished() && msg.isRetain();
        if (to.subscriptionCount() <= 1) {
          // Only one filter of this session can match: no need to merge.
          fanout.add(to, qos, retain, sub.id() > 0 ? new int[] {sub.id()} : NO_IDS);
          continue;
        }
        if (targets == null) {
          targets = TARGETS.get();
        }
        Target t = targets.computeIfAbsent(to, k -> new Target());
        if (qos.value() > t.qos.value()) {
          t.qos = qos;
        }
        t.retain |= retain;
        if (sub.id() > 0) {
          t.ids = java.util.Arrays.copyOf(t.ids, t.ids.length + 1);
          t.ids[t.ids.length - 1] = sub.id();
        }
      }
      if (targets != null) {
        for (Map.Entry<Session, Target> e : targets.entrySet()) {
          Target t = e.getValue();
          fanout.add(e.getKey(), t.qos, t.retain, t.ids);
        }
        targets.clear();
      }
      return true;
    } finally {
      fanout.finish();
      matches.clear();
    }
  }

  /** Stores, replaces or (empty payload) clears the retained message of a topic. */
  void retain(MqttPublishMessage msg, long receivedNanos) {
    Retained old;
    if (!msg.payload().isReadable()) {
      old = retained.remove(msg.topic());
    } else {
      ByteBuf copy = Unpooled.copiedBuffer(msg.payload());
      MqttPublishMessage kept =
          new MqttPublishMessage(
              msg.topic(), msg.qos(), false, true, pidFor(msg), msg.properties(), copy);
      old = retained.put(msg.topic(), new Retained(kept, receivedNanos));
    }
    if (old != null) {
      old.message().release();
    }
  }

  private static int pidFor(MqttPublishMessage msg) {
    return msg.qos() == MqttQoS.AT_MOST_ONCE ? 0 : 1;
  }

  /** Sends the retained messages matching {@code filter} to a session (on its loop). */
  void sendRetained(Session to, String filter, MqttQoS maxQos, int id) {
    long now = System.nanoTime();
    for (Retained r : retained.values()) {
      MqttPublishMessage m = r.message();
      if (!MqttTopics.matches(filter, m.topic())) {
        continue;
      }
      long expiry = m.properties().longValue(MqttProperty.MESSAGE_EXPIRY_INTERVAL, -1);
      if (expiry >= 0 && now - r.receivedNanos() >= expiry * 1_000_000_000L) {
        if (retained.remove(m.topic(), r)) {
          m.release();
        }
        continue;
      }
      m.retain();
      to.deliver(
          m,
          MqttQoS.min(m.qos(), maxQos),
          true,
          id > 0 ? new int[] {id} : NO_IDS,
          r.receivedNanos(),
          null);
    }
  }

  /** Releases every retained message (shutdown). */
  void close() {
    for (Retained r : retained.values()) {
      r.message().release();
    }
    retained.clear();
    for (Session s : sessions.values()) {
      s.execute(s::discard);
    }
  }

  /** Properties that are the publisher's business only, or per connection, are not forwarded. */
  static MqttProperties forwardable(MqttProperties p) {
    if (!p.contains(MqttProperty.TOPIC_ALIAS)
        && !p.contains(MqttProperty.SUBSCRIPTION_IDENTIFIER)) {
      return p;
    }
    return p.copy().remove(MqttProperty.TOPIC_ALIAS).remove(MqttProperty.SUBSCRIPTION_IDENTIFIER);
  }
}
