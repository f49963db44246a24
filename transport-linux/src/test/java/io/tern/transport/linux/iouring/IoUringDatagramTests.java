package io.tern.transport.linux.iouring;

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
 * The shared datagram tests of the {@code testsuite} module over io_uring ({@code recvmmsg}/{@code
 * sendmmsg} on ring polls).
 */
class IoUringDatagramTests {
  @Nested
  class Echo extends DatagramEchoTest {
    Echo() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class Connected extends DatagramConnectedTest {
    Connected() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class Truncation extends DatagramTruncationTest {
    Truncation() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class ReadLoop extends DatagramReadLoopTest {
    ReadLoop() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class WriteLoop extends DatagramWriteLoopTest {
    WriteLoop() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class Options extends DatagramOptionsTest {
    Options() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class Membership extends DatagramMembershipTest {
    Membership() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }

  @Nested
  class Multicast extends DatagramMulticastTest {
    Multicast() {
      super(LinuxTransports.IO_URING_UDP);
    }
  }
}
