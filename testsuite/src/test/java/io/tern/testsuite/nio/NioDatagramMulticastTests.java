package io.tern.testsuite.nio;

import io.tern.testsuite.datagram.DatagramMulticastTest;
import io.tern.testsuite.transport.NioTransport;

/** The shared multicast delivery tests over NIO UDP on the loopback interface. */
class NioDatagramMulticastTests extends DatagramMulticastTest {
  NioDatagramMulticastTests() {
    super(NioTransport.DATAGRAM);
  }
}
