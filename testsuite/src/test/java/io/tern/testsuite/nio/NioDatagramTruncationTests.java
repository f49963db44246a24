package io.tern.testsuite.nio;

import io.tern.testsuite.datagram.DatagramTruncationTest;
import io.tern.testsuite.transport.NioTransport;

/** The shared datagram truncation tests over NIO UDP. */
class NioDatagramTruncationTests extends DatagramTruncationTest {
  NioDatagramTruncationTests() {
    super(NioTransport.DATAGRAM);
  }
}
