package io.tern.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The real Redis tools against the redis-server example: {@code redis-cli} in RESP2 and with {@code
 * -3} (which says {@code HELLO 3} first), and {@code redis-benchmark -P 16 -t get,set}, which must
 * finish without errors. A missing tool fails the test (install {@code redis-tools}, e.g. with
 * {@code bash .ci/install-peers}).
 */
@Tag("interop")
class RedisServerInteropTest {
  private final Transport nio = Transports.select("nio");
  private EventLoopGroup group;
  private ServerChannel server;
  private int port;

  @BeforeEach
  void start() throws Exception {
    group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    server =
        RedisServer.start(nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    port = ((InetSocketAddress) server.localAddress()).getPort();
  }

  @AfterEach
  void stop() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private String cli(String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("redis-cli", "-h", "127.0.0.1", "-p", "" + port));
    command.addAll(List.of(args));
    Result result = run(command, 30);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output().strip();
  }

  @Test
  void redisCliSpeaksResp2WithTheExample() throws Exception {
    assertThat(cli("SET", "greeting", "hello world")).isEqualTo("OK");
    assertThat(cli("GET", "greeting")).isEqualTo("hello world");
    assertThat(cli("INCR", "visits")).isEqualTo("1");
    assertThat(cli("EXPIRE", "visits", "100")).isEqualTo("1");
    assertThat(cli("TTL", "visits")).isEqualTo("100");
    assertThat(cli("DEL", "greeting", "visits", "none")).isEqualTo("2");
    assertThat(cli("GET", "greeting")).isEmpty(); // redis-cli prints nothing for nil when piped
    assertThat(cli("PUBLISH", "news", "x")).isEqualTo("0");
    assertThat(cli("HELLO", "2")).contains("server", "redis", "proto", "2");
  }

  @Test
  void redisCli3SpeaksResp3WithTheExample() throws Exception {
    assertThat(cli("-3", "SET", "k", "v")).isEqualTo("OK");
    assertThat(cli("-3", "GET", "k")).isEqualTo("v");
    assertThat(cli("-3", "--no-raw", "GET", "missing")).isEqualTo("(nil)");
    assertThat(cli("-3", "--no-raw", "HELLO", "3"))
        .contains("1# \"server\" => \"redis\"", "\"proto\" => (integer) 3");
  }

  @Test
  void redisBenchmarkPipelinedGetSetCompletesWithoutErrors() throws Exception {
    Result result =
        run(
            List.of(
                "redis-benchmark",
                "-h",
                "127.0.0.1",
                "-p",
                "" + port,
                "-P",
                "16",
                "-t",
                "get,set",
                "-n",
                "10000",
                "-c",
                "10",
                "-q"),
            240);
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("SET:", "GET:").doesNotContainIgnoringCase("error");
  }

  private record Result(int exitCode, String output) {}

  private static Result run(List<String> command, int timeoutSeconds) throws Exception {
    require(command.get(0));
    Path output = Files.createTempFile("redis-interop", ".out");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .redirectInput(new File("/dev/null"))
              .start();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError(command + " did not finish in " + timeoutSeconds + " s");
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private static void require(String executable) throws IOException {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator, -1)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, executable))) {
        return;
      }
    }
    throw new AssertionError(
        executable + " is not installed: apt package redis-tools (bash .ci/install-peers)");
  }
}
