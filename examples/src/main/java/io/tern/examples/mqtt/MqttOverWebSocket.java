package io.tern.examples.mqtt;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.websocket.WebSocketByteStreamAdapter;
import io.tern.codec.http.websocket.WebSocketClientProtocolConfig;
import io.tern.codec.http.websocket.WebSocketClientProtocolHandler;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolHandler;
import io.tern.codec.mqtt.MqttDecoder;
import io.tern.codec.mqtt.MqttDecoderLimits;
import io.tern.codec.mqtt.MqttEncoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * MQTT over WebSocket (MQTT 5.0 and 3.1.1, section 6): the subprotocol {@code mqtt}, MQTT's bytes
 * in binary messages. The MQTT handlers are the ones a TCP connection has; only the front of the
 * pipeline differs — the HTTP handshake, then a {@link WebSocketByteStreamAdapter} turning binary
 * frames into the byte stream the MQTT decoder reads (a packet may span frames, a frame may hold
 * several packets) and the encoder's bytes into binary frames.
 *
 * <p>The MQTT handlers join the pipeline when the handshake is done (a {@code HandshakeComplete}
 * event), so they never see HTTP; a request for another path than {@value #PATH} gets {@code 404}.
 */
final class MqttOverWebSocket {
  /** The path the broker serves MQTT on, as most brokers and clients use it. */
  static final String PATH = "/mqtt";

  /** The WebSocket subprotocol of MQTT. */
  static final String SUBPROTOCOL = "mqtt";

  private MqttOverWebSocket() {}

  /** The pipeline of one WebSocket connection to the broker. */
  static void initServerChannel(Channel ch, Broker broker) {
    int max = Math.max(125, broker.config().limits().maxPacketSize());
    ch.pipeline()
        .addLast(
            new HttpServerCodec(),
            new HttpObjectAggregator(8192),
            new WebSocketServerProtocolHandler(
                WebSocketServerProtocolConfig.builder(PATH)
                    .subprotocols(SUBPROTOCOL)
                    .decoderConfig(
                        WebSocketDecoderConfig.forServer()
                            .withMaxFramePayloadLength(max)
                            .withMaxMessagePayloadLength(max))
                    .build()),
            new ServerFront(broker));
  }

  /** Adds the broker's MQTT handlers once the handshake is done; answers other paths with 404. */
  private static final class ServerFront implements ChannelHandler {
    private final Broker broker;

    ServerFront(Broker broker) {
      this.broker = broker;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
      if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete) {
        ChannelPipeline p = ctx.pipeline();
        p.addAfter(ctx.name(), "ws-bytes", new WebSocketByteStreamAdapter());
        p.addAfter("ws-bytes", "mqtt-decoder", MqttDecoder.forServer(broker.config().limits()));
        p.addAfter("mqtt-decoder", "mqtt-encoder", new MqttEncoder());
        p.addAfter("mqtt-encoder", "mqtt-broker", new MqttBrokerHandler(broker));
        ctx.fireUserEventTriggered(evt);
        p.remove(this);
        return;
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof FullHttpRequest request) {
        request.release();
        DefaultFullHttpResponse res =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.NOT_FOUND,
                Unpooled.copiedBuffer(
                    "MQTT over WebSocket is served on " + PATH + "\n", StandardCharsets.US_ASCII));
        res.headers()
            .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=us-ascii")
            .setInt(HttpHeaderNames.CONTENT_LENGTH, res.content().readableBytes());
        ctx.writeAndFlush(res).addListener(f -> ctx.close());
        return;
      }
      ReferenceCountUtil.release(msg);
    }
  }

  /** The pipeline of the example client's WebSocket connection to {@code uri}. */
  static void initClientChannel(Channel ch, URI uri, MqttClientHandler client) {
    ch.pipeline()
        .addLast(
            new HttpClientCodec(),
            new HttpObjectAggregator(8192),
            new WebSocketClientProtocolHandler(
                WebSocketClientProtocolConfig.builder(uri).subprotocols(SUBPROTOCOL).build()),
            new ClientFront(client));
  }

  /** Adds the client's MQTT handlers once the handshake is done (the handler then connects). */
  private static final class ClientFront implements ChannelHandler {
    private final MqttClientHandler client;

    ClientFront(MqttClientHandler client) {
      this.client = client;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
      if (evt instanceof WebSocketClientProtocolHandler.ClientHandshakeComplete) {
        ChannelPipeline p = ctx.pipeline();
        // In stream order: the client handler connects as soon as it is added.
        p.addAfter(ctx.name(), "ws-bytes", new WebSocketByteStreamAdapter());
        p.addAfter("ws-bytes", "mqtt-decoder", MqttDecoder.forClient(MqttDecoderLimits.DEFAULT));
        p.addAfter("mqtt-decoder", "mqtt-encoder", new MqttEncoder());
        p.addAfter("mqtt-encoder", "mqtt-client", client);
        ctx.fireUserEventTriggered(evt);
        p.remove(this);
        return;
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      client.failEarly(cause);
      ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      // Still here: the handshake never completed (the protocol handler failed it and closed).
      client.failEarly(new IllegalStateException("WebSocket handshake failed"));
      ctx.fireChannelInactive();
    }
  }
}
