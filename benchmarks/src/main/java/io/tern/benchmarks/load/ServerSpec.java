package io.tern.benchmarks.load;

import java.util.List;

/**
 * A server the load harness can start: its name, whether it speaks HTTP (wrk scenarios) and h2c
 * (the h2load scenario), its command line for a port and transport, and the transport it must
 * report when it runs on a fixed one.
 *
 * @param name the registry name ({@code netty-http}, {@code tern-http}, ...)
 * @param http whether the server answers {@code GET /plaintext} and {@code GET /json} over HTTP/1.1
 * @param h2c whether the server speaks HTTP/2 over cleartext with prior knowledge
 * @param https whether the server answers {@code GET /plaintext} over HTTP/1.1 inside TLS (and only
 *     so: an HTTPS server is not an {@code http} one)
 * @param command the server's argv for a port and a transport name
 * @param fixedTransport the transport the server always runs on whatever is asked ({@code epoll}
 *     for the C limit server), or null when it must run on, and report, the one asked for
 * @param startLine whether the server prints the start-up line the harness checks ({@link
 *     StartLine}); false only for an arbitrary command given to {@code benchmarks/load/run}
 */
public record ServerSpec(
    String name,
    boolean http,
    boolean h2c,
    boolean https,
    Command command,
    String fixedTransport,
    boolean startLine) {
  /** Builds a server's command line. */
  @FunctionalInterface
  public interface Command {
    /**
     * Returns the argv that starts the server; its first element is the server's own executable
     * (never a shell wrapper), so the started process's PID is the server's.
     *
     * @param port the port to listen on, on 127.0.0.1
     * @param transport {@code nio}, {@code epoll} or {@code io_uring}
     * @return the argv
     */
    List<String> argv(int port, String transport);
  }

  /**
   * A server that runs on the transport it is asked for.
   *
   * @param name the registry name
   * @param http whether it speaks HTTP/1.1
   * @param h2c whether it speaks h2c
   * @param command its argv
   */
  public ServerSpec(String name, boolean http, boolean h2c, Command command) {
    this(name, http, h2c, false, command, null, true);
  }

  /**
   * Returns the transport the server must report when asked for {@code requested}.
   *
   * @param requested the transport of the comparison
   * @return the transport to expect in its start-up line
   */
  public String expectedTransport(String requested) {
    return fixedTransport != null ? fixedTransport : requested;
  }
}
