package io.tern.buffer;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;

/** Creates buffers for a test and releases them after it, so no test leaks. */
abstract class BufferTestSupport {
  private final List<ByteBuf> created = new ArrayList<>();

  ByteBuf make(BufferKind kind, byte[] content) {
    ByteBuf buf = kind.create(content);
    created.add(buf);
    return buf;
  }

  ByteBuf make(BufferKind kind, int capacity) {
    return make(kind, new byte[capacity]);
  }

  /** Registers a buffer allocated elsewhere in the test for release. */
  <T extends ByteBuf> T own(T buf) {
    created.add(buf);
    return buf;
  }

  static byte[] bytes(int length, long seed) {
    byte[] b = new byte[length];
    new Random(seed).nextBytes(b);
    return b;
  }

  static byte[] sequence(int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (i * 7 + 1);
    }
    return b;
  }

  @AfterEach
  void releaseCreated() {
    for (ByteBuf buf : created) {
      BufferKind.releaseAll(buf);
    }
    created.clear();
  }
}
