package io.tern.examples.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.mqtt.MqttQoS;
import io.tern.codec.mqtt.MqttVersion;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The example broker against real MQTT peers, and the example client against mosquitto:
 *
 * <ul>
 *   <li>{@code broker_suite.py} (test resources): every case of the Eclipse paho interoperability
 *       broker suites ({@code client_test.py}: 10 MQTT 3.1.1 cases; {@code client_test5.py}: 27
 *       MQTT 5 cases), under their names, written for Tern against paho-mqtt (Debian's {@code
 *       python3-paho-mqtt}, run by {@code /usr/bin/python3}) and raw sockets; one JUnit test per
 *       case;
 *   <li>{@code mosquitto_sub} and {@code mosquitto_pub} with {@code -V mqttv31}, {@code mqttv311}
 *       and {@code mqttv5} at QoS 0, 1 and 2;
 *   <li>Tern's example client publishing and subscribing through a mosquitto broker.
 * </ul>
 *
 * <p>A missing peer fails the test (install them with {@code bash .ci/install-peers}). Peers run on
 * 127.0.0.1 with bounded lifetimes and are stopped by their PID.
 */
@Tag("interop")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MqttInteropTest {
  private static final Pattern CASE = Pattern.compile("CASE (\\S+) (PASS|FAIL)(.*)");
  private final Transport nio = Transports.select("nio");
  private EventLoopGroup group;
  private Process broker;
  private final Path brokerLog = Files.createTempFile("mqtt-broker", ".log");
  private int port;
  private int wsPort;

  MqttInteropTest() throws IOException {}

  @BeforeAll
  void startBroker() throws Exception {
    group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    // The example as a user runs it, in its own JVM: `./run-example mqtt-broker ...`.
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    broker =
        new ProcessBuilder(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "io.tern.examples.Examples",
                "mqtt-broker",
                // Port 0 for both, read back from what the broker prints: ports picked here and
                // freed before the broker binds them could be taken by a test running alongside.
                "--port",
                "0",
                "--ws-port",
                "0",
                "--threads",
                "2",
                "--server-keep-alive",
                "120",
                "--refuse",
                "test/nosubscribe")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(brokerLog.toFile()))
            .start();
    String started = awaitLine("mqtt broker listening on ");
    port = portIn(started);
    wsPort = portIn(awaitLine("mqtt broker: MQTT over WebSocket on "));
    awaitPort(port);
    awaitPort(wsPort);
  }

  /** Waits for the broker to print a line starting with {@code prefix}, and returns it. */
  private String awaitLine(String prefix) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      for (String line : Files.readAllLines(brokerLog)) {
        if (line.startsWith(prefix)) {
          return line;
        }
      }
      if (!broker.isAlive() || System.nanoTime() > end) {
        throw new AssertionError(
            "the broker did not print '" + prefix + "':\n" + Files.readString(brokerLog));
      }
      Thread.sleep(50);
    }
  }

  /** The port of the first {@code host:port} in a line the broker printed. */
  private static int portIn(String line) {
    Matcher m = Pattern.compile(":(\\d+)").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    return Integer.parseInt(m.group(1));
  }

  @AfterAll
  void stopBroker() throws Exception {
    broker.destroy();
    if (!broker.waitFor(10, TimeUnit.SECONDS)) {
      broker.destroyForcibly();
    }
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    System.out.println(Files.readString(brokerLog));
    Files.deleteIfExists(brokerLog);
  }

  private static void awaitPort(int port) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
        return;
      } catch (IOException e) {
        if (System.nanoTime() > end) {
          throw e;
        }
        Thread.sleep(50);
      }
    }
  }

  private static Path require(String program, String pkg) {
    for (String dir : System.getenv("PATH").split(":", -1)) {
      Path p = Path.of(dir, program);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    Path p = Path.of(program);
    if (p.isAbsolute() && Files.isExecutable(p)) {
      return p;
    }
    throw new AssertionError(
        "interop peer '" + program + "' is not installed (" + pkg + "): bash .ci/install-peers");
  }

  /** Runs a program to completion (bounded), returns its output; fails on a non-zero exit. */
  private static String run(long seconds, String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        throw new AssertionError(
            String.join(" ", command) + " did not finish in " + seconds + " s");
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(String.join(" ", command) + "\n" + out).isZero();
      return out;
    } finally {
      p.destroyForcibly();
    }
  }

  @TestFactory
  Stream<DynamicTest> pahoBrokerSuiteCases() throws Exception {
    require("/usr/bin/python3", "apt package python3");
    Path script = Files.createTempFile("broker_suite", ".py");
    try (InputStream in = MqttInteropTest.class.getResourceAsStream("broker_suite.py")) {
      Files.write(script, in.readAllBytes());
    }
    Process p =
        new ProcessBuilder("/usr/bin/python3", script.toString(), "127.0.0.1", "" + port)
            .redirectErrorStream(true)
            .start();
    String out;
    try {
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        throw new AssertionError("broker_suite.py did not finish in 10 minutes");
      }
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      p.destroyForcibly();
      Files.deleteIfExists(script);
    }
    if (out.contains("No module named 'paho'")) {
      throw new AssertionError("paho-mqtt is missing (apt package python3-paho-mqtt)\n" + out);
    }
    System.out.println(out);
    List<DynamicTest> tests = new ArrayList<>();
    for (String line : out.lines().toList()) {
      Matcher m = CASE.matcher(line);
      if (m.matches()) {
        String name = m.group(1);
        boolean pass = m.group(2).equals("PASS");
        String why = m.group(3).strip();
        tests.add(DynamicTest.dynamicTest(name, () -> assertThat(pass).as(why).isTrue()));
      }
    }
    assertThat(tests).as(out).hasSize(37);
    return tests.stream();
  }

  /**
   * MQTT over WebSocket with paho-mqtt's own WebSocket transport ({@code ws_pubsub.py}): 3.1.1 and
   * 5, subscribers and publishers over WebSocket and TCP mixed, a 60 KB payload.
   */
  @Test
  void pahoOverWebSocketThroughTheBroker() throws Exception {
    require("/usr/bin/python3", "apt package python3");
    Path script = Files.createTempFile("ws_pubsub", ".py");
    try (InputStream in = MqttInteropTest.class.getResourceAsStream("ws_pubsub.py")) {
      Files.write(script, in.readAllBytes());
    }
    Process p =
        new ProcessBuilder(
                "/usr/bin/python3", script.toString(), "127.0.0.1", "" + wsPort, "" + port)
            .redirectErrorStream(true)
            .start();
    try {
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        throw new AssertionError("ws_pubsub.py did not finish in 2 minutes");
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (out.contains("No module named 'paho'")) {
        throw new AssertionError("paho-mqtt is missing (apt package python3-paho-mqtt)\n" + out);
      }
      assertThat(out).contains("0 failed").doesNotContain("FAIL ");
      assertThat(p.exitValue()).as(out).isZero();
    } finally {
      p.destroyForcibly();
      Files.deleteIfExists(script);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"mqttv31", "mqttv311", "mqttv5"})
  void mosquittoClientsThroughTheBroker(String version) throws Exception {
    Path sub = require("mosquitto_sub", "apt package mosquitto-clients");
    Path pub = require("mosquitto_pub", "apt package mosquitto-clients");
    for (int qos = 0; qos <= 2; qos++) {
      String topic = "interop/" + version + "/" + qos;
      Process s =
          new ProcessBuilder(
                  sub.toString(),
                  "-h",
                  "127.0.0.1",
                  "-p",
                  "" + port,
                  "-V",
                  version,
                  "-t",
                  "interop/" + version + "/#",
                  "-q",
                  "" + qos,
                  "-C",
                  "1",
                  "-v",
                  "-W",
                  "30")
              .redirectErrorStream(true)
              .start();
      try {
        // Retry publishing until the subscriber (which connects in parallel) has it.
        String message = "hello " + version + " " + qos;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (s.isAlive() && System.nanoTime() < end) {
          run(
              30,
              pub.toString(),
              "-h",
              "127.0.0.1",
              "-p",
              "" + port,
              "-V",
              version,
              "-t",
              topic,
              "-m",
              message,
              "-q",
              "" + qos);
          s.waitFor(300, TimeUnit.MILLISECONDS);
        }
        assertThat(s.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String got = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(got.strip()).isEqualTo(topic + " " + message);
      } finally {
        s.destroyForcibly();
      }
    }
  }

  @Test
  void ternClientThroughMosquitto() throws Exception {
    Path mosquitto = require("mosquitto", "apt package mosquitto");
    int mport;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      mport = s.getLocalPort();
    }
    Path conf = Files.createTempFile("mosquitto", ".conf");
    Files.writeString(conf, "listener " + mport + " 127.0.0.1\nallow_anonymous true\n");
    Process broker =
        new ProcessBuilder(mosquitto.toString(), "-c", conf.toString())
            .redirectErrorStream(true)
            .start();
    try {
      awaitPort(mport);
      InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), mport);
      for (MqttVersion v : MqttVersion.values()) {
        for (MqttQoS qos : MqttQoS.values()) {
          List<String> lines = new CopyOnWriteArrayList<>();
          java.util.concurrent.CountDownLatch subscribed =
              new java.util.concurrent.CountDownLatch(1);
          var done =
              MqttClientExample.run(
                  nio,
                  group,
                  address,
                  new MqttClientHandler.Task(
                      v,
                      "tern-sub",
                      "tern/+",
                      null,
                      qos,
                      false,
                      1,
                      line -> {
                        if (line.startsWith("subscribed")) {
                          subscribed.countDown();
                        } else {
                          lines.add(line);
                        }
                      }));
          assertThat(subscribed.await(30, TimeUnit.SECONDS)).isTrue();
          MqttClientExample.run(
                  nio,
                  group,
                  address,
                  new MqttClientHandler.Task(
                      v,
                      "tern-pub",
                      "tern/x",
                      ("via mosquitto " + qos).getBytes(StandardCharsets.UTF_8),
                      qos,
                      false,
                      1,
                      line -> {}))
              .sync();
          done.sync();
          assertThat(lines).containsExactly("tern/x via mosquitto " + qos);
        }
      }
    } finally {
      broker.destroy();
      if (!broker.waitFor(5, TimeUnit.SECONDS)) {
        broker.destroyForcibly();
      }
      Files.deleteIfExists(conf);
    }
  }
}
