package io.tern.examples.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.websocket.BinaryWebSocketFrame;
import io.tern.codec.http.websocket.ContinuationWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketByteStreamAdapter;
import io.tern.codec.mqtt.MqttConnectMessage;
import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.codec.mqtt.MqttMessageBuilders;
import io.tern.codec.mqtt.MqttPublishMessage;
import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttSubscribeMessage;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.common.ReferenceCountUtil;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * MQTT over WebSocket: the byte-stream adapter in front of the MQTT decoder (packets spanning
 * frames, several packets in one frame), and the example client over WebSocket through the example
 * broker, mixed with a client over TCP.
 */
class MqttOverWebSocketTest {

  private static byte[] clientBytes(Object... messages) {
    EmbeddedChannel ch = new EmbeddedChannel(new MqttEncoder());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object m : messages) {
      ch.writeOutbound(m);
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        byte[] a = new byte[b.readableBytes()];
        b.readBytes(a);
        b.release();
        out.writeBytes(a);
      }
    }
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  @Test
  void packetsSpanFramesAndOneFrameHoldsSeveralPackets() {
    byte[] wire =
        clientBytes(
            MqttMessageBuilders.connect().version(MqttVersion.MQTT_5).clientId("c1").build(),
            MqttMessageBuilders.subscribe().packetId(1).add("a/#", MqttQoS.AT_LEAST_ONCE).build(),
            MqttMessageBuilders.publish()
                .topic("a/b")
                .qos(MqttQoS.AT_MOST_ONCE)
                .payload(Unpooled.copiedBuffer("hello", StandardCharsets.UTF_8))
                .build());
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new WebSocketByteStreamAdapter(), MqttDecoder.forServer(MqttDecoderLimits.DEFAULT));
    // CONNECT, SUBSCRIBE and the first byte of PUBLISH in one frame, the rest in two more.
    int cut1 = wire.length - 12;
    int cut2 = wire.length - 4;
    ch.writeInbound(
        new BinaryWebSocketFrame(false, 0, Unpooled.wrappedBuffer(wire, 0, cut1)),
        new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(wire, cut1, cut2 - cut1)),
        new ContinuationWebSocketFrame(
            true, 0, Unpooled.wrappedBuffer(wire, cut2, wire.length - cut2)));
    Object connect = ch.readInbound();
    Object subscribe = ch.readInbound();
    Object publish = ch.readInbound();
    assertThat(connect).isInstanceOf(MqttConnectMessage.class);
    assertThat(subscribe).isInstanceOf(MqttSubscribeMessage.class);
    assertThat(publish).isInstanceOf(MqttPublishMessage.class);
    assertThat(((MqttPublishMessage) publish).payload().toString(StandardCharsets.UTF_8))
        .isEqualTo("hello");
    ReferenceCountUtil.release(publish);
    ch.finishAndReleaseAll();
  }

  @Test
  void exampleClientOverWebSocketAndOverTcpShareTheBroker() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      MqttBroker.Listeners listeners =
          MqttBroker.startWithWebSocket(
              nio,
              group,
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
              BrokerConfig.DEFAULT);
      InetSocketAddress tcp = (InetSocketAddress) listeners.tcp().localAddress();
      InetSocketAddress ws = (InetSocketAddress) listeners.webSocket().localAddress();
      URI uri = URI.create("ws://127.0.0.1:" + ws.getPort() + MqttOverWebSocket.PATH);
      for (MqttVersion v : MqttVersion.values()) {
        List<String> lines = new CopyOnWriteArrayList<>();
        CountDownLatch subscribed = new CountDownLatch(1);
        var sub =
            MqttClientExample.runOverWebSocket(
                nio,
                group,
                uri,
                new MqttClientHandler.Task(
                    v,
                    "ws-sub-" + v,
                    "ws/#",
                    null,
                    MqttQoS.AT_LEAST_ONCE,
                    false,
                    2,
                    line -> {
                      if (line.startsWith("subscribed")) {
                        subscribed.countDown();
                      } else {
                        lines.add(line);
                      }
                    }));
        assertThat(subscribed.await(30, TimeUnit.SECONDS)).isTrue();
        MqttClientExample.run(
                nio,
                group,
                tcp,
                new MqttClientHandler.Task(
                    v,
                    "tcp-pub-" + v,
                    "ws/tcp",
                    "over tcp".getBytes(StandardCharsets.UTF_8),
                    MqttQoS.AT_LEAST_ONCE,
                    false,
                    1,
                    line -> {}))
            .sync();
        MqttClientExample.runOverWebSocket(
                nio,
                group,
                uri,
                new MqttClientHandler.Task(
                    v,
                    "ws-pub-" + v,
                    "ws/ws",
                    "over websocket".getBytes(StandardCharsets.UTF_8),
                    MqttQoS.EXACTLY_ONCE,
                    false,
                    1,
                    line -> {}))
            .sync();
        assertThat(sub.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(sub.isSuccess()).as(String.valueOf(sub.cause())).isTrue();
        assertThat(lines).containsExactlyInAnyOrder("ws/tcp over tcp", "ws/ws over websocket");
      }
      listeners.tcp().close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void aFailedHandshakeFailsTheClientInsteadOfHanging() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      MqttBroker.Listeners listeners =
          MqttBroker.startWithWebSocket(
              nio,
              group,
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
              BrokerConfig.DEFAULT);
      int port = ((InetSocketAddress) listeners.webSocket().localAddress()).getPort();
      var done =
          MqttClientExample.runOverWebSocket(
              nio,
              group,
              URI.create("ws://127.0.0.1:" + port + "/not-mqtt"),
              new MqttClientHandler.Task(
                  MqttVersion.MQTT_5, "c", "t", null, MqttQoS.AT_MOST_ONCE, false, 1, l -> {}));
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(done.isSuccess()).isFalse();
      listeners.tcp().close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
