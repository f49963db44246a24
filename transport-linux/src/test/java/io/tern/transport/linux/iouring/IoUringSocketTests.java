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
 * whole (not incremental) provided buffers and with a small incremental ring (and the close tests
 * with both); every test again with registered (fixed) files on, the echo, many-connection and
 * close tests with a 16-slot file table (the channels past it on plain descriptors), and a few with
 * fixed files off whatever the default.
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
  class WholeClose extends SocketCloseTest {
    WholeClose() {
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
  class SmallRingClose extends SocketCloseTest {
    SmallRingClose() {
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

  @Nested
  class FixedEcho extends SocketEchoTest {
    FixedEcho() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedHalfClose extends SocketHalfCloseTest {
    FixedHalfClose() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedAutoRead extends SocketAutoReadTest {
    FixedAutoRead() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedWritability extends SocketWritabilityTest {
    FixedWritability() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedLargeWrite extends SocketLargeWriteTest {
    FixedLargeWrite() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedGatheringWrite extends SocketGatheringWriteTest {
    FixedGatheringWrite() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedFileRegion extends SocketFileRegionTest {
    FixedFileRegion() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedManyConnections extends SocketManyConnectionsTest {
    FixedManyConnections() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedConnect extends SocketConnectTest {
    FixedConnect() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedBind extends SocketBindTest {
    FixedBind() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedClose extends SocketCloseTest {
    FixedClose() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class FixedException extends SocketExceptionTest {
    FixedException() {
      super(LinuxTransports.IO_URING_FIXED_FILES);
    }
  }

  @Nested
  class SmallFileTableEcho extends SocketEchoTest {
    SmallFileTableEcho() {
      super(LinuxTransports.IO_URING_SMALL_FILE_TABLE);
    }
  }

  @Nested
  class SmallFileTableManyConnections extends SocketManyConnectionsTest {
    SmallFileTableManyConnections() {
      super(LinuxTransports.IO_URING_SMALL_FILE_TABLE);
    }
  }

  @Nested
  class SmallFileTableClose extends SocketCloseTest {
    SmallFileTableClose() {
      super(LinuxTransports.IO_URING_SMALL_FILE_TABLE);
    }
  }

  @Nested
  class PlainFilesEcho extends SocketEchoTest {
    PlainFilesEcho() {
      super(LinuxTransports.IO_URING_PLAIN_FILES);
    }
  }

  @Nested
  class PlainFilesHalfClose extends SocketHalfCloseTest {
    PlainFilesHalfClose() {
      super(LinuxTransports.IO_URING_PLAIN_FILES);
    }
  }

  @Nested
  class PlainFilesClose extends SocketCloseTest {
    PlainFilesClose() {
      super(LinuxTransports.IO_URING_PLAIN_FILES);
    }
  }
}
