package io.tern.examples.redis;

import io.tern.codec.redis.RedisDecoder;
import io.tern.codec.redis.RedisDecoderConfig;
import io.tern.codec.redis.RedisEncoder;
import io.tern.common.ResourceLeakDetector;
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

/**
 * {@code ./run-example redis-server [--port 6379] [--host 127.0.0.1] [--transport nio] [--threads
 * N]}: a small in-memory Redis: {@code GET}, {@code SET} (with {@code EX}, {@code PX}, {@code NX},
 * {@code XX}), {@code DEL}, {@code EXISTS}, {@code INCR}/{@code DECR}/{@code INCRBY}, {@code
 * EXPIRE}/{@code PEXPIRE}/{@code TTL}, {@code PUBLISH}/{@code SUBSCRIBE}/{@code UNSUBSCRIBE},
 * {@code HELLO 2|3}, {@code PING}, {@code ECHO}, {@code DBSIZE}, {@code FLUSHALL}, {@code QUIT};
 * inline commands from telnet too. Try {@code redis-cli -p 6379}, {@code redis-cli -3} or {@code
 * redis-benchmark -p 6379 -P 16 -t get,set}.
 *
 * <p>Pipeline: {@link RedisDecoder} (aggregating, inline commands on, 1 MiB per command), {@link
 * RedisEncoder}, {@link RedisServerHandler}.
 */
public final class RedisServer {
  /** The limits a command must stay within. */
  static final RedisDecoderConfig DECODER =
      RedisDecoderConfig.DEFAULT
          .withInlineCommands(true)
          .withMaxBulkLength(1 << 20)
          .withMaxMessageBytes(1 << 20)
          .withMaxAggregateLength(1 << 16)
          .withMaxNestingDepth(1);

  private RedisServer() {}

  /**
   * Starts a server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    RedisStore store = new RedisStore(System::currentTimeMillis);
    RedisEncoder encoder = new RedisEncoder(); // stateless: shared by every connection
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(new RedisDecoder(DECODER), encoder, new RedisServerHandler(store));
              }
            })
        .bind(address);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "redis-server");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(6379));
    int threads = options.positiveInt("threads", MultiThreadEventLoopGroup.DEFAULT_THREADS);
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address).sync().getNow();
      System.out.printf(
          "redis-server listening on %s, transport %s (%d event loops), leak detection %s%n",
          server.localAddress(), transport.name(), threads, ResourceLeakDetector.level());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
