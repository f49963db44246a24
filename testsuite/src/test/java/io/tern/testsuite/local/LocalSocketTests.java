package io.tern.testsuite.local;

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
import io.tern.testsuite.transport.LocalTransport;
import org.junit.jupiter.api.Nested;

/** The shared socket tests over the in-VM transport. */
class LocalSocketTests {
  @Nested
  class Echo extends SocketEchoTest {
    Echo() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class HalfClose extends SocketHalfCloseTest {
    HalfClose() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class AutoRead extends SocketAutoReadTest {
    AutoRead() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class Writability extends SocketWritabilityTest {
    Writability() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class LargeWrite extends SocketLargeWriteTest {
    LargeWrite() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class GatheringWrite extends SocketGatheringWriteTest {
    GatheringWrite() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class FileRegion extends SocketFileRegionTest {
    FileRegion() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class ManyConnections extends SocketManyConnectionsTest {
    ManyConnections() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class Connect extends SocketConnectTest {
    Connect() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class Bind extends SocketBindTest {
    Bind() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class Close extends SocketCloseTest {
    Close() {
      super(LocalTransport.INSTANCE);
    }
  }

  @Nested
  class Exception extends SocketExceptionTest {
    Exception() {
      super(LocalTransport.INSTANCE);
    }
  }
}
