package io.tern.examples.stomp;

import io.tern.buffer.Unpooled;
import io.tern.codec.stomp.StompCodec;
import io.tern.codec.stomp.StompCommand;
import io.tern.codec.stomp.StompFrame;
import io.tern.codec.stomp.StompHeaders;
import io.tern.codec.stomp.StompHeartbeat;
import io.tern.codec.stomp.StompHeartbeatHandler;
import io.tern.codec.stomp.StompVersion;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./run-example stomp-client [--host 127.0.0.1] [--port 61613] [--destination /queue/a]
 * [--count 10] [--accept-version 1.0,1.1,1.2] [--vhost /] [--login guest --passcode guest]}: one
 * STOMP session against a broker (the stomp-broker example, RabbitMQ's STOMP plugin, ...): CONNECT
 * with heart-beats, SUBSCRIBE with {@code client-individual} acknowledgement and a receipt, then
 * {@code --count} SENDs in one transaction (BEGIN, SEND..., COMMIT), each message ACKed as it
 * arrives (with the headers the negotiated version wants), and DISCONNECT with a receipt. Prints
 * the version, and each message received.
 *
 * <p>Pipeline: {@link StompCodec}, {@link StompHeartbeatHandler}, and a handler that drives the
 * session.
 */
public final class StompClient {
  /**
   * What the session does.
   *
   * @param destination where to send and subscribe
   * @param count how many messages to send and await
   * @param acceptVersion the {@code accept-version} header
   * @param vhost the virtual host, sent as the CONNECT frame's host header
   * @param login the {@code login} header, or {@code null}
   * @param passcode the {@code passcode} header, or {@code null}
   * @param heartbeat the heart-beats offered
   */
  public record Session(
      String destination,
      int count,
      String acceptVersion,
      String vhost,
      String login,
      String passcode,
      StompHeartbeat heartbeat) {}

  /**
   * What the session saw.
   *
   * @param version the version the broker chose
   * @param bodies the bodies of the messages received, in order
   */
  public record Result(StompVersion version, List<String> bodies) {}

  private StompClient() {}

  /**
   * Runs one session.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param broker the broker's address
   * @param session what to do
   * @return completed after the broker's receipt for DISCONNECT, or failed (ERROR frame, close)
   */
  public static Future<Result> run(
      Transport transport, EventLoopGroup group, SocketAddress broker, Session session) {
    Promise<Result> result = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new StompCodec(),
                        new StompHeartbeatHandler(),
                        new SessionHandler(session, result));
              }
            })
        .connect(broker)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                result.tryFailure(connected.cause());
              }
            });
    return result;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the session fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    SocketAddress address =
        transport.address(options.get("host", "127.0.0.1"), options.port(61613));
    Session session =
        new Session(
            options.get("destination", "/queue/tern-example"),
            options.positiveInt("count", 10),
            options.get("accept-version", "1.0,1.1,1.2"),
            options.get("vhost", "/"),
            options.get("login", null),
            options.get("passcode", null),
            new StompHeartbeat(10_000, 10_000));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      if (transport.inVmOnly()) {
        StompBroker.start(transport, group, address, new StompHeartbeat(10_000, 10_000)).sync();
      }
      Result result = run(transport, group, address, session).sync().getNow();
      System.out.println("STOMP " + result.version());
      result.bodies().forEach(body -> System.out.println("MESSAGE " + body));
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  private static final class SessionHandler implements ChannelHandler {
    private final Session session;
    private final Promise<Result> result;
    private final List<String> bodies = new ArrayList<>();
    private StompVersion version;

    SessionHandler(Session session, Promise<Result> result) {
      this.session = session;
      this.result = result;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      StompFrame connect = new StompFrame(StompCommand.CONNECT);
      StompHeaders headers = connect.headers();
      headers
          .add(StompHeaders.ACCEPT_VERSION, session.acceptVersion())
          .add(StompHeaders.HOST, session.vhost())
          .add(StompHeaders.HEART_BEAT, session.heartbeat().toHeader());
      if (session.login() != null) {
        headers.add(StompHeaders.LOGIN, session.login());
      }
      if (session.passcode() != null) {
        headers.add(StompHeaders.PASSCODE, session.passcode());
      }
      ctx.writeAndFlush(connect);
      ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      StompFrame frame = (StompFrame) msg;
      try {
        switch (frame.command()) {
          case CONNECTED -> connected(ctx, frame);
          case RECEIPT -> receipt(ctx, frame.headers().get(StompHeaders.RECEIPT_ID));
          case MESSAGE -> message(ctx, frame);
          case ERROR ->
              fail(
                  ctx,
                  new IllegalStateException(
                      "ERROR from the broker: "
                          + frame.headers().get(StompHeaders.MESSAGE)
                          + " "
                          + frame.contentAsString()));
          default -> fail(ctx, new IllegalStateException("unexpected " + frame));
        }
      } finally {
        frame.release();
      }
    }

    private void connected(ChannelHandlerContext ctx, StompFrame frame) {
      version = StompVersion.of(frame.headers().get(StompHeaders.VERSION, "1.0"));
      StompFrame subscribe = new StompFrame(StompCommand.SUBSCRIBE);
      subscribe
          .headers()
          .add(StompHeaders.ID, "sub-0")
          .add(StompHeaders.DESTINATION, session.destination())
          .add(StompHeaders.ACK, "client-individual")
          .add(StompHeaders.RECEIPT, "subscribed");
      ctx.writeAndFlush(subscribe);
    }

    private void receipt(ChannelHandlerContext ctx, String id) {
      if ("subscribed".equals(id)) {
        ctx.write(frame(StompCommand.BEGIN, StompHeaders.TRANSACTION, "tx-1"));
        for (int i = 0; i < session.count(); i++) {
          StompFrame send =
              new StompFrame(
                  StompCommand.SEND, Unpooled.copiedBuffer("message " + i, StandardCharsets.UTF_8));
          send.headers()
              .add(StompHeaders.DESTINATION, session.destination())
              .add(StompHeaders.CONTENT_TYPE, "text/plain")
              .add(StompHeaders.TRANSACTION, "tx-1");
          ctx.write(send);
        }
        ctx.writeAndFlush(frame(StompCommand.COMMIT, StompHeaders.TRANSACTION, "tx-1"));
      } else if ("bye".equals(id)) {
        if (result.trySuccess(new Result(version, List.copyOf(bodies)))) {
          ctx.close();
        }
      }
    }

    private void message(ChannelHandlerContext ctx, StompFrame frame) {
      bodies.add(frame.contentAsString());
      StompHeaders headers = frame.headers();
      StompFrame ack = new StompFrame(StompCommand.ACK);
      if (version == StompVersion.STOMP_1_2) {
        ack.headers().add(StompHeaders.ID, headers.get(StompHeaders.ACK));
      } else {
        ack.headers().add(StompHeaders.MESSAGE_ID, headers.get(StompHeaders.MESSAGE_ID));
        if (version == StompVersion.STOMP_1_1) {
          ack.headers().add(StompHeaders.SUBSCRIPTION, headers.get(StompHeaders.SUBSCRIPTION));
        }
      }
      ctx.write(ack);
      if (bodies.size() == session.count()) {
        ctx.write(frame(StompCommand.DISCONNECT, StompHeaders.RECEIPT, "bye"));
      }
      ctx.flush();
    }

    private static StompFrame frame(StompCommand command, String name, String value) {
      StompFrame frame = new StompFrame(command);
      frame.headers().add(name, value);
      return frame;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      result.tryFailure(new ClosedChannelException());
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      fail(ctx, cause);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
      result.tryFailure(cause);
      ctx.close();
    }
  }
}
