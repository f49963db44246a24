package io.tern.examples;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.ByteBufUtil;
import io.tern.examples.support.ExampleOptions;

/**
 * A smoke demo until the HTTP server lands: shows the JDK the build found, then encodes a greeting
 * into a direct (native {@code MemorySegment}) buffer from the default allocator and dumps it.
 */
final class HelloExample {
  private HelloExample() {}

  static void main(String[] args) {
    ExampleOptions options = new ExampleOptions(args);
    String name = options.get("name", "Tern");
    System.out.printf(
        "Tern on Java %s (%s), %d cores%n",
        Runtime.version(),
        System.getProperty("java.vendor"),
        Runtime.getRuntime().availableProcessors());

    ByteBuf buf = ByteBufAllocator.DEFAULT.directBuffer(64);
    try {
      int written = ByteBufUtil.writeUtf8(buf, "Hello, " + name + "! \u2014 \uD83D\uDC26");
      System.out.printf("%s wrote %d UTF-8 bytes:%n", buf, written);
      System.out.println(ByteBufUtil.prettyHexDump(buf));
    } finally {
      buf.release();
    }
  }
}
