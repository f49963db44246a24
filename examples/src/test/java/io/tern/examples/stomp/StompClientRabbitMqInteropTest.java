package io.tern.examples.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.stomp.StompHeartbeat;
import io.tern.codec.stomp.StompVersion;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stomp-client example (Tern's {@code StompCodec} and heart-beat handler as a client) against
 * RabbitMQ's STOMP plugin (Debian {@code rabbitmq-server}), in STOMP 1.0, 1.1 and 1.2: a session in
 * a transaction, each message acknowledged with the headers its version wants. The broker runs with
 * a private node name, directories and ports on 127.0.0.1, and is stopped by PID.
 *
 * <p>Erlang's port mapper ({@code epmd}) is started here too, in the foreground on a private port:
 * left to itself, the Erlang VM would start one with {@code epmd -daemon}, which detaches from the
 * VM (so it is no descendant to stop) and outlives the test on the machine's default port. With
 * {@code ERL_EPMD_PORT} naming the running one, the VM uses it and starts none; the test stops it
 * by PID and checks that nothing answers on its port any more.
 */
@Tag("interop")
class StompClientRabbitMqInteropTest {
  private static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
  private static final Path EPMD = Path.of("/usr/lib/erlang/bin/epmd");
  private static Path directory;
  private static Process epmd;
  private static int epmdPort;
  private static Process rabbit;
  private static int stompPort;

  @BeforeAll
  static void startRabbitMq() throws Exception {
    assertThat(Files.isExecutable(SERVER))
        .as(
            "rabbitmq-server is not installed: apt package rabbitmq-server (bash .ci/install-peers)")
        .isTrue();
    assertThat(Files.isExecutable(EPMD))
        .as("epmd is not installed: apt package erlang-base (a dependency of rabbitmq-server)")
        .isTrue();
    directory = Files.createTempDirectory("tern-rabbitmq");
    epmdPort = freePort();
    epmd =
        new ProcessBuilder(
                EPMD.toString(), "-port", Integer.toString(epmdPort), "-address", "127.0.0.1")
            .redirectErrorStream(true)
            .redirectOutput(directory.resolve("epmd.log").toFile())
            .redirectInput(new File("/dev/null"))
            .start();
    long epmdDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!accepts(epmdPort)) {
      if (!epmd.isAlive() || System.nanoTime() > epmdDeadline) {
        throw new AssertionError(
            "epmd did not come up:\n" + Files.readString(directory.resolve("epmd.log")));
      }
      Thread.sleep(50);
    }
    int amqpPort = freePort();
    stompPort = freePort();
    Files.writeString(directory.resolve("enabled_plugins"), "[rabbitmq_stomp].\n");
    Files.writeString(
        directory.resolve("rabbitmq.conf"),
        "listeners.tcp.1 = 127.0.0.1:"
            + amqpPort
            + "\nstomp.listeners.tcp.1 = 127.0.0.1:"
            + stompPort
            + "\n",
        StandardCharsets.UTF_8);
    ProcessBuilder builder =
        new ProcessBuilder(SERVER.toString())
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(directory.resolve("out.log").toFile())
            .redirectInput(new File("/dev/null"));
    Map<String, String> env = builder.environment();
    env.put("HOME", directory.toString());
    env.put("RABBITMQ_NODENAME", "tern" + stompPort + "@localhost");
    env.put("RABBITMQ_DIST_PORT", "" + freePort());
    env.put("ERL_EPMD_PORT", Integer.toString(epmdPort));
    env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
    env.put("RABBITMQ_MNESIA_BASE", directory.resolve("mnesia").toString());
    env.put("RABBITMQ_LOG_BASE", directory.resolve("log").toString());
    env.put("RABBITMQ_LOGS", "-");
    env.put("RABBITMQ_CONFIG_FILE", directory.resolve("rabbitmq.conf").toString());
    env.put("RABBITMQ_ENABLED_PLUGINS_FILE", directory.resolve("enabled_plugins").toString());
    rabbit = builder.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!accepts(stompPort)) {
      if (!rabbit.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError(
            "RabbitMQ's STOMP listener did not come up:\n" + Files.readString(log()));
      }
      Thread.sleep(200);
    }
  }

  @AfterAll
  static void stopRabbitMq() throws Exception {
    if (rabbit != null) {
      // The script's child is the Erlang VM; stop it (and its helpers) by PID, then the script.
      rabbit.descendants().forEach(ProcessHandle::destroy);
      rabbit.destroy();
      if (!rabbit.waitFor(20, TimeUnit.SECONDS)) {
        rabbit.descendants().forEach(ProcessHandle::destroyForcibly);
        rabbit.destroyForcibly().waitFor();
      }
    }
    boolean epmdLeft = false;
    if (epmd != null) {
      epmd.destroy();
      if (!epmd.waitFor(10, TimeUnit.SECONDS)) {
        epmd.destroyForcibly().waitFor();
      }
      // Nothing else may be left on the port mapper's port: an epmd the VM started by itself
      // (had it missed ours) would be listening there now.
      epmdLeft = accepts(epmdPort);
    }
    if (directory != null) {
      try (Stream<Path> files = Files.walk(directory)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    assertThat(epmdLeft).as("an epmd still answers on port " + epmdPort).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.0", "1.1", "1.2"})
  void ternClientSessionAgainstRabbitMq(String version) throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      StompClient.Result result =
          StompClient.run(
                  nio,
                  group,
                  new InetSocketAddress(InetAddress.getLoopbackAddress(), stompPort),
                  new StompClient.Session(
                      "/queue/tern-" + version,
                      20,
                      version,
                      "/",
                      "guest",
                      "guest",
                      new StompHeartbeat(1000, 1000)))
              .get(60, TimeUnit.SECONDS);
      assertThat(result.version()).isEqualTo(StompVersion.of(version));
      assertThat(result.bodies()).hasSize(20).startsWith("message 0").endsWith("message 19");
    } catch (Exception e) {
      throw new AssertionError("session failed; RabbitMQ output:\n" + Files.readString(log()), e);
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  private static Path log() {
    return directory.resolve("out.log");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
