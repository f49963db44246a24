package io.tern.testsuite.transport;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnknownHostException;
import java.nio.channels.SocketChannel;

/**
 * A TCP transport over IPv4 ({@code 127.0.0.1}) or IPv6 ({@code ::1}) loopback: NIO here, epoll and
 * io_uring in {@code transport-linux}.
 *
 * @param name the name shown in test reports
 * @param handlers the I/O handlers of its event loops
 * @param family the address family of its sockets
 * @param clients makes a client channel of a family
 * @param servers makes a listening channel of a family
 */
public record InetTransport(
    String name,
    IoHandlerFactory handlers,
    StandardProtocolFamily family,
    ClientFactory clients,
    ServerFactory servers)
    implements TransportUnderTest {

  /** A client channel constructor taking an address family ({@code NioSocketChannel::new}). */
  @FunctionalInterface
  public interface ClientFactory {
    /**
     * Creates an unregistered client channel.
     *
     * @param loop its event loop
     * @param family its address family
     * @return the channel
     */
    Channel create(EventLoop loop, ProtocolFamily family);
  }

  /** A listening channel constructor taking an address family. */
  @FunctionalInterface
  public interface ServerFactory {
    /**
     * Creates an unregistered listening channel.
     *
     * @param loop its event loop
     * @param children the group of its accepted children
     * @param family its address family
     * @return the channel
     */
    ServerChannel create(EventLoop loop, EventLoopGroup children, ProtocolFamily family);
  }

  @Override
  public EventLoopGroup newGroup(int threads) {
    return new MultiThreadEventLoopGroup(threads, handlers);
  }

  @Override
  public ServerChannelFactory<? extends ServerChannel> serverChannelFactory() {
    return (loop, children) -> servers.create(loop, children, family);
  }

  @Override
  public ChannelFactory<? extends Channel> clientChannelFactory() {
    return loop -> clients.create(loop, family);
  }

  private InetAddress loopback() {
    try {
      return InetAddress.getByName(family == StandardProtocolFamily.INET ? "127.0.0.1" : "::1");
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public SocketAddress newServerAddress() {
    return new InetSocketAddress(loopback(), 0);
  }

  @Override
  public HeldAddress refusingAddress() throws Exception {
    SocketChannel bound = SocketChannel.open(family);
    bound.bind(new InetSocketAddress(loopback(), 0)); // bound, never listening: SYNs get RST
    return new HeldAddress(bound.getLocalAddress(), bound);
  }

  @Override
  public String toString() {
    return name;
  }
}
