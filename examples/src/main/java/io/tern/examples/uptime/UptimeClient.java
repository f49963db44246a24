package io.tern.examples.uptime;

import io.tern.common.concurrent.Ticker;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.timeout.IdleStateHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code ./run-example uptime [--port 8007] [--host 127.0.0.1] [--transport nio] [--read-timeout
 * 10] [--reconnect-delay 5]}: Netty's uptime example ported. Keeps a connection to a server open
 * for as long as it runs: when the server closes it, or sends nothing for {@code --read-timeout}
 * seconds, it waits {@code --reconnect-delay} seconds and connects again, printing its uptime at
 * each step. Point it at {@code ./run-example echo-server} or {@code discard}, then stop and
 * restart the server.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #connect} and {@link #stop} may be called from any thread; connections and reconnection
 * timers run on the group's loops.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the caller owns the event loop group.
 */
public final class UptimeClient {
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final SocketAddress server;
  private final Duration reconnectDelay;
  private final Consumer<String> log;
  private volatile boolean stopped;
  private volatile Channel current;

  /**
   * Prepares a client; nothing connects before {@link #connect}.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server where to connect
   * @param readTimeout how long without a read before the client disconnects
   * @param reconnectDelay how long to wait before each new attempt
   * @param log where connections, disconnections and failures are reported
   */
  public UptimeClient(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      Duration readTimeout,
      Duration reconnectDelay,
      Consumer<String> log) {
    this.group = group;
    this.server = server;
    this.reconnectDelay = reconnectDelay;
    this.log = log;
    Ticker ticker = Ticker.system();
    long start = ticker.nanoTime();
    long readTimeoutMillis = readTimeout.toMillis();
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channelFactory(transport.channelFactory())
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            new IdleStateHandler(readTimeoutMillis, 0, 0, TimeUnit.MILLISECONDS))
                        .addLast(
                            new UptimeClientHandler(
                                ticker, start, log, UptimeClient.this::reconnectLater));
                  }
                });
  }

  /** Starts a connection attempt; a failed one is retried after the reconnect delay. */
  public void connect() {
    if (stopped) {
      return;
    }
    bootstrap
        .connect(server)
        .addListener(
            connected -> {
              if (connected.isSuccess()) {
                current = connected.getNow();
              } else {
                log.accept("Failed to connect to " + server + ": " + connected.cause());
                reconnectLater();
              }
            });
  }

  private void reconnectLater() {
    if (stopped) {
      return;
    }
    log.accept("Reconnecting to " + server + " in " + reconnectDelay.toMillis() + " ms");
    group.next().schedule(this::connect, reconnectDelay.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Stops reconnecting and closes the current connection, if any. */
  public void stop() {
    stopped = true;
    Channel ch = current;
    if (ch != null) {
      ch.close();
    }
  }

  /**
   * Runs the example until killed.
   *
   * @param args the options above
   * @throws Exception if interrupted
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8007));
    Duration readTimeout = Duration.ofSeconds(options.positiveInt("read-timeout", 10));
    Duration reconnectDelay = Duration.ofSeconds(options.intValue("reconnect-delay", 5));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      new UptimeClient(transport, group, address, readTimeout, reconnectDelay, System.out::println)
          .connect();
      new CountDownLatch(1).await(); // until killed
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
