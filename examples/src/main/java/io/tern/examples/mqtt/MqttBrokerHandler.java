package io.tern.examples.mqtt;

import io.tern.buffer.Unpooled;
import io.tern.codec.mqtt.MqttAuthMessage;
import io.tern.codec.mqtt.MqttConnAckMessage;
import io.tern.codec.mqtt.MqttConnectMessage;
import io.tern.codec.mqtt.MqttDecoderException;
import io.tern.codec.mqtt.MqttDisconnectMessage;
import io.tern.codec.mqtt.MqttMessage;
import io.tern.codec.mqtt.MqttMessageType;
import io.tern.codec.mqtt.MqttPingMessage;
import io.tern.codec.mqtt.MqttProperties;
import io.tern.codec.mqtt.MqttProperty;
import io.tern.codec.mqtt.MqttPubReplyMessage;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttReasonCodes;
import io.tern.codec.mqtt.MqttSubscribeMessage;
import io.tern.codec.mqtt.MqttTopicSubscription;
import io.tern.codec.mqtt.MqttTopics;
import io.tern.codec.mqtt.MqttUnsubscribeMessage;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.ReferenceCountUtil;
import io.tern.handler.timeout.IdleStateEvent;
import io.tern.handler.timeout.IdleStateHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One client connection of the broker: CONNECT and its answer, keep-alive, inbound topic aliases,
 * and protocol errors (CONNACK with the reason code before a session exists, DISCONNECT with it
 * after, or just closing for 3.1 and 3.1.1); every other packet is handed to the client's {@link
 * Session}.
 *
 * <p>Threading: the channel's event loop; one instance per connection. Ownership: releases the
 * messages it consumes; PUBLISH messages are handed over to the session, which releases them.
 */
final class MqttBrokerHandler implements ChannelHandler {
  private final Broker broker;
  private Session session;
  private MqttVersion version;
  private Map<Integer, String> inAliases;
  private boolean closing;
  private boolean connectExpiryWasZero;

  MqttBrokerHandler(Broker broker) {
    this.broker = broker;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (closing) {
      ReferenceCountUtil.release(msg);
      return;
    }
    Channel ch = ctx.channel();
    Session s = session;
    switch ((MqttMessage) msg) {
      case MqttConnectMessage c -> connect(ctx, c);
      case MqttPublishMessage p -> {
        MqttPublishMessage resolved = resolveAlias(ctx, p);
        if (resolved != null) {
          long now = System.nanoTime();
          s.execute(() -> s.onPublish(ch, resolved, now));
        }
      }
      case MqttPubReplyMessage r -> s.execute(() -> s.onPubReply(ch, r));
      case MqttSubscribeMessage sub -> {
        if (sharedWithNoLocal(sub)) {
          // [MQTT-3.8.3-4] makes it a Protocol Error, which SUBACK has no code for: the
          // connection ends with a DISCONNECT instead.
          fail(ctx, MqttReasonCodes.PROTOCOL_ERROR);
        } else {
          s.execute(() -> s.onSubscribe(ch, sub));
        }
      }
      case MqttUnsubscribeMessage u -> s.execute(() -> s.onUnsubscribe(ch, u));
      case MqttPingMessage ping -> ctx.writeAndFlush(MqttPingMessage.PINGRESP);
      case MqttDisconnectMessage d -> disconnect(ctx, d);
      case MqttAuthMessage a -> fail(ctx, MqttReasonCodes.PROTOCOL_ERROR);
      default -> fail(ctx, MqttReasonCodes.PROTOCOL_ERROR);
    }
  }

  private void connect(ChannelHandlerContext ctx, MqttConnectMessage c) {
    version = c.version();
    connectExpiryWasZero =
        version.isV5() && c.properties().longValue(MqttProperty.SESSION_EXPIRY_INTERVAL, 0) == 0;
    String clientId = c.clientId();
    MqttProperties ack = version.isV5() ? new MqttProperties() : MqttProperties.NONE;
    if (clientId.isEmpty()) {
      if (version == MqttVersion.MQTT_3_1
          || (version == MqttVersion.MQTT_3_1_1 && !c.cleanStart())) {
        refuse(ctx, MqttReasonCodes.CLIENT_IDENTIFIER_NOT_VALID);
        return;
      }
      clientId = broker.assignClientId();
      if (version.isV5()) {
        ack.set(MqttProperty.ASSIGNED_CLIENT_IDENTIFIER, clientId);
      }
    }
    if (c.properties().contains(MqttProperty.AUTHENTICATION_METHOD)) {
      refuse(ctx, MqttReasonCodes.BAD_AUTHENTICATION_METHOD);
      return;
    }
    BrokerConfig config = broker.config();
    int keepAlive = c.keepAliveSeconds();
    int serverKeepAlive = config.serverKeepAliveSeconds();
    if (serverKeepAlive > 0 && (keepAlive == 0 || keepAlive > serverKeepAlive)) {
      keepAlive = serverKeepAlive;
      if (version.isV5()) {
        ack.set(MqttProperty.SERVER_KEEP_ALIVE, keepAlive);
      }
    }
    if (version.isV5()) {
      ack.set(MqttProperty.RECEIVE_MAXIMUM, config.receiveMaximum())
          .set(MqttProperty.TOPIC_ALIAS_MAXIMUM, config.topicAliasMaximum())
          .set(MqttProperty.MAXIMUM_PACKET_SIZE, config.limits().maxPacketSize());
      if (c.properties().intValue(MqttProperty.REQUEST_RESPONSE_INFORMATION, 0) == 1) {
        ack.set(MqttProperty.RESPONSE_INFORMATION, "responses/" + clientId);
      }
    }
    if (keepAlive > 0) {
      // The specification allows one and a half keep-alive periods of silence.
      ctx.pipeline()
          .addBefore(
              ctx.name(),
              "mqtt-keep-alive",
              new IdleStateHandler(keepAlive * 1500L, 0, 0, TimeUnit.MILLISECONDS));
    }
    Session.Claim claim = broker.claim(clientId, c.cleanStart(), ctx.channel().eventLoop());
    session = claim.session();
    Session s = session;
    Channel ch = ctx.channel();
    s.execute(() -> s.attach(ch, c, claim.present(), ack));
  }

