package io.tern.examples.mqtt;

import io.tern.buffer.Unpooled;
import io.tern.codec.mqtt.MqttConnAckMessage;
import io.tern.codec.mqtt.MqttConnectMessage;
import io.tern.codec.mqtt.MqttDisconnectMessage;
import io.tern.codec.mqtt.MqttMessageType;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttPubReplyMessage;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttReasonCodes;
import io.tern.codec.mqtt.MqttSubAckMessage;
import io.tern.codec.mqtt.MqttSubscribeMessage;
import io.tern.codec.mqtt.MqttSubscriptionOption;
import io.tern.codec.mqtt.MqttTopicSubscription;
import io.tern.codec.mqtt.MqttTopics;
import io.tern.codec.mqtt.MqttUnsubAckMessage;
import io.tern.codec.mqtt.MqttUnsubscribeMessage;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.codec.mqtt.MqttWill;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.Channel;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One client's session: its connection (taken over by a reconnect), its subscriptions, the QoS 2
 * identifiers it has sent and not released, its will and its expiry. It outlives connections for
 * its Session Expiry Interval. What goes to the client (the in-flight window, the queue behind it,
 * each PUBLISH made for the connection) is its {@link Outbox}'s business.
 *
 * <p>Threading: a session lives on the event loop it was created on ({@link #loop}); every method
 * but {@link #execute}, {@link #isOnline}, {@link #subscriptionCount} and {@link #isExpired} runs
 * there. A client that reconnects through another loop is still served from this one: its handler
 * hands each packet over, and writes to its channel from here are queued by the channel.
 *
 * <p>Ownership: messages in flight and queued are held by its outbox (one reference each) until
 * acknowledged, dropped or the session ends.
 */
final class Session {
  /** A session found or made for a connecting client. */
  record Claim(Session session, boolean present) {}

  private static final long NEVER = 0xFFFF_FFFFL;

  private final String clientId;
  private final EventLoop loop;
  private final Broker broker;
  private final Map<String, Subscriptions.Subscription> subscriptions = new HashMap<>();
  private final Outbox outbox;
  private final Set<Integer> awaitingRelease = new HashSet<>();
  private final Runnable flushTask = this::flush;

  private volatile Channel channel;
  private volatile int subscriptionCount;
  private volatile boolean expired;
  private MqttVersion version = MqttVersion.MQTT_3_1_1;
  private long expirySeconds;
  private MqttWill will;
  private ScheduledFuture<?> willTimer;
  private ScheduledFuture<?> expiryTimer;
  private boolean flushScheduled;

  Session(String clientId, EventLoop loop, Broker broker) {
    this.clientId = clientId;
    this.loop = loop;
    this.broker = broker;
    this.outbox = new Outbox(new ChannelLink(), broker.config().maxQueuedPerSession());
  }

  String clientId() {
    return clientId;
  }

  /** The loop this session lives on. */
  EventLoop loop() {
    return loop;
  }

  /** Whether the calling thread is this session's loop. */
  boolean inLoop() {
    return loop.inEventLoop();
  }

  /** Runs {@code task} on this session's loop: now if already there, else as a task. */
  void execute(Runnable task) {
    if (loop.inEventLoop()) {
      task.run();
    } else {
      loop.execute(task);
    }
  }

  boolean isOnline() {
    return channel != null;
  }

  int subscriptionCount() {
    return subscriptionCount;
  }

  boolean isExpired() {
    return expired;
  }

  // ---------------------------------------------------------------------------------------------
  // Connection lifecycle.

  /** Serves a newly connected client: takes over from an older connection, answers CONNACK. */
  void attach(Channel ch, MqttConnectMessage connect, boolean present, MqttProperties connAck) {
    Channel old = channel;
    if (old != null && old != ch) {
      // Session taken over: the old connection ends without publishing the will.
      will = null;
      if (version.isV5()) {
        old.writeAndFlush(MqttDisconnectMessage.of(MqttReasonCodes.SESSION_TAKEN_OVER))
            .addListener(f -> old.close());
      } else {
        old.close();
      }
    }
    if (expired) {
      // Expired between claim and attach: answer, but keep nothing.
      present = false;
    }
    cancelTimers();
    channel = ch;
    version = connect.version();
    MqttProperties p = connect.properties();
    outbox.connected(
        PublishTailor.forConnect(connect), p.intValue(MqttProperty.RECEIVE_MAXIMUM, 0xFFFF));
    if (version.isV5()) {
      expirySeconds = p.longValue(MqttProperty.SESSION_EXPIRY_INTERVAL, 0);
    } else {
      expirySeconds = connect.cleanStart() ? 0 : NEVER;
    }
    will = connect.will();
    ch.write(new MqttConnAckMessage(present, MqttReasonCodes.SUCCESS, connAck));
    if (present) {
      outbox.redeliver();
    }
    scheduleFlush();
  }

  /** The client sent DISCONNECT. */
  void clientDisconnected(Channel ch, int reasonCode, long newExpiry) {
    if (ch != channel) {
      return;
    }
    if (newExpiry >= 0) {
      expirySeconds = newExpiry;
    }
    if (reasonCode != MqttReasonCodes.DISCONNECT_WITH_WILL_MESSAGE) {
      will = null;
    }
    detach();
  }

  /** The connection ended without DISCONNECT (or the server closed it for an error). */
  void connectionLost(Channel ch) {
    if (ch != channel) {
      return;
    }
    detach();
  }

  private void detach() {
    channel = null;
    flushScheduled = false;
    outbox.disconnected();
    if (will != null) {
      long delay =
          Math.min(will.properties().longValue(MqttProperty.WILL_DELAY_INTERVAL, 0), expirySeconds);
      if (delay == 0) {
        publishWill();
      } else {
        willTimer = loop.schedule(this::publishWill, delay, TimeUnit.SECONDS);
      }
    }
    if (expirySeconds == 0) {
      end();
    } else if (expirySeconds != NEVER) {
      expiryTimer = loop.schedule(this::end, expirySeconds, TimeUnit.SECONDS);
    }
  }

  private void publishWill() {
    MqttWill w = will;
    will = null;
    willTimer = null;
    if (w == null) {
      return;
    }
    MqttPublishMessage msg =
        new MqttPublishMessage(
            w.topic(),
            w.qos(),
            false,
            w.retain(),
            w.qos() == MqttQoS.AT_MOST_ONCE ? 0 : 1,
            forwardableWillProperties(w.properties()),
            Unpooled.wrappedBuffer(w.payload()));
    try {
      long now = System.nanoTime();
      if (w.retain()) {
        broker.retain(msg, now);
      }
      broker.route(msg, null, now);
    } finally {
      msg.release();
    }
  }

  private static MqttProperties forwardableWillProperties(MqttProperties p) {
    if (!p.contains(MqttProperty.WILL_DELAY_INTERVAL)) {
      return p;
    }
    return p.copy().remove(MqttProperty.WILL_DELAY_INTERVAL);
  }

  /** The session expired: the will (if still pending) goes out, then everything is dropped. */
  private void end() {
    if (channel != null) {
      return;
    }
    expiryTimer = null;
    if (willTimer != null) {
      willTimer.cancel(false);
      publishWill();
    }
    discard();
  }

  /** Drops the session's state and removes it from the broker. */
  void discard() {
    expired = true;
    cancelTimers();
    for (Subscriptions.Subscription s : subscriptions.values()) {
      broker.subscriptions().remove(s);
    }
    subscriptions.clear();
    subscriptionCount = 0;
    outbox.releaseAll();
    awaitingRelease.clear();
    Channel ch = channel;
    if (ch != null) {
      channel = null;
      will = null;
      if (version.isV5()) {
        ch.writeAndFlush(MqttDisconnectMessage.of(MqttReasonCodes.SESSION_TAKEN_OVER))
            .addListener(f -> ch.close());
      } else {
        ch.close();
      }
    }
    broker.removeSession(this);
  }

  private void cancelTimers() {
    if (willTimer != null) {
      willTimer.cancel(false);
      willTimer = null;
    }
    if (expiryTimer != null) {
      expiryTimer.cancel(false);
      expiryTimer = null;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // From the client.

  /**
   * A PUBLISH from this client, its topic already resolved from any alias. Takes over {@code msg}.
   */
  void onPublish(Channel ch, MqttPublishMessage msg, long receivedNanos) {
    try {
      if (ch != channel) {
        return;
      }
      int packetId = msg.packetId();
      if (msg.qos() == MqttQoS.EXACTLY_ONCE) {
        if (!awaitingRelease.add(packetId)) {
          // A redelivery of a message already routed: acknowledge again, route once.
          write(new MqttPubReplyMessage(MqttMessageType.PUBREC, packetId, 0, MqttProperties.NONE));
          return;
        }
        if (version.isV5() && awaitingRelease.size() > broker.config().receiveMaximum()) {
          fail(ch, MqttReasonCodes.RECEIVE_MAXIMUM_EXCEEDED);
          return;
        }
      }
      if (msg.isRetain()) {
        broker.retain(msg, receivedNanos);
      }
      boolean matched = broker.route(msg, this, receivedNanos);
      int code =
          matched || !version.isV5()
              ? MqttReasonCodes.SUCCESS
              : MqttReasonCodes.NO_MATCHING_SUBSCRIBERS;
      if (msg.qos() == MqttQoS.AT_LEAST_ONCE) {
        write(new MqttPubReplyMessage(MqttMessageType.PUBACK, packetId, code, MqttProperties.NONE));
      } else if (msg.qos() == MqttQoS.EXACTLY_ONCE) {
        write(new MqttPubReplyMessage(MqttMessageType.PUBREC, packetId, code, MqttProperties.NONE));
      }
    } finally {
      msg.release();
    }
  }

  void onPubReply(Channel ch, MqttPubReplyMessage r) {
    if (ch != channel) {
      return;
    }
    switch (r.type()) {
      case PUBREL -> {
        boolean known = awaitingRelease.remove(r.packetId());
        write(
            new MqttPubReplyMessage(
                MqttMessageType.PUBCOMP,
                r.packetId(),
                known || !version.isV5() ? 0 : MqttReasonCodes.PACKET_IDENTIFIER_NOT_FOUND,
                MqttProperties.NONE));
      }
      case PUBACK, PUBCOMP -> outbox.completed(r.packetId());
      case PUBREC -> {
        if (!outbox.isInFlight(r.packetId())) {
          write(
              new MqttPubReplyMessage(
                  MqttMessageType.PUBREL,
                  r.packetId(),
                  version.isV5() ? MqttReasonCodes.PACKET_IDENTIFIER_NOT_FOUND : 0,
                  MqttProperties.NONE));
        } else if (MqttReasonCodes.isError(r.reasonCode())) {
          outbox.completed(r.packetId());
        } else {
          outbox.released(r.packetId());
          write(MqttPubReplyMessage.of(MqttMessageType.PUBREL, r.packetId()));
        }
      }
      default -> {}
    }
    scheduleFlush();
  }

  void onSubscribe(Channel ch, MqttSubscribeMessage s) {
    if (ch != channel) {
      return;
    }
    int id = s.properties().intValue(MqttProperty.SUBSCRIPTION_IDENTIFIER, 0);
    int[] codes = new int[s.subscriptions().size()];
    int i = 0;
    for (MqttTopicSubscription t : s.subscriptions()) {
      codes[i++] = subscribe(t, id);
    }
    write(new MqttSubAckMessage(s.packetId(), codes, MqttProperties.NONE));
    scheduleFlush();
  }

  private int subscribe(MqttTopicSubscription t, int id) {
    String filter = t.topicFilter();
    MqttSubscriptionOption option = t.option();
    if (!MqttTopics.isValidTopicFilter(filter)) {
      return MqttReasonCodes.TOPIC_FILTER_INVALID;
    }
    if (broker.config().refusedFilters().contains(filter)) {
      return MqttReasonCodes.UNSPECIFIED_ERROR;
    }
    String group = null;
    String matchFilter = filter;
    if (MqttTopics.isShared(filter)) {
      group = MqttTopics.shareName(filter);
      matchFilter = MqttTopics.sharedFilter(filter);
    }
    Subscriptions.Subscription sub =
        new Subscriptions.Subscription(this, matchFilter, option, id, group);
    Subscriptions.Subscription old = subscriptions.put(filter, sub);
    if (old != null) {
      broker.subscriptions().remove(old);
    }
    broker.subscriptions().add(sub);
    subscriptionCount = subscriptions.size();
    MqttSubscriptionOption.RetainHandling rh = option.retainHandling();
    if (group == null
        && (rh == MqttSubscriptionOption.RetainHandling.SEND_AT_SUBSCRIBE
            || (rh == MqttSubscriptionOption.RetainHandling.SEND_AT_SUBSCRIBE_IF_NEW
                && old == null))) {
      String f = matchFilter;
      // After the SUBACK that is being written now: queue behind it on this loop.
      loop.execute(
          () -> {
            if (channel != null) {
              broker.sendRetained(this, f, option.qos(), id);
            }
          });
    }
    return option.qos().value();
  }

  void onUnsubscribe(Channel ch, MqttUnsubscribeMessage u) {
    if (ch != channel) {
      return;
    }
    int[] codes = new int[u.topicFilters().size()];
    int i = 0;
    for (String filter : u.topicFilters()) {
      Subscriptions.Subscription old = subscriptions.remove(filter);
      if (old != null) {
        broker.subscriptions().remove(old);
      }
      codes[i++] = old != null ? MqttReasonCodes.SUCCESS : MqttReasonCodes.NO_SUBSCRIPTION_EXISTED;
    }
    subscriptionCount = subscriptions.size();
    write(
        new MqttUnsubAckMessage(
            u.packetId(), version.isV5() ? codes : new int[0], MqttProperties.NONE));
    scheduleFlush();
  }

  /** Ends the connection for a protocol violation (the will is published). */
  void fail(Channel ch, int reasonCode) {
    if (version.isV5()) {
      ch.writeAndFlush(MqttDisconnectMessage.of(reasonCode)).addListener(f -> ch.close());
    } else {
      ch.close();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // To the client.

  /**
   * Takes over one reference of {@code msg} and sends or queues it at {@code qos}.
   *
   * @param shared this loop's shared encodings of {@code msg} while it is being fanned out, or
   *     {@code null}
   */
  void deliver(
      MqttPublishMessage msg,
      MqttQoS qos,
      boolean retain,
      int[] ids,
      long nanos,
      SharedPublish shared) {
    if (expired) {
      msg.release();
      return;
    }
    outbox.offer(msg, qos, retain, ids, nanos, shared);
  }

  private void write(Object msg) {
    Channel ch = channel;
    if (ch == null) {
      io.tern.common.ReferenceCountUtil.release(msg);
      return;
    }
    ch.write(msg, ch.voidPromise());
    scheduleFlush();
  }

  /** Flushes once after the current batch of work on this loop, not once per message. */
  private void scheduleFlush() {
    if (!flushScheduled && channel != null) {
      flushScheduled = true;
      loop.execute(flushTask);
    }
  }

  private void flush() {
    flushScheduled = false;
    Channel ch = channel;
    if (ch != null) {
      ch.flush();
    }
  }

  /** The outbox's way to the client: this session's current connection. */
  private final class ChannelLink implements Outbox.Link {
    @Override
    public boolean isOnline() {
      return channel != null;
    }

    @Override
    public void write(Object msg) {
      Session.this.write(msg);
    }
  }
}
