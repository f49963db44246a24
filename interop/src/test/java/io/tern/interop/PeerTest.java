package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The interop harness itself, with programs every Linux machine has (sh, sleep). */
class PeerTest {
  @Test
  void missingPeerFailsTheTestNamingWhatToInstall() {
    assertThatThrownBy(
            () -> Peer.command("tern-no-such-peer", "apt package tern-no-such-peer").start())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("interop peer 'tern-no-such-peer' is not installed")
        .hasMessageContaining("apt package tern-no-such-peer")
        .hasMessageContaining(".ci/install-peers");
  }

  @Test
  void missingPeerLeavesNoDirectoryBehind() {
    Peer.Builder missing = Peer.command("tern-no-such-peer", "apt package tern-no-such-peer");
    Path directory = missing.directory();
    assertThatThrownBy(missing::start).isInstanceOf(AssertionError.class);
    assertThat(Files.exists(directory)).isFalse();
  }

  @Test
  void peerExitingBeforeItIsReadyFailsWithItsOutput() {
    assertThatThrownBy(
            () ->
                Peer.command("sh", "apt package dash")
                    .args("-c", "echo peer-says-goodbye; exit 3")
                    .readyOnPort(FreePort.find())
                    .start())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("exited with status 3")
        .hasMessageContaining("peer-says-goodbye");
  }

  @Test
  void closeStopsThePeerByPidAndDeletesItsDirectory() {
    Peer sleeper = Peer.command("sleep", "apt package coreutils").args("300").start();
    long pid = sleeper.pid();
    Path directory = sleeper.directory();
    assertThat(sleeper.isAlive()).isTrue();

    sleeper.close();

    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThat(Files.exists(directory)).isFalse();
  }

  @Test
  void clientPeerRunsToCompletionInItsPrivateDirectory() {
    Peer.Result result =
        Peer.command("sh", "apt package dash")
            .args("-c", "echo \"$TMPDIR\"; pwd; exit 4")
            .run(Duration.ofSeconds(60));

    assertThat(result.exitCode()).isEqualTo(4);
    String[] lines = result.output().strip().split("\n", -1);
    assertThat(lines).hasSize(2);
    assertThat(lines[0]).isEqualTo(lines[1]).contains("tern-peer-sh-");
  }

  @Test
  void freePortIsBindableOnLoopback() throws Exception {
    int port = FreePort.find();
    try (var socket = new java.net.ServerSocket()) {
      socket.bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port));
      assertThat(socket.getLocalPort()).isEqualTo(port);
    }
  }
}
