package io.tern.testsuite.nio;

import io.tern.testsuite.datagram.DatagramEchoTest;
import io.tern.testsuite.transport.NioTransport;

/** The shared datagram echo tests over NIO UDP on IPv4 and IPv6 loopback. */
class NioDatagramEchoTests extends DatagramEchoTest {
  NioDatagramEchoTests() {
    super(NioTransport.DATAGRAM);
  }
}
