package io.tern.testsuite.transport;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;

/**
 * One transport as the shared socket tests see it: how to make its event loops, its client and
 * server channels, and the addresses they use. A transport module plugs into the suite by
 * implementing this (see {@code docs/channels.md}) and subclassing the tests in {@code
 * io.tern.testsuite.socket} with it.
 */
public interface TransportUnderTest {
  /**
   * Returns the name shown in test reports.
   *
   * @return {@code nio}, {@code local}, {@code epoll}, …
   */
  String name();

  /**
   * Creates an event loop group for this transport's channels.
   *
   * @param threads the number of loops
   * @return a new group; the test shuts it down
   */
  EventLoopGroup newGroup(int threads);

  /**
   * Returns the factory of listening channels.
   *
   * @return the factory
   */
  ServerChannelFactory<? extends ServerChannel> serverChannelFactory();

  /**
   * Returns the factory of client channels.
   *
   * @return the factory
   */
  ChannelFactory<? extends Channel> clientChannelFactory();

  /**
   * Returns an address a server can bind to: a loopback address with port 0, a fresh local name.
   *
   * @return the address
   */
  SocketAddress newServerAddress();

  /**
   * Reserves an address nothing listens on, so that connecting to it is refused (for sockets: a
   * bound, not listening socket).
   *
   * @return the address and what holds it; close it after the test
   * @throws Exception if it cannot be reserved
   */
  HeldAddress refusingAddress() throws Exception;

  /**
   * An address kept reserved until closed.
   *
   * @param address the address
   * @param holder releases the reservation
   */
  record HeldAddress(SocketAddress address, AutoCloseable holder) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      holder.close();
    }
  }
}
