package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.Side;
import io.tern.benchmarks.load.netty.NettyEchoServer;
import io.tern.benchmarks.load.netty.NettyHttpServer;
import io.tern.benchmarks.load.tern.TernEchoServer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The named servers {@code benchmarks/load/run} and {@code benchmarks/load/compare} can start.
 *
 * <p>To add Tern's servers, add entries here ({@code tern-http} with the HTTP/1.1 issue, {@code
 * tern-echo}, later h2c) that run a main of this module through {@link JavaCommand} with {@link
 * JavaCommand#COMMON_FLAGS} only, and remove the name from {@link #PLANNED}.
 */
public final class ServerRegistry {
  /** Netty runs in its fastest JDK 25 configuration (Unsafe allowed, see {@link Side}). */
  private static final List<String> NETTY_FLAGS = Side.NETTY_FASTEST_JVM_ARGS;

  private static final Map<String, ServerSpec> SERVERS = new TreeMap<>();

  /** Names that will exist, with what brings them. */
  private static final Map<String, String> PLANNED =
      Map.of(
          "tern-http",
          "Tern's HTTP/1.1 server does not exist yet: the HTTP/1.1 issue adds it to"
              + " ServerRegistry. Until then compare Netty with itself (--tern netty-http) to"
              + " check the harness.");

  static {
    add(
        new ServerSpec(
            "netty-http",
            true,
            false,
            (port, transport) ->
                JavaCommand.of(
                    NETTY_FLAGS, NettyHttpServer.class.getName(), serverArgs(port, transport))));
    add(
        new ServerSpec(
            "tern-echo",
            false,
            false,
            (port, transport) ->
                JavaCommand.of(
                    List.of(), TernEchoServer.class.getName(), serverArgs(port, transport))));
    add(
        new ServerSpec(
            "netty-echo",
            false,
            false,
            (port, transport) ->
                JavaCommand.of(
                    NETTY_FLAGS, NettyEchoServer.class.getName(), serverArgs(port, transport))));
  }

  private ServerRegistry() {}

  /**
   * Returns the server registered under {@code name}.
   *
   * @param name a registry name
   * @return the server
   * @throws IllegalArgumentException naming the known servers when {@code name} is not one
   */
  public static ServerSpec lookup(String name) {
    ServerSpec spec = SERVERS.get(name);
    if (spec != null) {
      return spec;
    }
    String planned = PLANNED.get(name);
    if (planned != null) {
      throw new IllegalArgumentException(
          "server " + name + " is not available: " + planned + " Known: " + SERVERS.keySet());
    }
    throw new IllegalArgumentException("unknown server " + name + "; known: " + SERVERS.keySet());
  }

  private static void add(ServerSpec spec) {
    SERVERS.put(spec.name(), spec);
  }

  private static List<String> serverArgs(int port, String transport) {
    return List.of("--port", Integer.toString(port), "--transport", transport);
  }
}
