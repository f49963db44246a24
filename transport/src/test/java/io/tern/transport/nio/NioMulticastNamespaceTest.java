package io.tern.transport.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * IPv6 multicast delivery over NIO. IPv4 multicast runs over loopback in the testsuite ({@code
 * DatagramMulticastTest}); Linux does not deliver IPv6 multicast over {@code lo} (with or without
 * its MULTICAST flag and an {@code ff00::/8} route, in a private namespace or not: checked on this
 * kernel), so this test builds a private network namespace with a veth pair and unique-local
 * addresses that exist only inside it ({@code ip netns}, needs root and iproute2, as CI has) and
 * runs {@link MulticastProbe} inside it in a child JVM. Fails, never skips, when the namespace
 * cannot be built. The namespace and everything in it is deleted afterwards; only the child JVM the
 * test started is waited for or killed.
 */
class NioMulticastNamespaceTest {
  private static final long COMMAND_TIMEOUT_SECONDS = 30;
  private static final long PROBE_TIMEOUT_SECONDS = 180;

  private final String namespace =
      "tern-mcast-"
          + ProcessHandle.current().pid()
          + "-"
          + ThreadLocalRandom.current().nextInt(1 << 20);

  private boolean created;

  @BeforeEach
  void buildNamespace() throws Exception {
    ip("netns", "add", namespace);
    created = true;
    // Before the veth pair exists, so its interfaces inherit the defaults: no duplicate address
    // detection: the addresses are usable at once.
    ip(
        "netns",
        "exec",
        namespace,
        "sysctl",
        "-qw",
        "net.ipv6.conf.all.accept_dad=0",
        "net.ipv6.conf.default.accept_dad=0");
    ip("-n", namespace, "link", "set", "lo", "up");
    ip("-n", namespace, "link", "add", "va", "type", "veth", "peer", "name", "vb");
    ip("-n", namespace, "addr", "add", "fd00:99::1/64", "dev", "va", "nodad");
    ip("-n", namespace, "addr", "add", "fd00:99::3/64", "dev", "va", "nodad");
    ip("-n", namespace, "addr", "add", "fd00:99::2/64", "dev", "vb", "nodad");
    ip("-n", namespace, "link", "set", "va", "up");
    ip("-n", namespace, "link", "set", "vb", "up");
  }

  @AfterEach
  void deleteNamespace() throws Exception {
    if (created) {
      ip("netns", "del", namespace); // takes the veth pair with it
    }
  }

  @Test
  void joinsBlocksSourceFiltersAndLeavesOverIpv6() throws Exception {
    List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
    command.add(ProcessHandle.current().info().command().orElseThrow());
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(MulticastProbe.class.getName());
    Path log = Files.createTempFile("tern-multicast-probe", ".log");
    String output;
    try {
      Process probe =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      boolean exited = probe.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (!exited) {
        probe.destroyForcibly();
        probe.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
      output = Files.readString(log);
      assertThat(exited).as("probe finished in time; output:%n%s", output).isTrue();
      assertThat(probe.exitValue()).as("probe exit status; output:%n%s", output).isZero();
    } finally {
      Files.deleteIfExists(log);
    }
    assertThat(output)
        .contains(
            "PASS ipv6 any-source",
            "PASS ipv6 block",
            "PASS ipv6 source-specific",
            "PASS ipv6 leave");
  }

  /** Runs {@code ip ARGS}, failing with its output when it does not succeed in time. */
  private static void ip(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new AssertionError("cannot run ip (iproute2): " + e.getMessage(), e);
    }
    boolean done = p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!done || p.exitValue() != 0) {
      throw new AssertionError(
          String.join(" ", command)
              + " failed (network namespaces need root and iproute2): "
              + output);
    }
  }
}
