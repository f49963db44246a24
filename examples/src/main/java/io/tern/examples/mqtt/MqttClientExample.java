package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import java.net.SocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code ./run-example mqtt-client --sub TOPIC [--count N]} prints the messages of a subscription
 * ({@code topic payload} per line; exits after N, default unlimited); {@code ./run-example
 * mqtt-client --pub TOPIC MESSAGE} publishes one message. Both take {@code [--port 1883] [--host
 * 127.0.0.1] [--qos 0|1|2] [--retain] [--mqtt-version 3.1|3.1.1|5] [--client-id ID]}; {@code --ws
 * ws://HOST:PORT/mqtt} connects over WebSocket (subprotocol {@code mqtt}) instead of TCP.
 */
public final class MqttClientExample {
  private MqttClientExample() {}

  /**
   * Connects, does the task and disconnects.
   *
   * @param transport the transport
   * @param group the event loops
   * @param address the broker
   * @param task what to do
   * @return completed when the task is done
   */
  static Future<Void> run(
      Transport transport,
      EventLoopGroup group,
      SocketAddress address,
      MqttClientHandler.Task task) {
    Promise<Void> done = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        MqttDecoder.forClient(MqttDecoderLimits.DEFAULT),
                        new MqttEncoder(),
                        new MqttClientHandler(task, done));
              }
            })
        .connect(address)
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                done.tryFailure(f.cause());
              }
            });
    return done;
  }

  /**
   * Connects over WebSocket to {@code uri}, does the task and disconnects.
   *
   * @param transport the transport
   * @param group the event loops
   * @param uri the broker's {@code ws://} URI (its path is usually {@code /mqtt})
   * @param task what to do
   * @return completed when the task is done
   */
  static Future<Void> runOverWebSocket(
      Transport transport, EventLoopGroup group, URI uri, MqttClientHandler.Task task) {
    Promise<Void> done = group.next().newPromise();
    if (!"ws".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
      done.tryFailure(new UsageException("--ws needs a ws://HOST:PORT/PATH URI: " + uri));
      return done;
    }
    int port = uri.getPort() < 0 ? 80 : uri.getPort();
    MqttClientHandler client = new MqttClientHandler(task, done);
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                MqttOverWebSocket.initClientChannel(ch, uri, client);
              }
            })
        .connect(transport.address(uri.getHost(), port))
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                done.tryFailure(f.cause());
              }
            });
    return done;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the broker cannot be reached or refuses
   */
  public static void main(String[] args) throws Exception {
    List<String> rest = new ArrayList<>();
    String pubTopic = null;
    String pubMessage = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--pub")) {
        if (i + 2 >= args.length) {
          throw new UsageException("--pub TOPIC MESSAGE");
        }
        pubTopic = args[++i];
        pubMessage = args[++i];
      } else {
        rest.add(args[i]);
      }
    }
    ExampleOptions options = new ExampleOptions(rest.toArray(new String[0]));
    String subTopic = options.get("sub", null);
    if ((pubTopic == null) == (subTopic == null)) {
      throw new UsageException("give either --sub TOPIC or --pub TOPIC MESSAGE");
    }
    Consumer<String> out = System.out::println;
    MqttClientHandler.Task task =
        new MqttClientHandler.Task(
            version(options.get("mqtt-version", "5")),
            options.get("client-id", "tern-client-" + ProcessHandle.current().pid()),
            pubTopic != null ? pubTopic : subTopic,
            pubMessage != null ? pubMessage.getBytes(StandardCharsets.UTF_8) : null,
            qos(options.intValue("qos", 0)),
            options.flag("retain"),
            options.positiveInt("count", Integer.MAX_VALUE),
            out);
    Transport transport = Transports.select(options);
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(1883));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    String ws = options.get("ws", null);
    try {
      if (ws != null) {
        runOverWebSocket(transport, group, URI.create(ws), task).sync();
      } else {
        run(transport, group, address, task).sync();
      }
      if (pubTopic != null) {
        System.out.println("published to " + pubTopic);
      }
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  static MqttVersion version(String text) {
    return switch (text) {
      case "3.1", "31", "mqttv31" -> MqttVersion.MQTT_3_1;
      case "3.1.1", "311", "mqttv311" -> MqttVersion.MQTT_3_1_1;
      case "5", "5.0", "mqttv5" -> MqttVersion.MQTT_5;
      default -> throw new UsageException("--mqtt-version " + text + " (expected 3.1, 3.1.1 or 5)");
    };
  }

  static MqttQoS qos(int value) {
    if (value < 0 || value > 2) {
      throw new UsageException("--qos " + value + " (expected 0, 1 or 2)");
    }
    return MqttQoS.valueOf(value);
  }
}
