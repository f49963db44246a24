package io.tern.examples.stomp;

import io.tern.codec.stomp.StompCodec;
import io.tern.codec.stomp.StompHeartbeat;
import io.tern.codec.stomp.StompHeartbeatHandler;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code ./run-example stomp-broker [--port 61613] [--host 127.0.0.1] [--heart-beat 10000,10000]
 * [--transport nio]}: a small in-memory STOMP 1.0/1.1/1.2 broker. Destinations under {@code
 * /topic/} broadcast; any other destination is a queue (one consumer per message, kept until
 * someone subscribes). SUBSCRIBE with ack modes {@code auto}, {@code client} and {@code
 * client-individual}; SEND; ACK and NACK (a nacked queue message is delivered again); transactions
 * (BEGIN, COMMIT, ABORT); RECEIPT for any frame that asks; ERROR, then close, on a protocol error.
 * Heart-beats: {@code --heart-beat sx,sy} is what the broker can send and wants to receive, in
 * milliseconds, negotiated with each client's offer.
 *
 * <p>Pipeline: {@link StompCodec}, {@link StompHeartbeatHandler}, {@link StompBrokerHandler}.
 */
public final class StompBroker {
  private StompBroker() {}

  /**
   * Starts a broker on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param heartbeat what the broker can send and wants to receive
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, StompHeartbeat heartbeat) {
    StompDestinations destinations = new StompDestinations();
    AtomicLong sessions = new AtomicLong();
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new StompCodec(),
                        new StompHeartbeatHandler(),
                        new StompBrokerHandler(
                            destinations, heartbeat, "session-" + sessions.incrementAndGet()));
              }
            })
        .bind(address);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the broker cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "stomp-broker");
    SocketAddress address =
        transport.address(options.get("host", "127.0.0.1"), options.port(61613));
    StompHeartbeat heartbeat = StompHeartbeat.parse(options.get("heart-beat", "10000,10000"));
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, heartbeat).sync().getNow();
      System.out.printf(
          "stomp-broker listening on %s (transport %s, heart-beat %s)%n",
          server.localAddress(), transport.name(), heartbeat.toHeader());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
