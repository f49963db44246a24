package io.tern.testsuite.nio;

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
import io.tern.testsuite.transport.NioTransport;
import org.junit.jupiter.api.Nested;

/** The shared socket tests over NIO on IPv4 and IPv6 loopback. */
class NioSocketTests {
  @Nested
  class Echo extends SocketEchoTest {
    Echo() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class HalfClose extends SocketHalfCloseTest {
    HalfClose() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class AutoRead extends SocketAutoReadTest {
    AutoRead() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class Writability extends SocketWritabilityTest {
    Writability() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class LargeWrite extends SocketLargeWriteTest {
    LargeWrite() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class GatheringWrite extends SocketGatheringWriteTest {
    GatheringWrite() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class FileRegion extends SocketFileRegionTest {
    FileRegion() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class ManyConnections extends SocketManyConnectionsTest {
    ManyConnections() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class Connect extends SocketConnectTest {
    Connect() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class Bind extends SocketBindTest {
    Bind() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class Close extends SocketCloseTest {
    Close() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class Exception extends SocketExceptionTest {
    Exception() {
      super(NioTransport.IPV4);
    }
  }

  @Nested
  class Ipv6Echo extends SocketEchoTest {
    Ipv6Echo() {
      super(NioTransport.IPV6);
    }
  }

  @Nested
  class Ipv6HalfClose extends SocketHalfCloseTest {
    Ipv6HalfClose() {
      super(NioTransport.IPV6);
    }
  }

  @Nested
  class Ipv6Connect extends SocketConnectTest {
    Ipv6Connect() {
      super(NioTransport.IPV6);
    }
  }

  @Nested
  class Ipv6Bind extends SocketBindTest {
    Ipv6Bind() {
      super(NioTransport.IPV6);
    }
  }
}
