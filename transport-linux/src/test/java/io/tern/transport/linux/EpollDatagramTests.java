package io.tern.transport.linux;

import io.tern.testsuite.datagram.DatagramChannelTest;
import io.tern.testsuite.transport.DatagramTransport;

/** The shared datagram tests of the {@code testsuite} module over epoll ({@code recvmmsg}). */
class EpollDatagramTests extends DatagramChannelTest {
  EpollDatagramTests() {
    super(new DatagramTransport("epoll", EpollIoHandler.newFactory(), EpollDatagramChannel::new));
  }
}
