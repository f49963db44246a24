package io.tern.benchmarks.load;

import java.util.List;

/**
 * A server the load harness can start: its name, whether it speaks HTTP (wrk scenarios) and h2c
 * (the h2load scenario), and its command line for a port and transport.
 *
 * @param name the registry name ({@code netty-http}, {@code tern-http}, ...)
 * @param http whether the server answers {@code GET /plaintext} over HTTP/1.1
 * @param h2c whether the server speaks HTTP/2 over cleartext with prior knowledge
 * @param command the server's argv for a port and a transport name
 */
public record ServerSpec(String name, boolean http, boolean h2c, Command command) {
  /** Builds a server's command line. */
  @FunctionalInterface
  public interface Command {
    /**
     * Returns the argv that starts the server; its first element is the server's own executable
     * (never a shell wrapper), so the started process's PID is the server's.
     *
     * @param port the port to listen on, on 127.0.0.1
     * @param transport {@code nio}, {@code epoll}, {@code io_uring} or {@code native}
     * @return the argv
     */
    List<String> argv(int port, String transport);
  }
}
