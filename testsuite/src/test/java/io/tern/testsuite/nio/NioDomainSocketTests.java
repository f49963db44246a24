package io.tern.testsuite.nio;

import io.tern.testsuite.socket.SocketAutoReadTest;
import io.tern.testsuite.socket.SocketBindTest;
import io.tern.testsuite.socket.SocketCloseTest;
import io.tern.testsuite.socket.SocketEchoTest;
import io.tern.testsuite.socket.SocketFileRegionTest;
import io.tern.testsuite.socket.SocketGatheringWriteTest;
import io.tern.testsuite.socket.SocketHalfCloseTest;
import io.tern.testsuite.socket.SocketLargeWriteTest;
import io.tern.testsuite.socket.SocketWritabilityTest;
import io.tern.testsuite.transport.NioTransport;
import org.junit.jupiter.api.Nested;

/** The shared stream tests over NIO Unix domain sockets. */
class NioDomainSocketTests {
  @Nested
  class Echo extends SocketEchoTest {
    Echo() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class HalfClose extends SocketHalfCloseTest {
    HalfClose() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class AutoRead extends SocketAutoReadTest {
    AutoRead() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class GatheringWrite extends SocketGatheringWriteTest {
    GatheringWrite() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class FileRegion extends SocketFileRegionTest {
    FileRegion() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class Bind extends SocketBindTest {
    Bind() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class Close extends SocketCloseTest {
    Close() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class Writability extends SocketWritabilityTest {
    Writability() {
      super(NioTransport.UNIX);
    }
  }

  @Nested
  class LargeWrite extends SocketLargeWriteTest {
    LargeWrite() {
      super(NioTransport.UNIX);
    }
  }
}
