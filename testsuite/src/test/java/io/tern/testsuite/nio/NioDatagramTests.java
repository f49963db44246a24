package io.tern.testsuite.nio;

import io.tern.testsuite.datagram.DatagramChannelTest;
import io.tern.testsuite.transport.DatagramTransport;
import io.tern.transport.NioIoHandler;
import io.tern.transport.nio.NioDatagramChannel;

/** The shared datagram tests over NIO on IPv4 and IPv6 loopback. */
class NioDatagramTests extends DatagramChannelTest {
  NioDatagramTests() {
    super(new DatagramTransport("nio", NioIoHandler.newFactory(), NioDatagramChannel::new));
  }
}
