package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.transport.EventLoop;
import java.util.ArrayList;
import java.util.List;

/**
 * The hand-over of one routed PUBLISH to the sessions it matched. Sessions living on the routing
 * loop get it at once, sharing one encoding per wire form ({@link SharedPublish}); the sessions of
 * each other loop get it in one task for that loop, which shares that loop's own encodings, rather
 * than a task per session. Each loop's sessions receive messages in the order they were routed, as
 * tasks of one loop run in order.
 *
 * <p>Threading: made and used on the routing loop for one {@link Broker#route} call; the batches it
 * queues run on their own loops.
 *
 * <p>Ownership: borrows the routed message (the caller keeps its reference); each session handed
 * the message gets a reference of its own, each queued batch holds one until it has run.
 */
final class Fanout {
  private final MqttPublishMessage message;
  private final long receivedNanos;
  private final SharedPublish shared;
  private List<LoopBatch> batches;

  Fanout(MqttPublishMessage message, long receivedNanos) {
    this.message = message;
    this.receivedNanos = receivedNanos;
    this.shared = new SharedPublish(message);
  }

  /** Hands the message to {@code to} at {@code qos}: now if it lives here, else in its batch. */
  void add(Session to, MqttQoS qos, boolean retain, int[] ids) {
    if (to.inLoop()) {
      to.deliver(message.retain(), qos, retain, ids, receivedNanos, shared);
      return;
    }
    batchFor(to.loop()).add(new Delivery(to, qos, retain, ids));
  }

  /** Queues the other loops' batches and releases this loop's encodings. */
  void finish() {
    try {
      if (batches != null) {
        for (LoopBatch b : batches) {
          message.retain();
          try {
            b.loop.execute(b);
          } catch (RuntimeException e) {
            message.release(); // not queued (the loop is shutting down)
            throw e;
          }
        }
      }
    } finally {
      shared.release();
    }
  }

  private List<Delivery> batchFor(EventLoop loop) {
    if (batches == null) {
      batches = new ArrayList<>(2);
    }
    for (LoopBatch b : batches) {
      if (b.loop == loop) {
        return b.deliveries;
      }
    }
    LoopBatch b = new LoopBatch(loop, message, receivedNanos);
    batches.add(b);
    return b.deliveries;
  }

  /** One session's share: the granted QoS, Retain As Published, subscription identifiers. */
  @SuppressWarnings("ArrayRecordComponent") // carried, never compared
  private record Delivery(Session to, MqttQoS qos, boolean retain, int[] ids) {}

  /**
   * The deliveries to one other loop's sessions; holds one reference of the message once queued.
   */
  private static final class LoopBatch implements Runnable {
    final EventLoop loop;
    final MqttPublishMessage message;
    final long receivedNanos;
    final List<Delivery> deliveries = new ArrayList<>();

    LoopBatch(EventLoop loop, MqttPublishMessage message, long receivedNanos) {
      this.loop = loop;
      this.message = message;
      this.receivedNanos = receivedNanos;
    }

    @Override
    public void run() {
      SharedPublish shared = new SharedPublish(message);
      try {
        for (Delivery d : deliveries) {
          d.to().deliver(message.retain(), d.qos(), d.retain(), d.ids(), receivedNanos, shared);
        }
      } finally {
        shared.release();
        message.release();
      }
    }
  }
}
