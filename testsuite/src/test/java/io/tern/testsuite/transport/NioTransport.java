package io.tern.testsuite.transport;

import io.tern.transport.nio.NioDatagramChannel;
import io.tern.transport.nio.NioDomainSocketChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerDomainSocketChannel;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.StandardProtocolFamily;

/** The NIO transports: TCP over IPv4 or IPv6 loopback, Unix domain streams, UDP. */
public final class NioTransport {
  /** NIO over IPv4 loopback. */
  public static final InetTransport IPV4 = of("nio", StandardProtocolFamily.INET);

  /** NIO over IPv6 loopback. */
  public static final InetTransport IPV6 = of("nio-ipv6", StandardProtocolFamily.INET6);

  /** NIO Unix domain stream sockets. */
  public static final DomainTransport UNIX =
      new DomainTransport(
          "nio-unix",
          NioIoHandler.newFactory(),
          NioDomainSocketChannel::new,
          NioServerDomainSocketChannel::new);

  /** NIO UDP. */
  public static final DatagramTransport DATAGRAM =
      new DatagramTransport("nio-udp", NioIoHandler.newFactory(), NioDatagramChannel::new);

  private NioTransport() {}

  private static InetTransport of(String name, StandardProtocolFamily family) {
    return new InetTransport(
        name,
        NioIoHandler.newFactory(),
        family,
        NioSocketChannel::new,
        NioServerSocketChannel::new);
  }
}
