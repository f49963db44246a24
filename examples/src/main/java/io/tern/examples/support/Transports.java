package io.tern.examples.support;

import io.tern.transport.IoHandlerFactory;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.bootstrap.SocketTransport;
import io.tern.transport.local.LocalAddress;
import io.tern.transport.local.LocalChannel;
import io.tern.transport.local.LocalIoHandler;
import io.tern.transport.local.LocalServerChannel;
import io.tern.transport.nio.NioIoHandler;
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
 * event loops and channels. {@code nio} and the in-VM {@code local} are always there; {@code
 * epoll}, {@code io_uring} and {@code native} come from {@code transport-linux}'s {@link
 * SocketTransport}; the first two are refused with the reason where the kernel lacks them. Without
 * {@code --transport} an example runs on {@code native}: {@link SocketTransport#best()}, the best
 * transport available here (io_uring, else epoll, else NIO, each probed). Adding a transport is one
 * line in the static block below.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe (immutable after class initialisation).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class Transports {
  /** The default of {@code --transport}: the best transport available here. */
  public static final String DEFAULT = "native";

  private static final Map<String, Supplier<Transport>> AVAILABLE = new LinkedHashMap<>();

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
    for (String name : new String[] {"epoll", "io_uring", "native"}) {
      add(name, () -> fromSocketTransport(name));
    }
  }

  private Transports() {}

  private static void add(String name, Supplier<Transport> transport) {
    AVAILABLE.put(name, transport);
  }

  /** A native transport; one the kernel lacks is a usage error naming the reason. */
  private static Transport fromSocketTransport(String name) {
    SocketTransport t;
    try {
      t = SocketTransport.of(name);
    } catch (UnsupportedOperationException e) {
      throw new UsageException("--transport " + name + ": " + e.getMessage());
    }
    return new Transport(
        t.name(), t.ioHandlerFactory(), t.channelFactory(), t.serverChannelFactory(), false);
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
   * @throws UsageException naming the available transports if this one is unknown, or the reason if
   *     the kernel lacks it
   */
  public static Transport select(ExampleOptions options) {
    return select(options.get("transport", DEFAULT));
  }

  /**
   * Returns a transport by name.
   *
   * @param name {@code nio}, {@code local}, {@code epoll}, {@code io_uring} or {@code native}
   * @return the transport
   * @throws UsageException naming the available transports if this one is unknown, or the reason if
   *     the kernel lacks it
   */
  public static Transport select(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    Supplier<Transport> transport = AVAILABLE.get(key);
    if (transport != null) {
      return transport.get();
    }
    throw new UsageException(
        "--transport " + name + ": unknown transport; available: " + String.join(", ", names()));
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
