package io.tern.examples.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.codec.mqtt.MqttMessageType;
import io.tern.codec.mqtt.MqttPubReplyMessage;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import java.util.ArrayDeque;

/**
 * Flow control towards one client: messages go out at once while the client is connected and its
 * in-flight window has room (QoS 0 always does; QoS 1 and 2 up to the client's Receive Maximum),
 * the rest wait in a bounded queue (QoS 1 and 2 only while the client is offline) and move up as
 * acknowledgements free the window. On reconnect the window is sent again, in order, with DUP (or
 * PUBREL where PUBREC had come back), then the queue drains.
 *
 * <p>Threading: belongs to one session and is used on that session's loop only.
 *
 * <p>Ownership: holds every message in flight and queued (one reference each) until it is
 * acknowledged, dropped, or {@link #releaseAll()}.
 */
final class Outbox {
  /** Where the outbox writes: the session's current connection, if it has one. */
  interface Link {
    /** Whether a connection is attached. */
    boolean isOnline();

    /**
     * Writes {@code msg} (an {@link io.tern.codec.mqtt.MqttMessage} or an encoded packet) to the
     * connection (a flush follows later), or releases it if offline.
     */
    void write(Object msg);
  }

  private final Link link;
  private final int maxQueued;
  private final InflightWindow window = new InflightWindow();
  private final ArrayDeque<Outbound> queue = new ArrayDeque<>();
  private PublishTailor tailor;
  private int receiveMaximum = 0xFFFF;

  Outbox(Link link, int maxQueued) {
    this.link = link;
    this.maxQueued = maxQueued;
  }

  /**
   * A connection attached: from now on messages are made for it by {@code tailor}, at most {@code
   * receiveMaximum} QoS 1 and 2 ones in flight.
   */
  void connected(PublishTailor tailor, int receiveMaximum) {
    this.tailor = tailor;
    this.receiveMaximum = receiveMaximum;
  }

  /** The connection ended: its topic aliases end with it. */
  void disconnected() {
    tailor = null;
  }

  /** Sends the in-flight window again in order (DUP, or PUBREL after PUBREC), then the queue. */
  void redeliver() {
    for (Outbound o : window.inOrder()) {
      if (o.isReleased()) {
        link.write(MqttPubReplyMessage.of(MqttMessageType.PUBREL, o.packetId()));
      } else {
        send(o, true);
      }
    }
    drain();
  }

  /**
   * Takes over one reference of {@code msg} and sends or queues it at {@code qos}.
   *
   * @param shared this loop's shared encodings of {@code msg} while it is being fanned out, or
   *     {@code null}
   */
  void offer(
      MqttPublishMessage msg,
      MqttQoS qos,
      boolean retain,
      int[] ids,
      long nanos,
      SharedPublish shared) {
    boolean online = link.isOnline();
    if (qos == MqttQoS.AT_MOST_ONCE) {
      if (!online) {
        msg.release(); // QoS 0 is not queued for offline clients
        return;
      }
      if (shared != null && tailor.takesSharedForm(msg, ids)) {
        try {
          ByteBuf wire = tailor.sharedForm(shared, retain);
          if (wire != null) {
            link.write(wire);
          }
        } finally {
          msg.release();
        }
        return;
      }
    }
    Outbound o = new Outbound(msg, qos, retain, ids, nanos);
    if (online && (qos == MqttQoS.AT_MOST_ONCE || window.size() < receiveMaximum)) {
      try {
        send(o, false);
      } catch (RuntimeException e) {
        // Not handed to the channel: the reference is still ours.
        if (o.qos() == MqttQoS.AT_MOST_ONCE || window.remove(o)) {
          o.release();
        }
        throw e;
      }
    } else if (queue.size() < maxQueued) {
      queue.add(o);
    } else {
      msg.release();
    }
  }

  /** Whether a QoS 1 or 2 message is in flight under {@code packetId}. */
  boolean isInFlight(int packetId) {
    return window.get(packetId) != null;
  }

  /**
   * PUBACK or PUBCOMP (or a PUBREC with an error code) ended the message under {@code packetId}: it
   * leaves the window and the queue moves up.
   */
  void completed(int packetId) {
    Outbound o = window.remove(packetId);
    if (o != null) {
      o.release();
      drain();
    }
  }

  /** PUBREC came back for the QoS 2 message under {@code packetId}: only PUBCOMP is awaited now. */
  void released(int packetId) {
    Outbound o = window.get(packetId);
    if (o != null) {
      o.markReleased();
    }
  }

  /** Releases everything in flight and queued. */
  void releaseAll() {
    window.releaseAll();
    for (Outbound o : queue) {
      o.release();
    }
    queue.clear();
  }

  private void drain() {
    while (link.isOnline() && !queue.isEmpty() && window.size() < receiveMaximum) {
      send(queue.poll(), false);
    }
  }

  /** Writes a message; QoS 1 and 2 ones enter (or, redelivered, stay in) the in-flight window. */
  private void send(Outbound o, boolean redelivery) {
    long expiryLeft = PublishTailor.remainingExpiry(o);
    if (expiryLeft == 0) {
      drop(o, redelivery);
      return;
    }
    if (!redelivery && o.qos() != MqttQoS.AT_MOST_ONCE) {
      o.assignPacketId(window.nextPacketId());
    }
    MqttPublishMessage wire = tailor.tailor(o, redelivery, expiryLeft);
    if (wire == null) {
      // Larger than the client accepts: discarded as if delivered.
      drop(o, redelivery);
      return;
    }
    if (o.qos() == MqttQoS.AT_MOST_ONCE) {
      o.release();
    } else if (!redelivery) {
      window.add(o);
    }
    link.write(wire);
  }

  private void drop(Outbound o, boolean inWindow) {
    if (inWindow) {
      window.remove(o.packetId());
    }
    o.release();
  }

  /** For tests: messages in flight to the client. */
  int inFlightCount() {
    return window.size();
  }

  /** For tests: messages waiting for the client. */
  int queuedCount() {
    return queue.size();
  }
}
