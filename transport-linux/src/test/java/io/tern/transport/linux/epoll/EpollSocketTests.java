package io.tern.transport.linux.epoll;

import io.tern.testsuite.socket.SocketAutoReadTest;
import io.tern.testsuite.socket.SocketBindTest;
import io.tern.testsuite.socket.SocketCloseTest;
import io.tern.testsuite.socket.SocketConnectTest;
import io.tern.testsuite.socket.SocketEchoTest;
import io.tern.testsuite.socket.SocketExceptionTest;
import io.tern.testsuite.socket.SocketFileRegionTest;
import io.tern.testsuite.socket.SocketGatheringWriteTest;
import io.tern.testsuite.socket.SocketHalfCloseTest;
import io.tern.testsuite.socket.SocketLargeWriteTest;
import io.tern.testsuite.socket.SocketManyConnectionsTest;
import io.tern.testsuite.socket.SocketWritabilityTest;
import io.tern.transport.linux.LinuxTransports;
import org.junit.jupiter.api.Nested;

/** The shared socket tests of the {@code testsuite} module over epoll, IPv4 and IPv6 loopback. */
class EpollSocketTests {
  @Nested
  class Echo extends SocketEchoTest {
    Echo() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class HalfClose extends SocketHalfCloseTest {
    HalfClose() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class AutoRead extends SocketAutoReadTest {
    AutoRead() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class Writability extends SocketWritabilityTest {
    Writability() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class LargeWrite extends SocketLargeWriteTest {
    LargeWrite() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class GatheringWrite extends SocketGatheringWriteTest {
    GatheringWrite() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class FileRegion extends SocketFileRegionTest {
    FileRegion() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class ManyConnections extends SocketManyConnectionsTest {
    ManyConnections() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class Connect extends SocketConnectTest {
    Connect() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class Bind extends SocketBindTest {
    Bind() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class Close extends SocketCloseTest {
    Close() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class Exception extends SocketExceptionTest {
    Exception() {
      super(LinuxTransports.EPOLL);
    }
  }

  @Nested
  class Ipv6Echo extends SocketEchoTest {
    Ipv6Echo() {
      super(LinuxTransports.EPOLL_IPV6);
    }
  }

  @Nested
  class Ipv6HalfClose extends SocketHalfCloseTest {
    Ipv6HalfClose() {
      super(LinuxTransports.EPOLL_IPV6);
    }
  }

  @Nested
  class Ipv6Connect extends SocketConnectTest {
    Ipv6Connect() {
      super(LinuxTransports.EPOLL_IPV6);
    }
  }

  @Nested
  class Ipv6Bind extends SocketBindTest {
    Ipv6Bind() {
      super(LinuxTransports.EPOLL_IPV6);
    }
  }
}
