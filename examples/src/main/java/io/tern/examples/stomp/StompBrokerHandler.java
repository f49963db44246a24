package io.tern.examples.stomp;

import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.stomp.StompCommand;
import io.tern.codec.stomp.StompFrame;
import io.tern.codec.stomp.StompHeaders;
import io.tern.codec.stomp.StompHeartbeat;
import io.tern.codec.stomp.StompVersion;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One connection of the stomp-broker example: the session after {@code CONNECT} (version and
 * heart-beats negotiated), its subscriptions with their ack modes ({@code auto}, {@code client}: an
 * {@code ACK} covers every earlier message of the subscription, {@code client-individual}: one
 * message), the messages delivered and not yet acknowledged, and open transactions, whose {@code
 * SEND}s, {@code ACK}s and {@code NACK}s wait for {@code COMMIT}. Any frame may ask for a {@code
 * RECEIPT}; a protocol error is answered with an {@code ERROR} frame and the connection closes.
 *
 * <p>Per connection; runs on its channel's event loop, and takes deliveries from other loops as
 * tasks. Releases every frame it reads.
 */
final class StompBrokerHandler implements ChannelHandler, StompDestinations.Subscriber {
  private static final Set<StompVersion> SUPPORTED = EnumSet.allOf(StompVersion.class);

  private enum AckMode {
    AUTO,
    CLIENT,
    CLIENT_INDIVIDUAL
  }

  private record Subscription(String destination, AckMode ack) {}

  private record Unacked(String subscriptionId, StompDestinations.Message message) {}

