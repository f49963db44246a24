package io.tern.benchmarks.load.tern;

import io.tern.common.ResourceLeakDetector;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.bootstrap.SocketTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Binds a Tern server on 127.0.0.1 with the options of the Netty twins, prints one line when it
 * listens (the transport its server channel really is, and the leak detection level, which the load
 * harness checks), and serves until the process is killed. One event-loop group accepts and serves.
 */
final class TernServer {
  /**
   * The command line shared by Tern's servers: {@code --port N} (required), {@code --transport
   * nio|epoll|io_uring} (default {@code nio}; no {@code native}, which would let Tern pick its own
   * kernel interface in a comparison), {@code --threads N} (default: the available processors, 1
   * when pinned to one core).
   */
  record Args(int port, String transport, int threads) {
    static Args parse(String[] args) {
      int port = -1;
      String transport = "nio";
      int threads = Runtime.getRuntime().availableProcessors();
      for (int i = 0; i < args.length; i += 2) {
        if (i + 1 == args.length) {
          throw new IllegalArgumentException(args[i] + " needs a value");
        }
        switch (args[i]) {
          case "--port" -> port = Integer.parseInt(args[i + 1]);
          case "--transport" -> transport = args[i + 1];
          case "--threads" -> threads = Integer.parseInt(args[i + 1]);
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("give --port N (0-65535)");
      }
      if (!transport.equals("nio") && !transport.equals("epoll") && !transport.equals("io_uring")) {
        throw new IllegalArgumentException(
            "unknown transport " + transport + " (nio, epoll or io_uring; no 'native': name one)");
      }
      return new Args(port, transport, threads);
    }
  }

  private TernServer() {}

  static void serve(String name, Args args, ChannelHandler childHandler) throws Exception {
    SocketTransport transport = SocketTransport.of(args.transport());
    EventLoopGroup group =
        new MultiThreadEventLoopGroup(args.threads(), transport.ioHandlerFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(transport.serverChannelFactory())
              .option(ChannelOption.SO_BACKLOG, 8192)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(childHandler)
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), args.port()))
              .sync()
              .getNow();
      System.out.printf(
          "%s listening on %s, transport %s (%s), %d event-loop thread(s), leak detection %s%n",
          name,
          server.localAddress(),
          reported(server),
          server.getClass().getSimpleName(),
          args.threads(),
          ResourceLeakDetector.level());
      System.out.flush();
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  /** The transport a bound server channel really uses, from its class name. */
  static String reported(Channel server) {
    String type = server.getClass().getSimpleName();
    if (type.startsWith("Nio")) {
      return "nio";
    }
    if (type.startsWith("Epoll")) {
      return "epoll";
    }
    if (type.startsWith("IoUring")) {
      return "io_uring";
    }
    return server.getClass().getName();
  }
}
