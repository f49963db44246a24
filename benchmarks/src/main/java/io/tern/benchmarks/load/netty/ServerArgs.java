package io.tern.benchmarks.load.netty;

import java.util.Locale;

/**
 * Command-line options shared by the comparison servers: {@code --port N} (required), {@code
 * --transport nio|epoll|io_uring} (default {@code nio}; there is no {@code native}: a comparison
 * names the kernel interface) and {@code --threads N} (default: the available processors, which is
 * 1 when the server is pinned to one core).
 *
 * @param port the TCP port to listen on, on 127.0.0.1
 * @param transport the Netty transport
 * @param threads the number of event-loop threads
 */
public record ServerArgs(int port, NettyTransport transport, int threads) {
  /**
   * Parses the options.
   *
   * @param args the command line
   * @return the options
   * @throws IllegalArgumentException if an option is unknown, malformed or missing
   */
  public static ServerArgs parse(String[] args) {
    int port = -1;
    NettyTransport transport = NettyTransport.NIO;
    int threads = Runtime.getRuntime().availableProcessors();
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (i + 1 == args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      String value = args[++i];
      switch (option) {
        case "--port" -> port = Integer.parseInt(value);
        case "--transport" -> transport = NettyTransport.of(value.toLowerCase(Locale.ROOT));
        case "--threads" -> threads = Integer.parseInt(value);
        default -> throw new IllegalArgumentException("unknown option " + option);
      }
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("give --port N (0-65535)");
    }
    return new ServerArgs(port, transport, threads);
  }
}
