package io.tern.transport.linux;

import io.tern.testsuite.datagram.DatagramChannelTest;
import io.tern.testsuite.transport.DatagramTransport;

/** The shared datagram tests of the {@code testsuite} module on io_uring loops. */
class IoUringDatagramTests extends DatagramChannelTest {
  IoUringDatagramTests() {
    super(
        new DatagramTransport(
            "io_uring", IoUringIoHandler.newFactory(), IoUringDatagramChannel::new));
  }
}
