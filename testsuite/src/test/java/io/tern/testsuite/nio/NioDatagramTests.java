package io.tern.testsuite.nio;

import io.tern.testsuite.datagram.DatagramConnectedTest;
import io.tern.testsuite.datagram.DatagramEchoTest;
import io.tern.testsuite.datagram.DatagramMembershipTest;
import io.tern.testsuite.datagram.DatagramMulticastTest;
import io.tern.testsuite.datagram.DatagramOptionsTest;
import io.tern.testsuite.datagram.DatagramReadLoopTest;
import io.tern.testsuite.datagram.DatagramTruncationTest;
import io.tern.testsuite.datagram.DatagramWriteLoopTest;
import io.tern.testsuite.transport.NioTransport;
import org.junit.jupiter.api.Nested;

/** The shared datagram tests over NIO UDP on IPv4 and IPv6 loopback. */
class NioDatagramTests {
  @Nested
  class Echo extends DatagramEchoTest {
    Echo() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class Connected extends DatagramConnectedTest {
    Connected() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class Truncation extends DatagramTruncationTest {
    Truncation() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class ReadLoop extends DatagramReadLoopTest {
    ReadLoop() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class WriteLoop extends DatagramWriteLoopTest {
    WriteLoop() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class Options extends DatagramOptionsTest {
    Options() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class Membership extends DatagramMembershipTest {
    Membership() {
      super(NioTransport.DATAGRAM);
    }
  }

  @Nested
  class Multicast extends DatagramMulticastTest {
    Multicast() {
      super(NioTransport.DATAGRAM);
    }
  }
}
