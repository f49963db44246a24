package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.Side;
import io.tern.benchmarks.load.netty.NettyEchoServer;
import io.tern.benchmarks.load.netty.NettyHttp2HandlerServer;
import io.tern.benchmarks.load.netty.NettyHttp2Server;
import io.tern.benchmarks.load.netty.NettyHttpServer;
import io.tern.benchmarks.load.netty.NettyHttpsServer;
import io.tern.benchmarks.load.netty.NettyWebSocketServer;
import io.tern.benchmarks.load.netty.TechEmpowerServer;
import io.tern.benchmarks.load.tern.TernEchoServer;
import io.tern.benchmarks.load.tern.TernHelloDefaultsServer;
import io.tern.benchmarks.load.tern.TernHttp2Server;
import io.tern.benchmarks.load.tern.TernHttpServer;
import io.tern.benchmarks.load.tern.TernHttpsServer;
import io.tern.benchmarks.load.tern.TernWebSocketServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The named servers {@code benchmarks/load/run} and {@code benchmarks/load/compare} can start.
 *
 * <ul>
 *   <li>{@code tern-http}, {@code tern-echo}: Tern's servers, Tern's defaults. {@code tern-http}
 *       also speaks h2c with prior knowledge on the same port, so it runs the {@code h2c} scenario
 *       too: {@code --tern tern-http --netty netty-http2,netty-http2-handler --scenarios h2c}.
 *   <li>{@code tern-http-hello}: the README's {@code http-hello} example (header validation on,
 *       keep-alive handling, the h2c upgrade watcher), compared with {@code tern-http} for the cost
 *       of the defaults ({@link TernHelloDefaultsServer}).
 *   <li>{@code netty-http}: the {@code HttpServerCodec} twin of {@code tern-http}, Netty's defaults
 *       and its fastest JDK 25 flags ({@link Side#NETTY_FASTEST_JVM_ARGS}).
 *   <li>{@code netty-http-te}: the shape of Netty's TechEmpower entry ({@link TechEmpowerServer}),
 *       with that entry's JVM flags (Unsafe, the parallel GC).
 *   <li>{@code netty-http-te-nochecks}: the same with {@code io.netty.buffer.checkBounds=false} and
 *       {@code checkAccessible=false}, safety checks Tern always keeps: its own row.
 *   <li>{@code tern-http2}, {@code netty-http2}: h2c hello-world twins (prior knowledge only; the
 *       {@code h2c} scenario: {@code --tern tern-http2 --netty netty-http2,netty-http2-handler
 *       --scenarios h2c}, Tern against the faster of Netty's two HTTP/2 server shapes); {@code
 *       tern-http2} is {@code tern-http}'s HTTP/2 side alone, without the first-bytes switch.
 *   <li>{@code netty-http2-handler}: Netty's {@code Http2ConnectionHandler} hello world, the other
 *       shape ({@link NettyHttp2HandlerServer}).
 *   <li>{@code netty-echo}: the twin of {@code tern-echo}.
 *   <li>{@code tern-http-fixedfiles}, {@code tern-http-plainfiles}, {@code tern-echo-fixedfiles},
 *       {@code tern-echo-plainfiles}: Tern's servers with io_uring registered (fixed) files turned
 *       on or off ({@value #FIXED_FILES_PROPERTY}), whatever the default; on other transports the
 *       property changes nothing. Compared with each other ({@code --tern tern-echo-fixedfiles
 *       --netty tern-echo-plainfiles}) they give the setting's own ratio.
 *   <li>{@code tern-ws}, {@code netty-ws}: WebSocket echo twins ({@code
 *       benchmarks/load/ws-compare}), both accepting permessage-deflate when the client offers it.
 *   <li>{@code tern-https}, {@code netty-https}: the plaintext server behind TLS ({@code
 *       benchmarks/load/tls-compare}): Tern's default provider (OpenSSL) against Netty on BoringSSL
 *       ({@code netty-tcnative-boringssl-static}), one certificate for both, TLS 1.3 with {@code
 *       TLS_AES_256_GCM_SHA384} (wrk's first choice, which BoringSSL follows).
 * </ul>
 *
 * <p>Every Java server runs with leak detection disabled ({@link JavaCommand#COMMON_FLAGS}) and
 * prints the level it runs at, which the harness checks. The C limit server is not a registry
 * entry: {@code benchmarks/load/compare} builds it and passes its path ({@link #limit(Path)}).
 */
public final class ServerRegistry {
  /** Netty runs in its fastest JDK 25 configuration (Unsafe allowed, see {@link Side}). */
  static final List<String> NETTY_FLAGS = Side.NETTY_FASTEST_JVM_ARGS;

  /** TechEmpower's Netty entry: Unsafe on, the parallel GC. */
  static final List<String> TECHEMPOWER_FLAGS = techEmpowerFlags(false);

  /** The same with the buffer safety checks off, as TechEmpower runs it. */
  static final List<String> TECHEMPOWER_NOCHECKS_FLAGS = techEmpowerFlags(true);

  /** The io_uring setting the {@code -fixedfiles}/{@code -plainfiles} variants turn on or off. */
  static final String FIXED_FILES_PROPERTY = "io.tern.transport.linux.ioUring.fixedFiles";

  /** The name of the C limit server's row. */
  public static final String LIMIT = "limit";

  private static final Map<String, ServerSpec> SERVERS = new TreeMap<>();

  static {
    add(httpAndH2c("tern-http", List.of(), TernHttpServer.class.getName()));
    add(java("tern-http-hello", true, List.of(), TernHelloDefaultsServer.class.getName()));
    add(java("netty-http", true, NETTY_FLAGS, NettyHttpServer.class.getName()));
    add(java("netty-http-te", true, TECHEMPOWER_FLAGS, TechEmpowerServer.class.getName()));
    add(
        java(
            "netty-http-te-nochecks",
            true,
            TECHEMPOWER_NOCHECKS_FLAGS,
            TechEmpowerServer.class.getName()));
    add(h2c("tern-http2", List.of(), TernHttp2Server.class.getName()));
    add(h2c("netty-http2", NETTY_FLAGS, NettyHttp2Server.class.getName()));
    add(h2c("netty-http2-handler", NETTY_FLAGS, NettyHttp2HandlerServer.class.getName()));
    add(java("tern-echo", false, List.of(), TernEchoServer.class.getName()));
    add(java("netty-echo", false, NETTY_FLAGS, NettyEchoServer.class.getName()));
    for (boolean fixed : new boolean[] {true, false}) {
      String suffix = fixed ? "-fixedfiles" : "-plainfiles";
      List<String> flags = List.of("-D" + FIXED_FILES_PROPERTY + "=" + fixed);
      add(httpAndH2c("tern-http" + suffix, flags, TernHttpServer.class.getName()));
      add(java("tern-echo" + suffix, false, flags, TernEchoServer.class.getName()));
    }
    add(java("tern-ws", false, List.of(), TernWebSocketServer.class.getName()));
    add(https("tern-https", List.of(), TernHttpsServer.class.getName()));
    add(https("netty-https", NETTY_FLAGS, NettyHttpsServer.class.getName()));
    add(java("netty-ws", false, NETTY_FLAGS, NettyWebSocketServer.class.getName()));
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
    throw new IllegalArgumentException("unknown server " + name + "; known: " + SERVERS.keySet());
  }

  /**
   * The C limit server built at {@code executable}: epoll whatever the comparison's transport.
   *
   * @param executable the compiled {@code limit-server.c}
   * @return its spec
   */
  public static ServerSpec limit(Path executable) {
    return new ServerSpec(
        LIMIT,
        true,
        false,
        false,
        (port, transport) ->
            List.of(
                executable.toString(), "--port", Integer.toString(port), "--transport", "epoll"),
        "epoll",
        true);
  }

  private static ServerSpec java(String name, boolean http, List<String> flags, String main) {
    return new ServerSpec(
        name,
        http,
        false,
        (port, transport) ->
            JavaCommand.of(
                flags, main, List.of("--port", Integer.toString(port), "--transport", transport)));
  }

  /** A server that speaks HTTP/1.1 and h2c with prior knowledge on one port. */
  private static ServerSpec httpAndH2c(String name, List<String> flags, String main) {
    return new ServerSpec(
        name,
        true,
        true,
        (port, transport) ->
            JavaCommand.of(
                flags, main, List.of("--port", Integer.toString(port), "--transport", transport)));
  }

  /** A server that speaks only h2c with prior knowledge (the h2load scenario). */
  private static ServerSpec h2c(String name, List<String> flags, String main) {
    return new ServerSpec(
        name,
        false,
        true,
        (port, transport) ->
            JavaCommand.of(
                flags, main, List.of("--port", Integer.toString(port), "--transport", transport)));
  }

  /**
   * A server that speaks HTTP/1.1 over TLS only (the {@code tls} scenarios), with the certificate
   * and key every HTTPS server of this run shares ({@link TlsMaterial}).
   */
  private static ServerSpec https(String name, List<String> flags, String main) {
    return new ServerSpec(
        name,
        false,
        false,
        true,
        (port, transport) -> {
          TlsMaterial tls = TlsMaterial.shared();
          return JavaCommand.of(
              flags,
              main,
              List.of(
                  "--port",
                  Integer.toString(port),
                  "--transport",
                  transport,
                  "--cert",
                  tls.certificateChain().toString(),
                  "--key",
                  tls.privateKey().toString()));
        },
        null,
        true);
  }

  private static void add(ServerSpec spec) {
    SERVERS.put(spec.name(), spec);
  }

  private static List<String> techEmpowerFlags(boolean checksOff) {
    List<String> flags = new ArrayList<>(NETTY_FLAGS);
    flags.add("-Dio.netty.noUnsafe=false");
    flags.add("--add-opens=java.base/java.lang=ALL-UNNAMED");
    flags.add("-XX:+UseParallelGC");
    if (checksOff) {
      flags.add("-Dio.netty.buffer.checkBounds=false");
      flags.add("-Dio.netty.buffer.checkAccessible=false");
    }
    return List.copyOf(flags);
  }
}
