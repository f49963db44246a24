package io.tern.examples.mqtt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The QoS 1 and 2 messages sent to one client and not yet acknowledged, by packet identifier and in
 * the order they were sent (redelivery on reconnect keeps that order), and the allocation of packet
 * identifiers that are not in use.
 *
 * <p>Threading: belongs to one session and is used on that session's loop only.
 *
 * <p>Ownership: holds the messages added to it (one reference each) until they are removed; {@link
 * #releaseAll()} releases what is left.
 */
final class InflightWindow {
  private static final int MAX_PACKET_ID = 0xFFFF;

  private final LinkedHashMap<Integer, Outbound> messages = new LinkedHashMap<>();
  private int nextPacketId = 1;

  int size() {
    return messages.size();
  }

  /**
   * Returns a packet identifier no message in the window uses, taking them in turn from 1 to 65535.
   *
   * @throws IllegalStateException if all 65535 are in use
   */
  int nextPacketId() {
    for (int i = 0; i < MAX_PACKET_ID; i++) {
      int id = nextPacketId;
      nextPacketId = id == MAX_PACKET_ID ? 1 : id + 1;
      if (!messages.containsKey(id)) {
        return id;
      }
    }
    throw new IllegalStateException("no free packet identifier");
  }

  /** Adds a message under its packet identifier; the window now holds its reference. */
  void add(Outbound o) {
    messages.put(o.packetId(), o);
  }

  /** Returns the message in flight under {@code packetId}, or {@code null}. */
  Outbound get(int packetId) {
    return messages.get(packetId);
  }

  /** Removes and returns the message under {@code packetId} (the caller now holds it), or null. */
  Outbound remove(int packetId) {
    return messages.remove(packetId);
  }

  /** Removes {@code o} if it is the message under its packet identifier; the caller holds it. */
  boolean remove(Outbound o) {
    return messages.remove(o.packetId(), o);
  }

  /** The messages in the order they were sent, as a copy (redelivering may remove some). */
  List<Outbound> inOrder() {
    return new ArrayList<>(messages.values());
  }

  /** Releases and forgets every message. */
  void releaseAll() {
    for (Outbound o : messages.values()) {
      o.release();
    }
    messages.clear();
  }
}
