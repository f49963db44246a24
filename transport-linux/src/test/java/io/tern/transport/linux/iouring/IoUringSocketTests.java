package io.tern.transport.linux.iouring;

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

/**
 * The shared socket tests of the {@code testsuite} module over io_uring (IPv4 and IPv6 loopback),
 * the data-path tests again with buffer rings and multishot receives off, and the echo tests with
 * whole (not incremental) provided buffers and with a small incremental ring.
 */
class IoUringSocketTests {
  @Nested
  class Echo extends SocketEchoTest {
    Echo() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class HalfClose extends SocketHalfCloseTest {
    HalfClose() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class AutoRead extends SocketAutoReadTest {
    AutoRead() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class Writability extends SocketWritabilityTest {
    Writability() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class LargeWrite extends SocketLargeWriteTest {
    LargeWrite() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class GatheringWrite extends SocketGatheringWriteTest {
    GatheringWrite() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class FileRegion extends SocketFileRegionTest {
    FileRegion() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class ManyConnections extends SocketManyConnectionsTest {
    ManyConnections() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class Connect extends SocketConnectTest {
    Connect() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class Bind extends SocketBindTest {
    Bind() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class Close extends SocketCloseTest {
    Close() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class Exception extends SocketExceptionTest {
    Exception() {
      super(LinuxTransports.IO_URING);
    }
  }

  @Nested
  class Ipv6Echo extends SocketEchoTest {
    Ipv6Echo() {
      super(LinuxTransports.IO_URING_IPV6);
    }
  }

  @Nested
  class Ipv6HalfClose extends SocketHalfCloseTest {
    Ipv6HalfClose() {
      super(LinuxTransports.IO_URING_IPV6);
    }
  }

  @Nested
  class Ipv6Connect extends SocketConnectTest {
    Ipv6Connect() {
      super(LinuxTransports.IO_URING_IPV6);
    }
  }

  @Nested
  class Ipv6Bind extends SocketBindTest {
    Ipv6Bind() {
      super(LinuxTransports.IO_URING_IPV6);
    }
  }

  @Nested
  class BasicEcho extends SocketEchoTest {
    BasicEcho() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class BasicHalfClose extends SocketHalfCloseTest {
    BasicHalfClose() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class BasicAutoRead extends SocketAutoReadTest {
    BasicAutoRead() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class BasicWritability extends SocketWritabilityTest {
    BasicWritability() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class BasicLargeWrite extends SocketLargeWriteTest {
    BasicLargeWrite() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class BasicGatheringWrite extends SocketGatheringWriteTest {
    BasicGatheringWrite() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class BasicClose extends SocketCloseTest {
    BasicClose() {
      super(LinuxTransports.IO_URING_BASIC);
    }
  }

  @Nested
  class WholeEcho extends SocketEchoTest {
    WholeEcho() {
      super(LinuxTransports.IO_URING_WHOLE_BUFFERS);
    }
  }

  @Nested
  class WholeHalfClose extends SocketHalfCloseTest {
    WholeHalfClose() {
      super(LinuxTransports.IO_URING_WHOLE_BUFFERS);
    }
  }

  @Nested
  class WholeLargeWrite extends SocketLargeWriteTest {
    WholeLargeWrite() {
      super(LinuxTransports.IO_URING_WHOLE_BUFFERS);
    }
  }

  @Nested
  class WholeGatheringWrite extends SocketGatheringWriteTest {
    WholeGatheringWrite() {
      super(LinuxTransports.IO_URING_WHOLE_BUFFERS);
    }
  }

  @Nested
  class SmallRingEcho extends SocketEchoTest {
    SmallRingEcho() {
      super(LinuxTransports.IO_URING_SMALL_RING);
    }
  }

  @Nested
  class SmallRingHalfClose extends SocketHalfCloseTest {
    SmallRingHalfClose() {
      super(LinuxTransports.IO_URING_SMALL_RING);
    }
  }

  @Nested
  class SmallRingLargeWrite extends SocketLargeWriteTest {
    SmallRingLargeWrite() {
      super(LinuxTransports.IO_URING_SMALL_RING);
    }
  }

  @Nested
  class SmallRingGatheringWrite extends SocketGatheringWriteTest {
    SmallRingGatheringWrite() {
      super(LinuxTransports.IO_URING_SMALL_RING);
    }
  }
}
