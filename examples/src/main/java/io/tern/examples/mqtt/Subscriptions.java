package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttSubscriptionOption;
import io.tern.codec.mqtt.MqttTopics;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every subscription of every session, read by the publishing connections' loops at once: filters
 * without wildcards in a hash map by topic, the others in a list matched one by one, shared
 * subscriptions ({@code $share/G/F}) in groups that take turns. Subscribing is rare next to
 * publishing, so the lists are copy-on-write and matching takes no lock.
 */
final class Subscriptions {
  /** One filter of one session. */
  record Subscription(
      Session session, String filter, MqttSubscriptionOption option, int id, String group) {}

  /** The members of a shared subscription, served in turn. */
  private static final class Group {
    final String filter;
    final CopyOnWriteArrayList<Subscription> members = new CopyOnWriteArrayList<>();
    final AtomicInteger next = new AtomicInteger();

    Group(String filter) {
      this.filter = filter;
    }
  }

  private final ConcurrentHashMap<String, CopyOnWriteArrayList<Subscription>> exact =
      new ConcurrentHashMap<>();
  private final CopyOnWriteArrayList<Subscription> wildcard = new CopyOnWriteArrayList<>();
  private final ConcurrentHashMap<String, Group> groups = new ConcurrentHashMap<>();

  void add(Subscription s) {
    if (s.group() != null) {
      groups
          .computeIfAbsent(s.group() + '\u0000' + s.filter(), k -> new Group(s.filter()))
          .members
          .add(s);
    } else if (MqttTopics.hasWildcard(s.filter())) {
      wildcard.add(s);
    } else {
      exact.computeIfAbsent(s.filter(), k -> new CopyOnWriteArrayList<>()).add(s);
    }
  }

  void remove(Subscription s) {
    if (s.group() != null) {
      Group g = groups.get(s.group() + '\u0000' + s.filter());
      if (g != null) {
        g.members.remove(s);
      }
    } else if (MqttTopics.hasWildcard(s.filter())) {
      wildcard.remove(s);
    } else {
      CopyOnWriteArrayList<Subscription> list = exact.get(s.filter());
      if (list != null) {
        list.remove(s);
      }
    }
  }

  /** Adds every subscription matching {@code topic} to {@code out}; one member per share group. */
  void match(String topic, List<Subscription> out) {
    CopyOnWriteArrayList<Subscription> list = exact.get(topic);
    if (list != null) {
      out.addAll(list);
    }
    for (Subscription s : wildcard) {
      if (MqttTopics.matches(s.filter(), topic)) {
        out.add(s);
      }
    }
    if (!groups.isEmpty()) {
      for (Group g : groups.values()) {
        if (MqttTopics.matches(g.filter, topic)) {
          Subscription chosen = pick(g);
          if (chosen != null) {
            out.add(chosen);
          }
        }
      }
    }
  }

  private static Subscription pick(Group g) {
    Object[] members = g.members.toArray();
    int n = members.length;
    if (n == 0) {
      return null;
    }
    int start = Math.floorMod(g.next.getAndIncrement(), n);
    // Prefer a member that is connected; an offline one queues.
    for (int i = 0; i < n; i++) {
      Subscription s = (Subscription) members[(start + i) % n];
      if (s.session().isOnline()) {
        return s;
      }
    }
    return (Subscription) members[start];
  }
}
