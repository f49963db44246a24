package io.tern.examples.memcache;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code memccapable -b}, libmemcached's binary-protocol conformance tester, against the
 * memcache-server example: every test must pass. A missing tool fails the test (apt {@code
 * libmemcached-tools}, e.g. through {@code bash .ci/install-peers}).
 */
@Tag("interop")
class MemcacheServerInteropTest {

  @Test
  void memccapableBinaryTestsAllPass() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          MemcacheServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      boolean found = false;
      for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator, -1)) {
        found |= !dir.isEmpty() && Files.isExecutable(Path.of(dir, "memccapable"));
      }
      assertThat(found)
          .as(
              "memccapable is not installed: apt package libmemcached-tools (bash .ci/install-peers)")
          .isTrue();
      Path output = Files.createTempFile("memccapable", ".out");
      try {
        Process process =
            new ProcessBuilder(List.of("memccapable", "-h", "127.0.0.1", "-p", "" + port, "-b"))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(new File("/dev/null"))
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor();
          throw new AssertionError("memccapable did not finish in 120 s");
        }
        String text = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(text).isZero();
        assertThat(text).contains("All tests passed").doesNotContain("[FAIL]");
      } finally {
        Files.deleteIfExists(output);
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
