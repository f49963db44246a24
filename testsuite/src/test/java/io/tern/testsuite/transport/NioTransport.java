package io.tern.testsuite.transport;

import io.tern.transport.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.StandardProtocolFamily;

/** NIO TCP over IPv4 or IPv6 loopback. */
public final class NioTransport {
  /** NIO over IPv4 loopback. */
  public static final InetTransport IPV4 = of("nio", StandardProtocolFamily.INET);

  /** NIO over IPv6 loopback. */
  public static final InetTransport IPV6 = of("nio-ipv6", StandardProtocolFamily.INET6);

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
