package io.tern.testsuite.transport;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.socket.DatagramChannel;
import java.net.ProtocolFamily;

/**
 * A UDP transport as the shared datagram tests see it: its event loops and its datagram channel
 * constructor ({@code NioDatagramChannel::new}, {@code EpollDatagramChannel::new}).
 *
 * @param name the name shown in test reports
 * @param handlers the I/O handlers of its event loops
 * @param channels makes an unbound channel of an address family
 */
public record DatagramTransport(String name, IoHandlerFactory handlers, ChannelFactory channels) {
  /** A datagram channel constructor taking an address family. */
  @FunctionalInterface
  public interface ChannelFactory {
    /**
     * Creates an unregistered, unbound channel.
     *
     * @param loop its event loop
     * @param family {@code INET} or {@code INET6}
     * @return the channel
     */
    DatagramChannel create(EventLoop loop, ProtocolFamily family);
  }

  /**
   * Creates an event loop group for this transport's channels.
   *
   * @param threads the number of loops
   * @return a new group; the test shuts it down
   */
  public EventLoopGroup newGroup(int threads) {
    return new MultiThreadEventLoopGroup(threads, handlers);
  }

  @Override
  public String toString() {
    return name;
  }
}
