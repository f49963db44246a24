package io.tern.examples.stomp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stomp-broker example's routing state, shared by every connection: destinations and their
 * subscriptions. A destination under {@code /topic/} hands each message to every subscription; any
 * other is a queue that hands each message to one subscription in turn and keeps messages nobody is
 * subscribed to until someone is. A queue message that is nacked, or unacknowledged when its
 * subscriber leaves, goes back to the queue.
 *
 * <p>Thread-safe (one lock): connections on different event loops call it. Deliveries are handed to
 * each subscriber's {@link Subscriber#deliver} outside the lock; the subscriber hands them to its
 * own event loop. Messages are plain bytes, so nothing here is reference-counted.
 */
final class StompDestinations {
  /** A message as the broker keeps it: its id, destination, the headers to pass on, the body. */
  record Message(String id, String destination, List<Header> headers, Body body) {}

  /** An application header a message carries from SEND to MESSAGE. */
  record Header(String name, String value) {}

  /** A body's bytes, never changed once made. */
  static final class Body {
    private final byte[] bytes;

    Body(byte[] bytes) {
      this.bytes = bytes.clone();
    }

    byte[] bytes() {
      return bytes.clone();
    }
  }

  /** One subscriber connection's side of a subscription. */
  interface Subscriber {
    /**
     * Delivers a message to a subscription of this subscriber; called from any thread.
     *
     * @param subscriptionId the subscription's id
     * @param message the message
     */
    void deliver(String subscriptionId, Message message);
  }

  private record Subscription(Subscriber subscriber, String id) {}

  private static final class Destination {
    final List<Subscription> subscriptions = new ArrayList<>();
    final Queue<Message> pending = new ArrayDeque<>();
    int next; // round-robin position among subscriptions (queues)
  }

  private final Map<String, Destination> destinations = new HashMap<>();
  private final AtomicLong messageIds = new AtomicLong();

  /**
   * Creates a message with a new id.
   *
   * @param destination where it goes
   * @param headers the application headers to pass on
   * @param body the body
   * @return the message
   */
  Message newMessage(String destination, List<Header> headers, byte[] body) {
    return new Message(
        "m-" + messageIds.incrementAndGet(), destination, List.copyOf(headers), new Body(body));
  }

  /**
   * Publishes a message to its destination's subscribers (or keeps it, for a queue without any).
   *
   * @param message the message
   */
  void publish(Message message) {
    List<Subscription> targets = new ArrayList<>(1);
    synchronized (this) {
      Destination d = destinations.computeIfAbsent(message.destination(), k -> new Destination());
      if (isTopic(message.destination())) {
        targets.addAll(d.subscriptions);
      } else if (d.subscriptions.isEmpty()) {
        d.pending.add(message);
      } else {
        targets.add(d.subscriptions.get(d.next++ % d.subscriptions.size()));
      }
    }
    for (Subscription s : targets) {
      s.subscriber().deliver(s.id(), message);
    }
  }

  /**
   * Puts a nacked or abandoned queue message back; a topic message is dropped.
   *
   * @param message the message
   */
  void requeue(Message message) {
    if (!isTopic(message.destination())) {
      publish(message);
    }
  }

  /**
   * Subscribes, and delivers the queue's waiting messages to the new subscription.
   *
   * @param destination the destination
   * @param subscriber the connection
   * @param id the subscription's id
   */
  void subscribe(String destination, Subscriber subscriber, String id) {
    List<Message> waiting = new ArrayList<>();
    synchronized (this) {
      Destination d = destinations.computeIfAbsent(destination, k -> new Destination());
      d.subscriptions.add(new Subscription(subscriber, id));
      waiting.addAll(d.pending);
      d.pending.clear();
    }
    for (Message m : waiting) {
      subscriber.deliver(id, m);
    }
  }

  /**
   * Removes a subscription.
   *
   * @param destination the destination it was on
   * @param subscriber the connection
   * @param id the subscription's id
   */
  synchronized void unsubscribe(String destination, Subscriber subscriber, String id) {
    Destination d = destinations.get(destination);
    if (d != null) {
      d.subscriptions.remove(new Subscription(subscriber, id));
    }
  }

  private static boolean isTopic(String destination) {
    return destination.startsWith("/topic/");
  }
}