  /** A protocol error: answered with an ERROR frame, then the connection closes. */
  private static final class BrokerError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BrokerError(String message) {
      super(message, null, false, false);
    }
  }

  private final StompDestinations destinations;
  private final StompHeartbeat heartbeat;
  private final String session;
  private final Map<String, Subscription> subscriptions = new HashMap<>();
  private final Map<String, Unacked> unacked = new LinkedHashMap<>(); // ack id -> message
  private final Map<String, List<Runnable>> transactions = new HashMap<>();
  private Channel channel;
  private StompVersion version;
  private long ackIds;

  StompBrokerHandler(StompDestinations destinations, StompHeartbeat heartbeat, String session) {
    this.destinations = destinations;
    this.heartbeat = heartbeat;
    this.session = session;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    channel = ctx.channel();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    StompFrame frame = (StompFrame) msg;
    String receipt = frame.headers().get(StompHeaders.RECEIPT);
    try {
      if (handle(ctx, frame) && receipt != null) {
        StompFrame answer = new StompFrame(StompCommand.RECEIPT);
        answer.headers().add(StompHeaders.RECEIPT_ID, receipt);
        ctx.write(answer);
      }
    } catch (BrokerError e) {
      error(ctx, e.getMessage(), receipt);
    } finally {
      frame.release();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
    ctx.fireChannelReadComplete();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // Malformed input, a limit, or a peer silent past its heart-beat: say why, then close.
    if (ctx.channel().isActive()) {
      error(ctx, String.valueOf(cause.getMessage()), null);
    } else {
      ctx.close();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    subscriptions.forEach((id, s) -> destinations.unsubscribe(s.destination(), this, id));
    subscriptions.clear();
    unacked.values().forEach(u -> destinations.requeue(u.message()));
    unacked.clear();
    transactions.clear();
    ctx.fireChannelInactive();
  }

  /** Handles a frame; {@code false} when no receipt may follow (the connection is ending). */
  private boolean handle(ChannelHandlerContext ctx, StompFrame frame) {
    StompCommand command = frame.command();
    StompHeaders headers = frame.headers();
    if (version == null) {
      if (command != StompCommand.CONNECT && command != StompCommand.STOMP) {
        throw new BrokerError(command + " before CONNECT");
      }
      connect(ctx, headers);
      return true;
    }
    switch (command) {
      case SEND -> send(frame);
      case SUBSCRIBE -> subscribe(headers);
      case UNSUBSCRIBE -> unsubscribe(headers);
      case ACK, NACK -> acknowledge(headers, command == StompCommand.NACK);
      case BEGIN -> {
        if (transactions.putIfAbsent(required(headers, StompHeaders.TRANSACTION), new ArrayList<>())
            != null) {
          throw new BrokerError("transaction " + headers.get(StompHeaders.TRANSACTION) + " exists");
        }
      }
      case COMMIT -> transaction(headers).forEach(Runnable::run);
      case ABORT -> transaction(headers);
      case DISCONNECT -> {
        String receipt = headers.get(StompHeaders.RECEIPT);
        if (receipt == null) {
          ctx.close();
        } else {
          StompFrame answer = new StompFrame(StompCommand.RECEIPT);
          answer.headers().add(StompHeaders.RECEIPT_ID, receipt);
          ctx.writeAndFlush(answer).addListener(f -> ctx.close());
        }
        return false;
      }
      default -> throw new BrokerError(command + " is not a frame a client sends");
    }
    return true;
  }

  private void connect(ChannelHandlerContext ctx, StompHeaders headers) {
    StompVersion chosen =
        StompVersion.negotiate(headers.get(StompHeaders.ACCEPT_VERSION), SUPPORTED);
    if (chosen == null) {
      throw new BrokerError("supported versions are 1.0,1.1,1.2");
    }
    StompHeartbeat theirs = StompHeartbeat.parse(headers.get(StompHeaders.HEART_BEAT));
    StompFrame connected = new StompFrame(StompCommand.CONNECTED);
    connected
        .headers()
        .add(StompHeaders.VERSION, chosen.text())
        .add(StompHeaders.SESSION, session)
        .add(StompHeaders.SERVER, "tern-stomp-broker/0.1");
    if (chosen != StompVersion.STOMP_1_0) {
      // Offer heart-beats only where the client offered some too (1.1 and later).
      StompHeartbeat ours =
          new StompHeartbeat(
              theirs.receiveMillis() == 0 ? 0 : heartbeat.sendMillis(),
              theirs.sendMillis() == 0 ? 0 : heartbeat.receiveMillis());
      connected.headers().add(StompHeaders.HEART_BEAT, ours.toHeader());
    }
    version = chosen;
    ctx.write(connected);
  }

  private void send(StompFrame frame) {
    StompHeaders headers = frame.headers();
    String destination = required(headers, StompHeaders.DESTINATION);
    List<StompDestinations.Header> passed = new ArrayList<>();
    for (int i = 0; i < headers.size(); i++) {
      String name = headers.name(i);
      switch (name) {
        case StompHeaders.DESTINATION,
            StompHeaders.RECEIPT,
            StompHeaders.TRANSACTION,
            StompHeaders.CONTENT_LENGTH,
            StompHeaders.MESSAGE_ID,
            StompHeaders.SUBSCRIPTION,
            StompHeaders.ACK -> {}
        default -> passed.add(new StompDestinations.Header(name, headers.value(i)));
      }
    }
    StompDestinations.Message message =
        destinations.newMessage(destination, passed, ByteBufUtil.getBytes(frame.content()));
    inTransaction(headers, () -> destinations.publish(message));
  }

  private void subscribe(StompHeaders headers) {
    String destination = required(headers, StompHeaders.DESTINATION);
    String id =
        version == StompVersion.STOMP_1_0
            ? headers.get(StompHeaders.ID, destination)
            : required(headers, StompHeaders.ID);
    AckMode ack =
        switch (headers.get(StompHeaders.ACK, "auto")) {
          case "auto" -> AckMode.AUTO;
          case "client" -> AckMode.CLIENT;
          case "client-individual" -> AckMode.CLIENT_INDIVIDUAL;
          default -> throw new BrokerError("unknown ack mode " + headers.get(StompHeaders.ACK));
        };
    if (subscriptions.putIfAbsent(id, new Subscription(destination, ack)) != null) {
      throw new BrokerError("subscription " + id + " exists");
    }
    destinations.subscribe(destination, this, id);
  }

  private void unsubscribe(StompHeaders headers) {
    String id =
        version == StompVersion.STOMP_1_0
            ? headers.get(StompHeaders.ID, headers.get(StompHeaders.DESTINATION))
            : headers.get(StompHeaders.ID);
    Subscription removed = id == null ? null : subscriptions.remove(id);
    if (removed == null) {
      throw new BrokerError("no subscription " + id);
    }
    destinations.unsubscribe(removed.destination(), this, id);
    for (Iterator<Unacked> it = unacked.values().iterator(); it.hasNext(); ) {
      Unacked u = it.next();
      if (u.subscriptionId().equals(id)) {
        it.remove();
        destinations.requeue(u.message());
      }
    }
  }

  private void acknowledge(StompHeaders headers, boolean nack) {
    String ackId =
        required(
            headers, version == StompVersion.STOMP_1_2 ? StompHeaders.ID : StompHeaders.MESSAGE_ID);
    Unacked target = unacked.get(ackId);
    if (target == null) {
      throw new BrokerError("no message awaits acknowledgement under " + ackId);
    }
    inTransaction(headers, () -> settle(ackId, nack));
  }

  /** Settles a message, and in {@code client} mode every earlier one of its subscription. */
  private void settle(String ackId, boolean nack) {
    Unacked target = unacked.get(ackId);
    if (target == null) {
      return; // settled meanwhile by a cumulative acknowledgement
    }
    Subscription subscription = subscriptions.get(target.subscriptionId());
    boolean cumulative = subscription != null && subscription.ack() == AckMode.CLIENT;
    for (Iterator<Map.Entry<String, Unacked>> it = unacked.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, Unacked> e = it.next();
      boolean isTarget = e.getKey().equals(ackId);
      if (isTarget
          || (cumulative && e.getValue().subscriptionId().equals(target.subscriptionId()))) {
        it.remove();
        if (nack) {
          destinations.requeue(e.getValue().message());
        }
      }
      if (isTarget) {
        break;
      }
    }
  }

  private List<Runnable> transaction(StompHeaders headers) {
    String id = required(headers, StompHeaders.TRANSACTION);
    List<Runnable> actions = transactions.remove(id);
    if (actions == null) {
      throw new BrokerError("no transaction " + id);
    }
    return actions;
  }

  private void inTransaction(StompHeaders headers, Runnable action) {
    String tx = headers.get(StompHeaders.TRANSACTION);
    if (tx == null) {
      action.run();
      return;
    }
    List<Runnable> actions = transactions.get(tx);
    if (actions == null) {
      throw new BrokerError("no transaction " + tx);
    }
    actions.add(action);
  }

  @Override
  public void deliver(String subscriptionId, StompDestinations.Message message) {
    channel.eventLoop().execute(() -> write(subscriptionId, message));
  }

  private void write(String subscriptionId, StompDestinations.Message message) {
    Subscription subscription = subscriptions.get(subscriptionId);
    if (subscription == null || !channel.isActive()) {
      destinations.requeue(message); // unsubscribed or gone while the delivery was on its way
      return;
    }
    StompFrame frame =
        new StompFrame(StompCommand.MESSAGE, Unpooled.wrappedBuffer(message.body().bytes()));
    StompHeaders headers = frame.headers();
    headers
        .add(StompHeaders.SUBSCRIPTION, subscriptionId)
        .add(StompHeaders.MESSAGE_ID, message.id())
        .add(StompHeaders.DESTINATION, message.destination());
    if (subscription.ack() != AckMode.AUTO) {
      String ackId = version == StompVersion.STOMP_1_2 ? "ack-" + ++ackIds : message.id();
      if (version == StompVersion.STOMP_1_2) {
        headers.add(StompHeaders.ACK, ackId);
      }
      unacked.put(ackId, new Unacked(subscriptionId, message));
    }
    for (StompDestinations.Header h : message.headers()) {
      headers.add(h.name(), h.value());
    }
    channel.writeAndFlush(frame);
  }

  private static String required(StompHeaders headers, String name) {
    String value = headers.get(name);
    if (value == null) {
      throw new BrokerError("missing header " + name);
    }
    return value;
  }

  private static void error(ChannelHandlerContext ctx, String message, String receipt) {
    StompFrame error =
        new StompFrame(
            StompCommand.ERROR, Unpooled.copiedBuffer(message + "\n", StandardCharsets.UTF_8));
    error.headers().add(StompHeaders.MESSAGE, message.replace('\n', ' '));
    error.headers().add(StompHeaders.CONTENT_TYPE, "text/plain");
    if (receipt != null) {
      error.headers().add(StompHeaders.RECEIPT_ID, receipt);
    }
    ctx.writeAndFlush(error).addListener(f -> ctx.close());
  }
}
