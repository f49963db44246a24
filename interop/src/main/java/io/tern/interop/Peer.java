package io.tern.interop;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real peer program (curl, wrk, nghttpd, mosquitto, ...) run as a child process for an interop
 * test: found on the PATH (a missing one fails the test with the package to install, never skips
 * it), started in a private directory (its working directory and {@code TMPDIR}; write its config
 * there), with its output captured for failure messages, a bounded lifetime, and an optional
 * readiness check by TCP connect to 127.0.0.1.
 *
 * <p>Use a server peer in try-with-resources: {@link #close()} stops it by PID (SIGTERM, then
 * SIGKILL after a grace period) and deletes its directory. A client peer that runs to completion
 * uses {@link Builder#run(Duration)}. One test thread uses a peer; peers still alive when the test
 * JVM exits are killed by a shutdown hook.
 */
public final class Peer implements AutoCloseable {
  /** How long a peer may live unless {@link Builder#lifetime(Duration)} says otherwise. */
  public static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(5);

  /** How long a server peer may take to accept connections. */
  public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(30);

  private static final Duration GRACE = Duration.ofSeconds(5);
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
  private static final ScheduledExecutorService REAPER =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "peer-lifetime");
            thread.setDaemon(true);
            return thread;
          });

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> LIVE.forEach(Process::destroyForcibly), "peer-shutdown"));
  }

  private final String name;
  private final Process process;
  private final Path directory;
  private final Path output;
  private final ScheduledFuture<?> lifetimeLimit;

  private Peer(
      String name, Process process, Path directory, Path output, ScheduledFuture<?> limit) {
    this.name = name;
    this.process = process;
    this.directory = directory;
    this.output = output;
    this.lifetimeLimit = limit;
  }

  /**
   * Starts describing a peer run of {@code executable}, which must be on the PATH.
   *
   * @param executable the program name, e.g. {@code "h2load"}
   * @param installHint how to get it, e.g. {@code "apt package nghttp2-client"}
   * @return a builder whose private directory already exists
   */
  public static Builder command(String executable, String installHint) {
    return new Builder(executable, installHint);
  }

  /**
   * Returns the absolute path of {@code executable} on the PATH, or fails the calling test with a
   * message naming what to install.
   *
   * @param executable the program name
   * @param installHint how to get it, e.g. {@code "apt package wrk"} or {@code "pip package
   *     websockets"}
   * @return the executable's path
   * @throws AssertionError when the program is not on the PATH
   */
  public static Path require(String executable, String installHint) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(File.pathSeparator, -1)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, executable);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    throw new AssertionError(
        "interop peer '"
            + executable
            + "' is not installed (not on PATH "
            + path
            + "). Install it ("
            + installHint
            + "), e.g. with: bash .ci/install-peers");
  }

  /**
   * Returns the peer's PID (the program's own: it is started directly, not through a shell).
   *
   * @return the PID
   */
  public long pid() {
    return process.pid();
  }

  /**
   * Returns the peer's private directory: its working directory and {@code TMPDIR}.
   *
   * @return the directory, deleted by {@link #close()}
   */
  public Path directory() {
    return directory;
  }

  /**
   * Returns whether the peer process is still running.
   *
   * @return true while it runs
   */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Returns what the peer printed so far (standard output and error, interleaved).
   *
   * @return the output
   */
  public String output() {
    return readOutput(output);
  }

  /** Stops the peer by PID (SIGTERM, SIGKILL after a grace period) and deletes its directory. */
  @Override
  public void close() {
    lifetimeLimit.cancel(false);
    stop(process);
    deleteRecursively(directory);
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ")";
  }

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      LIVE.remove(process);
    }
  }

  private static String readOutput(Path output) {
    try {
      return Files.readString(output, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(output unavailable: " + e + ")";
    }
  }

  private static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the peer directory " + root, e);
    }
  }

  /**
   * The outcome of a peer that ran to completion.
   *
   * @param exitCode the process's exit status
   * @param output its standard output and error
   */
  public record Result(int exitCode, String output) {}

  /** Describes a peer run; not thread-safe. */
  public static final class Builder {
    private final String executable;
    private final String installHint;
    private final Path directory;
    private final List<String> args = new ArrayList<>();
    private final Map<String, String> environment = new HashMap<>();
    private Duration lifetime = DEFAULT_LIFETIME;
    private Duration readyTimeout = DEFAULT_READY_TIMEOUT;
    private int readyPort = -1;
    private Path stdin;

    private Builder(String executable, String installHint) {
      this.executable = executable;
      this.installHint = installHint;
      try {
        this.directory = Files.createTempDirectory("tern-peer-" + executable + "-");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create a directory for " + executable, e);
      }
    }

    /**
     * Returns the peer's private directory, for config files written before it starts.
     *
     * @return the directory
     */
    public Path directory() {
      return directory;
    }

    /**
     * Appends arguments.
     *
     * @param more the arguments
     * @return this builder
     */
    public Builder args(String... more) {
      args.addAll(List.of(more));
      return this;
    }

    /**
     * Sets an environment variable of the peer.
     *
     * @param name the variable
     * @param value its value
     * @return this builder
     */
    public Builder env(String name, String value) {
      environment.put(name, value);
      return this;
    }

    /**
     * Feeds a file to the peer's standard input (by default it reads {@code /dev/null}).
     *
     * @param file the input, e.g. written into {@link #directory()} first
     * @return this builder
     */
    public Builder stdin(Path file) {
      this.stdin = file;
      return this;
    }

    /**
     * Makes {@link #start()} wait until the peer accepts TCP connections on 127.0.0.1:{@code port}.
     *
     * @param port the peer's port
     * @return this builder
     */
    public Builder readyOnPort(int port) {
      this.readyPort = port;
      return this;
    }

    /**
     * Bounds how long {@link #start()} waits for readiness.
     *
     * @param timeout the bound
     * @return this builder
     */
    public Builder readyTimeout(Duration timeout) {
      this.readyTimeout = timeout;
      return this;
    }

    /**
     * Bounds how long the peer may live; it is killed after that even if nobody closes it.
     *
     * @param limit the bound
     * @return this builder
     */
    public Builder lifetime(Duration limit) {
      this.lifetime = limit;
      return this;
    }

    /**
     * Starts the peer and, when a port was given, waits until it accepts connections.
     *
     * @return the running peer; close it
     * @throws AssertionError when the program is missing, exits early or never becomes ready
     */
    public Peer start() {
      Path program;
      try {
        program = require(executable, installHint);
      } catch (AssertionError missing) {
        deleteRecursively(directory);
        throw missing;
      }
      List<String> argv = new ArrayList<>();
      argv.add(program.toString());
      argv.addAll(args);
      Path output = directory.resolve("peer-output.log");
      ProcessBuilder builder =
          new ProcessBuilder(argv)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .redirectInput(
                  ProcessBuilder.Redirect.from(
                      stdin != null ? stdin.toFile() : new File("/dev/null")));
      builder.environment().put("TMPDIR", directory.toString());
      builder.environment().putAll(environment);
      Process process;
      try {
        process = builder.start();
      } catch (IOException e) {
        throw new AssertionError("cannot start " + argv + ": " + e, e);
      }
      LIVE.add(process);
      ScheduledFuture<?> limit =
          REAPER.schedule(process::destroyForcibly, lifetime.toMillis(), TimeUnit.MILLISECONDS);
      Peer peer = new Peer(executable, process, directory, output, limit);
      if (readyPort >= 0) {
        try {
          awaitReady(peer, argv);
        } catch (RuntimeException | AssertionError e) {
          String captured = peer.output();
          peer.close();
          throw new AssertionError(
              e.getMessage() + "\n--- output of " + argv + ":\n" + captured, e);
        }
      }
      return peer;
    }

    /**
     * Runs the peer to completion (a client such as curl or h2load).
     *
     * @param timeout how long it may run; it is killed after that and the test fails
     * @return its exit status and output
     * @throws AssertionError when the program is missing or does not finish in time
     */
    public Result run(Duration timeout) {
      Peer peer = lifetime(timeout.plus(GRACE)).start();
      try {
        if (!peer.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          throw new AssertionError(
              executable + " did not finish within " + timeout + "; output:\n" + peer.output());
        }
        return new Result(peer.process.exitValue(), peer.output());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for " + executable, e);
      } finally {
        peer.close();
      }
    }

    private void awaitReady(Peer peer, List<String> argv) {
      long deadline = System.nanoTime() + readyTimeout.toNanos();
      while (System.nanoTime() < deadline) {
        if (!peer.isAlive()) {
          throw new AssertionError(
              argv
                  + " exited with status "
                  + peer.process.exitValue()
                  + " before accepting"
                  + " connections on 127.0.0.1:"
                  + readyPort);
        }
        try (Socket socket = new Socket()) {
          socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), readyPort), 200);
          return;
        } catch (IOException notYet) {
          try {
            Thread.sleep(50);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + argv, e);
          }
        }
      }
      throw new AssertionError(
          argv
              + " did not accept connections on 127.0.0.1:"
              + readyPort
              + " within "
              + readyTimeout);
    }
  }
}
