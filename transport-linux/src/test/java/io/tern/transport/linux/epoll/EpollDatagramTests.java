package io.tern.transport.linux.epoll;

import io.tern.testsuite.datagram.DatagramConnectedTest;
import io.tern.testsuite.datagram.DatagramEchoTest;
import io.tern.testsuite.datagram.DatagramMembershipTest;
import io.tern.testsuite.datagram.DatagramMulticastTest;
import io.tern.testsuite.datagram.DatagramOptionsTest;
import io.tern.testsuite.datagram.DatagramReadLoopTest;
import io.tern.testsuite.datagram.DatagramTruncationTest;
import io.tern.testsuite.datagram.DatagramWriteLoopTest;
import io.tern.transport.linux.LinuxTransports;
import org.junit.jupiter.api.Nested;

/**
 * The shared datagram tests of the {@code testsuite} module over epoll ({@code recvmmsg}/{@code
 * sendmmsg} on readiness).
 */
class EpollDatagramTests {
  @Nested
  class Echo extends DatagramEchoTest {
    Echo() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class Connected extends DatagramConnectedTest {
    Connected() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class Truncation extends DatagramTruncationTest {
    Truncation() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class ReadLoop extends DatagramReadLoopTest {
    ReadLoop() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class WriteLoop extends DatagramWriteLoopTest {
    WriteLoop() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class Options extends DatagramOptionsTest {
    Options() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class Membership extends DatagramMembershipTest {
    Membership() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }

  @Nested
  class Multicast extends DatagramMulticastTest {
    Multicast() {
      super(LinuxTransports.EPOLL_UDP);
    }
  }
}
