package io.tern.testsuite.nio;

import io.tern.testsuite.datagram.DatagramConnectedTest;
import io.tern.testsuite.transport.NioTransport;

/** The shared connected-mode datagram tests over NIO UDP on IPv4 and IPv6 loopback. */
class NioDatagramConnectedTests extends DatagramConnectedTest {
  NioDatagramConnectedTests() {
    super(NioTransport.DATAGRAM);
  }
}
