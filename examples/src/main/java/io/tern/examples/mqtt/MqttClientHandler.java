package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttConnAckMessage;
import io.tern.codec.mqtt.MqttDisconnectMessage;
import io.tern.codec.mqtt.MqttMessage;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttMessageType;
import io.tern.codec.mqtt.MqttPubReplyMessage;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttReasonCodes;
import io.tern.codec.mqtt.MqttSubAckMessage;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The example client's protocol: CONNECT, then either one PUBLISH (completing its QoS 1 or 2
 * exchange) or one SUBSCRIBE whose messages go to a consumer until {@code count} arrived; then
 * DISCONNECT. The promise completes when the work is done, or fails on a refusal or an early close.
 *
 * <p>Threading: the channel's event loop. Ownership: releases every message it reads.
 */
final class MqttClientHandler implements ChannelHandler {
  /** What the client does once connected. */
  @SuppressWarnings("ArrayRecordComponent") // the message is handed over, never compared
  record Task(
      MqttVersion version,
      String clientId,
      String topic,
      byte[] message,
      MqttQoS qos,
      boolean retain,
      int count,
      Consumer<String> out) {

    boolean publishes() {
      return message != null;
    }
  }

  private final Task task;
  private final Promise<Void> done;
  private int received;
  private boolean connectSent;

  MqttClientHandler(Task task, Promise<Void> done) {
    this.task = task;
    this.done = done;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    // Added to a connection already open: behind a WebSocket handshake.
    if (ctx.channel().isActive()) {
      sendConnect(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    sendConnect(ctx);
    ctx.fireChannelActive();
  }

  private void sendConnect(ChannelHandlerContext ctx) {
    if (connectSent) {
      return;
    }
    connectSent = true;
    ctx.writeAndFlush(
        MqttMessageBuilders.connect()
            .version(task.version())
            .clientId(task.clientId())
            .cleanStart(true)
            .keepAlive(60)
            .build());
  }

  /** Fails the task before this handler could run it (a failed WebSocket handshake). */
  void failEarly(Throwable cause) {
    done.tryFailure(cause);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      switch ((MqttMessage) msg) {
        case MqttConnAckMessage ack -> {
          if (MqttReasonCodes.isError(ack.reasonCode())
              || (!task.version().isV5() && ack.reasonCode() != 0)) {
            done.tryFailure(
                new IllegalStateException(
                    "connection refused: " + MqttReasonCodes.name(ack.reasonCode())));
            ctx.close();
          } else if (task.publishes()) {
            ctx.writeAndFlush(
                MqttMessageBuilders.publish()
                    .topic(task.topic())
                    .qos(task.qos())
                    .retain(task.retain())
                    .packetId(task.qos() == MqttQoS.AT_MOST_ONCE ? 0 : 1)
                    .payload(io.tern.buffer.Unpooled.wrappedBuffer(task.message()))
                    .build());
            if (task.qos() == MqttQoS.AT_MOST_ONCE) {
              finish(ctx);
            }
          } else {
            ctx.writeAndFlush(
                MqttMessageBuilders.subscribe().packetId(1).add(task.topic(), task.qos()).build());
          }
        }
        case MqttSubAckMessage ack -> {
          int code = ack.reasonCodes()[0];
          if (MqttReasonCodes.isError(code)) {
            done.tryFailure(
                new IllegalStateException("subscription refused: " + MqttReasonCodes.name(code)));
            ctx.close();
          } else {
            task.out().accept("subscribed to " + task.topic() + " at QoS " + code);
          }
        }
        case MqttPublishMessage p -> {
          task.out()
              .accept(
                  p.topic()
                      + " "
                      + p.payload().toString(StandardCharsets.UTF_8)
                      + (p.isRetain() ? " (retained)" : ""));
          if (p.qos() == MqttQoS.AT_LEAST_ONCE) {
            ctx.write(MqttPubReplyMessage.of(MqttMessageType.PUBACK, p.packetId()));
          } else if (p.qos() == MqttQoS.EXACTLY_ONCE) {
            ctx.write(MqttPubReplyMessage.of(MqttMessageType.PUBREC, p.packetId()));
          }
          ctx.flush();
          if (++received >= task.count()) {
            finish(ctx);
          }
        }
        case MqttPubReplyMessage r -> {
          switch (r.type()) {
            case PUBACK, PUBCOMP -> finish(ctx);
            case PUBREC ->
                ctx.writeAndFlush(MqttPubReplyMessage.of(MqttMessageType.PUBREL, r.packetId()));
            case PUBREL ->
                ctx.writeAndFlush(MqttPubReplyMessage.of(MqttMessageType.PUBCOMP, r.packetId()));
            default -> {}
          }
        }
        case MqttDisconnectMessage d -> {
          done.tryFailure(
              new IllegalStateException("disconnected: " + MqttReasonCodes.name(d.reasonCode())));
          ctx.close();
        }
        default -> {}
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void finish(ChannelHandlerContext ctx) {
    // Done before closing: the close would otherwise report an early end.
    done.trySuccess(null);
    ctx.writeAndFlush(MqttDisconnectMessage.NORMAL).addListener(f -> ctx.close());
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    done.tryFailure(cause);
    ctx.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    done.tryFailure(new IllegalStateException("connection closed early"));
    ctx.fireChannelInactive();
  }
}