  private MqttPublishMessage resolveAlias(ChannelHandlerContext ctx, MqttPublishMessage p) {
    int alias = p.properties().intValue(MqttProperty.TOPIC_ALIAS, 0);
    if (alias == 0) {
      return p;
    }
    if (alias > broker.config().topicAliasMaximum()) {
      p.release();
      fail(ctx, MqttReasonCodes.TOPIC_ALIAS_INVALID);
      return null;
    }
    if (inAliases == null) {
      inAliases = new HashMap<>();
    }
    String topic = p.topic();
    if (topic.isEmpty()) {
      topic = inAliases.get(alias);
      if (topic == null) {
        p.release();
        fail(ctx, MqttReasonCodes.PROTOCOL_ERROR);
        return null;
      }
    } else {
      inAliases.put(alias, topic);
    }
    MqttPublishMessage resolved =
        p.withRouting(
            topic,
            p.qos(),
            p.isDup(),
            p.isRetain(),
            p.packetId(),
            p.properties().copy().remove(MqttProperty.TOPIC_ALIAS));
    p.release();
    return resolved;
  }

  private void disconnect(ChannelHandlerContext ctx, MqttDisconnectMessage d) {
    long newExpiry = d.properties().longValue(MqttProperty.SESSION_EXPIRY_INTERVAL, -1);
    Session s = session;
    Channel ch = ctx.channel();
    closing = true;
    // Raising a zero expiry at disconnect is a protocol error.
    if (newExpiry > 0 && s != null && connectExpiryWasZero) {
      s.execute(() -> s.connectionLost(ch));
      fail(ctx, MqttReasonCodes.PROTOCOL_ERROR);
      return;
    }
    s.execute(() -> s.clientDisconnected(ch, d.reasonCode(), newExpiry));
    ctx.close();
  }

  /** Answers a CONNECT that cannot be accepted, then closes. */
  private void refuse(ChannelHandlerContext ctx, int reasonCode) {
    closing = true;
    ctx.writeAndFlush(new MqttConnAckMessage(false, reasonCode, MqttProperties.NONE))
        .addListener(f -> ctx.close());
  }

  /** Ends the connection for a protocol error: DISCONNECT with the code (MQTT 5), then close. */
  private static boolean sharedWithNoLocal(MqttSubscribeMessage sub) {
    for (MqttTopicSubscription t : sub.subscriptions()) {
      if (t.option().noLocal() && MqttTopics.isShared(t.topicFilter())) {
        return true;
      }
    }
    return false;
  }

  private void fail(ChannelHandlerContext ctx, int reasonCode) {
    if (closing) {
      return;
    }
    closing = true;
    if (version != null && version.isV5()) {
      ctx.writeAndFlush(MqttDisconnectMessage.of(reasonCode)).addListener(f -> ctx.close());
    } else {
      // What is already written (the CONNACK, acknowledgements) still goes out before the close.
      ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f -> ctx.close());
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof IdleStateEvent) {
      fail(ctx, MqttReasonCodes.KEEP_ALIVE_TIMEOUT);
      return;
    }
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof MqttDecoderException e) {
      if (session == null) {
        if (e.packetType() == MqttMessageType.CONNECT && !closing) {
          // No session yet: the answer is a CONNACK in the version the client asked for.
          MqttVersion v = e.version() != null ? e.version() : MqttVersion.MQTT_3_1_1;
          ctx.channel().attr(MqttVersion.ATTRIBUTE).set(v);
          refuse(ctx, e.reasonCode());
        } else {
          closing = true;
          ctx.close();
        }
        return;
      }
      fail(ctx, e.reasonCode());
      return;
    }
    closing = true;
    ctx.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    Session s = session;
    if (s != null) {
      Channel ch = ctx.channel();
      s.execute(() -> s.connectionLost(ch));
    }
    ctx.fireChannelInactive();
  }
}
