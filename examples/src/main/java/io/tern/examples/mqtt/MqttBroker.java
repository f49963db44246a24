package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code ./run-example mqtt-broker [--port 1883] [--ws-port N] [--threads N] [--transport nio]
 * [--max-packet-size B] [--receive-maximum N] [--server-keep-alive S] [--refuse F1,F2]}: an MQTT
 * 3.1, 3.1.1 and 5.0 broker; with {@code --ws-port} it also serves MQTT over WebSocket on {@code
 * ws://HOST:N/mqtt} (subprotocol {@code mqtt}).
 *
 * <p>Sessions (clean or persistent, with expiry), QoS 0, 1 and 2 with in-flight windows and
 * redelivery on reconnect, retained messages, wills with delay, wildcard, overlapping and shared
 * subscriptions, topic aliases both ways, Receive Maximum both ways, keep-alive and Server Keep
 * Alive, subscription identifiers, message expiry, {@code $}-topics kept out of {@code #}. A
 * connection is a {@link MqttDecoder}, a {@link MqttEncoder} and a {@link MqttBrokerHandler}; the
 * shared state is a {@link Broker}.
 *
 * <p>MQTT over WebSocket (subprotocol {@code mqtt}) needs only a different front of the pipeline: a
 * WebSocket server handshake and a frame-to-{@code ByteBuf} adapter placed before the same three
 * handlers ({@link MqttOverWebSocket}).
 */
public final class MqttBroker {
  private MqttBroker() {}

  /**
   * Starts a broker on a group's loops.
   *
   * @param transport the transport
   * @param group the event loops
   * @param address where to listen
   * @param config what the broker announces and enforces
   * @return completed with the listening channel
   */
  static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, BrokerConfig config) {
    Broker broker = new Broker(config);
    Future<ServerChannel> bound = listen(transport, group, address, ch -> initChannel(ch, broker));
    // Retained and queued messages are released when the broker stops listening.
    bound.addListener(
        f -> {
          if (f.isSuccess()) {
            f.getNow().closeFuture().addListener(closed -> broker.close());
          }
        });
    return bound;
  }

  /**
   * The two listeners of a broker serving MQTT over TCP and over WebSocket.
   *
   * @param tcp the MQTT listener; closing it closes the other and stops the broker
   * @param webSocket the MQTT-over-WebSocket listener (path {@value MqttOverWebSocket#PATH})
   */
  record Listeners(ServerChannel tcp, ServerChannel webSocket) {}

  /**
   * Starts a broker listening for MQTT on {@code address} and for MQTT over WebSocket on {@code
   * webSocketAddress}, both served by one broker (a WebSocket client and a TCP client share topics
   * and sessions).
   *
   * @param transport the transport
   * @param group the event loops
   * @param address where to listen for MQTT
   * @param webSocketAddress where to listen for MQTT over WebSocket
   * @param config what the broker announces and enforces
   * @return both listeners, bound
   * @throws Exception if either cannot be bound (then neither stays open)
   */
  static Listeners startWithWebSocket(
      Transport transport,
      EventLoopGroup group,
      SocketAddress address,
      SocketAddress webSocketAddress,
      BrokerConfig config)
      throws Exception {
    Broker broker = new Broker(config);
    ServerChannel tcp =
        listen(transport, group, address, ch -> initChannel(ch, broker)).sync().getNow();
    ServerChannel ws;
    try {
      ws =
          listen(
                  transport,
                  group,
                  webSocketAddress,
                  ch -> MqttOverWebSocket.initServerChannel(ch, broker))
              .sync()
              .getNow();
    } catch (Exception e) {
      tcp.close().sync();
      broker.close();
      throw e;
    }
    tcp.closeFuture()
        .addListener(
            closed -> {
              ws.close();
              broker.close();
            });
    return new Listeners(tcp, ws);
  }

  private static Future<ServerChannel> listen(
      Transport transport, EventLoopGroup group, SocketAddress address, Consumer<Channel> init) {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                init.accept(ch);
              }
            })
        .bind(address);
  }

  /** The pipeline of one MQTT connection over TCP (see {@link MqttOverWebSocket} for WebSocket). */
  static void initChannel(Channel ch, Broker broker) {
    ch.pipeline()
        .addLast("mqtt-decoder", MqttDecoder.forServer(broker.config().limits()))
        .addLast("mqtt-encoder", new MqttEncoder())
        .addLast("mqtt-broker", new MqttBrokerHandler(broker));
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the broker cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "mqtt broker");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(1883));
    BrokerConfig config = config(options);
    int threads = options.positiveInt("threads", 2 * Runtime.getRuntime().availableProcessors());
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    int wsPort = options.intValue("ws-port", -1);
    try {
      ServerChannel server;
      if (wsPort >= 0) {
        SocketAddress wsAddress = transport.address(options.get("host", "127.0.0.1"), wsPort);
        Listeners listeners = startWithWebSocket(transport, group, address, wsAddress, config);
        server = listeners.tcp();
        System.out.printf(
            "mqtt broker: MQTT over WebSocket on ws://%s%s (subprotocol mqtt)%n",
            listeners.webSocket().localAddress(), MqttOverWebSocket.PATH);
      } else {
        server = start(transport, group, address, config).sync().getNow();
      }
      System.out.printf(
          "mqtt broker listening on %s (transport %s, %d loops)%n",
          server.localAddress(), transport.name(), threads);
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  static BrokerConfig config(ExampleOptions options) {
    BrokerConfig d = BrokerConfig.DEFAULT;
    MqttDecoderLimits limits =
        d.limits()
            .withMaxPacketSize(options.positiveInt("max-packet-size", d.limits().maxPacketSize()));
    String refuse = options.get("refuse", "");
    Set<String> refused =
        refuse.isEmpty()
            ? Set.of()
            : Arrays.stream(refuse.split(",")).map(String::trim).collect(Collectors.toSet());
    return new BrokerConfig(
        limits,
        options.positiveInt("receive-maximum", d.receiveMaximum()),
        options.intValue("topic-alias-maximum", d.topicAliasMaximum()),
        options.intValue("server-keep-alive", d.serverKeepAliveSeconds()),
        options.positiveInt("max-queued", d.maxQueuedPerSession()),
        refused);
  }
}
