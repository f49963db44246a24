package io.tern.examples.redis;

import io.tern.codec.redis.RedisCommand;
import io.tern.codec.redis.RedisCommandEncoder;
import io.tern.codec.redis.RedisDecoder;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.RedisMessageType;
import io.tern.common.ReferenceCountUtil;
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
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./run-example redis-client [--host 127.0.0.1] [--port 6379] [--cmd 'SET k v; GET k']
 * [--resp3] [--repeat N] [--transport nio]}: a {@code redis-cli}-like client. It writes every
 * command of {@code --cmd} (separated by {@code ;}, quoted like {@code redis-cli} arguments) {@code
 * --repeat} times, all pipelined in one flush, and prints the replies of the last round as {@code
 * redis-cli} does, then how long the whole batch took. {@code --resp3} sends {@code HELLO 3} first.
 * With {@code --transport local} it starts a {@code redis-server} in its own JVM and talks to that.
 *
 * <p>Pipeline: {@link RedisDecoder} (whole replies), {@link RedisCommandEncoder} (each command
 * straight into one buffer), and a handler that matches replies to commands in order (RESP3 pushes,
 * which answer nothing, are printed as they come).
 */
public final class RedisClient {
  private RedisClient() {}

  /**
   * Connects, writes {@code commands} pipelined, waits for one reply each and closes.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the server's address
   * @param commands the commands, in order
   * @return completed with the replies in command order (the caller releases them), or failed if
   *     the connection fails or closes early
   */
  public static Future<List<RedisMessage>> exchange(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      List<RedisCommand> commands) {
    Promise<List<RedisMessage>> result = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new RedisDecoder(),
                        new RedisCommandEncoder(),
                        new ReplyCollector(commands, result));
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                result.tryFailure(connected.cause());
              }
            });
    return result;
  }

  /**
   * Splits the {@code --cmd} text into commands at {@code ;}.
   *
   * @param text commands separated by {@code ;}
   * @return the commands
   * @throws UsageException if a command is empty or malformed
   */
  static List<RedisCommand> parse(String text) {
    List<RedisCommand> commands = new ArrayList<>();
    for (String line : text.split(";", -1)) {
      if (line.isBlank()) {
        continue;
      }
      try {
        commands.add(RedisCommand.parse(line));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--cmd: " + e.getMessage());
      }
    }
    if (commands.isEmpty()) {
      throw new UsageException("--cmd: no command");
    }
    return commands;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the exchange fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(6379));
    List<RedisCommand> round = parse(options.get("cmd", "PING"));
    int repeat = options.positiveInt("repeat", 1);
    List<RedisCommand> commands = new ArrayList<>();
    if (options.flag("resp3")) {
      commands.add(RedisCommand.of("HELLO", "3"));
    }
    for (int i = 0; i < repeat; i++) {
      commands.addAll(round);
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      if (transport.inVmOnly()) {
        RedisServer.start(transport, group, address).sync(); // in-VM: nobody else could serve it
      }
      long start = System.nanoTime();
      List<RedisMessage> replies = exchange(transport, group, address, commands).sync().getNow();
      long nanos = System.nanoTime() - start;
      try {
        for (int i = replies.size() - round.size(); i < replies.size(); i++) {
          System.out.println(RedisReplies.format(replies.get(i)));
        }
      } finally {
        replies.forEach(ReferenceCountUtil::release);
      }
      System.err.printf(
          "%d commands pipelined on one connection in %.1f ms%n", commands.size(), nanos / 1e6);
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  /** Writes the commands once connected and collects one reply per command. */
  private static final class ReplyCollector implements ChannelHandler {
    private final List<RedisCommand> commands;
    private final Promise<List<RedisMessage>> result;
    private final List<RedisMessage> replies = new ArrayList<>();

    ReplyCollector(List<RedisCommand> commands, Promise<List<RedisMessage>> result) {
      this.commands = commands;
      this.result = result;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      for (RedisCommand command : commands) {
        ctx.write(command);
      }
      ctx.flush();
      ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      RedisMessage reply = (RedisMessage) msg;
      if (reply.type() == RedisMessageType.PUSH) {
        System.out.println("(push) " + RedisReplies.format(reply));
        ReferenceCountUtil.release(reply);
        return;
      }
      replies.add(reply);
      if (replies.size() == commands.size() && result.trySuccess(List.copyOf(replies))) {
        replies.clear();
        ctx.close();
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      if (result.tryFailure(new ClosedChannelException())) {
        replies.forEach(ReferenceCountUtil::release);
        replies.clear();
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (result.tryFailure(cause)) {
        replies.forEach(ReferenceCountUtil::release);
        replies.clear();
      }
      ctx.close();
    }
  }
}
