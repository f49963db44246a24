package io.tern.examples;

import io.tern.transport.IoHandlerFactory;
import io.tern.transport.LocalIoHandler;
import io.tern.transport.NioIoHandler;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.local.LocalAddress;
import io.tern.transport.local.LocalChannel;
import io.tern.transport.local.LocalServerChannel;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Selects a transport by the name given to {@code --transport}: what an example needs to create its
 * event loops and channels. Adding a transport is one line in the static block below (for example
 * {@code add("epoll", () -> new Transport("epoll", EpollIoHandler.newFactory(),
 * EpollSocketChannel::new, EpollServerSocketChannel::new, false))}) and removing its name from
 * {@code PLANNED}.
 *
 * <p>Thread-safe (immutable after class initialisation).
 */
public final class Transports {
  /** The default of {@code --transport}. */
  public static final String DEFAULT = "nio";

  private static final Map<String, Supplier<Transport>> AVAILABLE = new LinkedHashMap<>();

  /** Names every Tern build will know, with why they are not here yet. */
  private static final Map<String, String> PLANNED =
      Map.of(
          "epoll", "the native epoll transport (module transport-linux) is not available yet",
          "io_uring", "the native io_uring transport (module transport-linux) is not available yet",
          "native", "no native transport (epoll, io_uring) is available yet");

  static {
    add(
        "nio",
        () ->
            new Transport(
                "nio",
                NioIoHandler.newFactory(),
                NioSocketChannel::new,
                NioServerSocketChannel::new,
                false));
    add(
        "local",
        () ->
            new Transport(
                "local",
                LocalIoHandler.newFactory(),
                LocalChannel::new,
                LocalServerChannel::new,
                true));
  }

  private Transports() {}

  private static void add(String name, Supplier<Transport> transport) {
    AVAILABLE.put(name, transport);
  }

  /**
   * What one transport provides.
   *
   * @param name the name given to {@code --transport}
   * @param ioHandlerFactory creates the I/O handlers of its event loops
   * @param channelFactory creates client channels
   * @param serverChannelFactory creates listening channels
   * @param inVmOnly whether clients and servers must share one JVM (the local transport)
   */
  public record Transport(
      String name,
      IoHandlerFactory ioHandlerFactory,
      ChannelFactory<? extends Channel> channelFactory,
      ServerChannelFactory<? extends ServerChannel> serverChannelFactory,
      boolean inVmOnly) {

    /**
     * Returns the address a server of this transport listens on and clients connect to.
     *
     * @param host a host name or literal address (for the local transport, part of the name)
     * @param port the port (0 for any free one)
     * @return an unresolved-free address for TCP transports, a {@link LocalAddress} for local
     */
    public SocketAddress address(String host, int port) {
      return inVmOnly ? new LocalAddress(host + ':' + port) : new InetSocketAddress(host, port);
    }
  }

  /**
   * Returns the transport named by {@code --transport} (default {@value #DEFAULT}).
   *
   * @param options the example's options
   * @return the transport
   * @throws UsageException naming the available transports if this one is unknown or not built yet
   */
  public static Transport select(ExampleOptions options) {
    return select(options.get("transport", DEFAULT));
  }

  /**
   * Returns a transport by name.
   *
   * @param name {@code nio}, {@code local}, or a native transport once it exists
   * @return the transport
   * @throws UsageException naming the available transports if this one is unknown or not built yet
   */
  public static Transport select(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    Supplier<Transport> transport = AVAILABLE.get(key);
    if (transport != null) {
      return transport.get();
    }
    String why = PLANNED.getOrDefault(key, "unknown transport");
    throw new UsageException(
        "--transport " + name + ": " + why + "; available: " + String.join(", ", names()));
  }

  /**
   * Returns a server transport, refusing the in-VM one (nothing outside this JVM could connect).
   *
   * @param options the example's options
   * @param example the example's name, for the message
   * @return the transport
   * @throws UsageException if the transport is unavailable or in-VM only
   */
  public static Transport selectForServer(ExampleOptions options, String example) {
    Transport transport = select(options);
    if (transport.inVmOnly()) {
      throw new UsageException(
          "--transport "
              + transport.name()
              + ": a "
              + example
              + " on the in-VM transport could only be reached from inside its own JVM; the"
              + " clients (echo-client, discard --client) accept --transport local and then start"
              + " their server in-process");
    }
    return transport;
  }

  /**
   * Returns the names of the available transports.
   *
   * @return the names, in registration order
   */
  public static Iterable<String> names() {
    return AVAILABLE.keySet();
  }
}
