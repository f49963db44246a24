package io.tern.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One server process pinned to core 0 ({@code taskset -c 0}, which execs the server, so {@link
 * Process#pid()} is the server's own PID), with its output in a log file. Used by the driver thread
 * only; {@link #close()} stops it.
 */
final class ServerProcess implements AutoCloseable {
  /** The core the server runs on; the load generator gets {@link LoadGenerator#CORE}. */
  static final int CORE = 0;

  private static final long READY_TIMEOUT_MS = 60_000;
  private static final long START_LINE_TIMEOUT_MS = 10_000;
  private static final int PROBE_CONNECT_TIMEOUT_MS = 200;
  private static final long PROBE_INTERVAL_MS = 50;

  private final String name;
  private final int port;
  private final Process process;
  private final Path log;

  private ServerProcess(String name, int port, Process process, Path log) {
    this.name = name;
    this.port = port;
    this.process = process;
    this.log = log;
  }

  /** Starts {@code spec} on a free port and waits until it accepts TCP connections. */
  static ServerProcess start(ServerSpec spec, String transport, Path log) throws LoadException {
    int port = freePort();
    List<String> argv = new ArrayList<>(List.of("taskset", "-c", Integer.toString(CORE)));
    argv.addAll(spec.command().argv(port, transport));
    Process process;
    try {
      Files.createDirectories(log.getParent());
      process =
          ChildProcesses.track(
              new ProcessBuilder(argv)
                  .redirectErrorStream(true)
                  .redirectOutput(log.toFile())
                  .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                  .start());
    } catch (IOException e) {
      throw new LoadException("cannot start " + spec.name() + " (" + argv + "): " + e);
    }
    ServerProcess server = new ServerProcess(spec.name(), port, process, log);
    try {
      server.awaitReady();
      if (spec.startLine()) {
        server.checkStartLine(spec.expectedTransport(transport));
      }
    } catch (LoadException e) {
      server.close();
      throw e;
    }
    return server;
  }

  int port() {
    return port;
  }

  long pid() {
    return process.pid();
  }

  /** Fails with the log's tail when the server has exited. */
  void checkAlive() throws LoadException {
    if (!process.isAlive()) {
      throw new LoadException(
          name + " exited with status " + process.exitValue() + "; its output:\n" + logTail());
    }
  }

  /** The CPU seconds the server process has used so far. */
  double cpuSeconds() throws LoadException {
    checkAlive();
    return ProcStat.cpuSeconds(process.pid());
  }

  String logTail() {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no output: " + e + ")";
    }
  }

  @Override
  public void close() {
    ChildProcesses.stop(process);
  }

  /**
   * Waits for the line the server prints once it listens and checks the transport and leak
   * detection level it reports.
   */
  private void checkStartLine(String expectedTransport) throws LoadException {
    long deadline = System.nanoTime() + START_LINE_TIMEOUT_MS * 1_000_000;
    while (true) {
      List<String> lines;
      try {
        lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      } catch (IOException e) {
        lines = List.of();
      }
      Optional<StartLine> line = StartLine.find(lines);
      if (line.isPresent()) {
        Optional<String> problem = line.get().problem(expectedTransport);
        if (problem.isPresent()) {
          throw new LoadException(name + " " + problem.get() + "; its output:\n" + logTail());
        }
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new LoadException(
            name
                + " printed no start-up line (NAME listening on ..., transport T ..., leak"
                + " detection LEVEL); its output:\n"
                + logTail());
      }
      checkAlive();
      pause();
    }
  }

  private void awaitReady() throws LoadException {
    long deadline = System.nanoTime() + READY_TIMEOUT_MS * 1_000_000;
    while (System.nanoTime() < deadline) {
      checkAlive();
      try (Socket socket = new Socket()) {
        socket.connect(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
            PROBE_CONNECT_TIMEOUT_MS);
        return;
      } catch (IOException notYet) {
        pause();
      }
    }
    throw new LoadException(
        name
            + " did not accept connections on 127.0.0.1:"
            + port
            + " within "
            + READY_TIMEOUT_MS / 1000
            + " s; its output:\n"
            + logTail());
  }

  private static void pause() throws LoadException {
    try {
      Thread.sleep(PROBE_INTERVAL_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted while waiting for the server");
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
