package io.tern.benchmarks.load;

import io.tern.transport.linux.bootstrap.SocketTransport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Options of {@code benchmarks/load/run} and {@code benchmarks/load/compare}.
 *
 * @param transport {@code nio}, {@code epoll} or {@code io_uring}, given to every server as {@code
 *     --transport}; by default (or given {@code native}) the best Tern transport here, resolved
 *     once in this JVM so that every side gets the same concrete name
 * @param durationSeconds length of each timed run
 * @param warmupSeconds length of the warm-up after a server starts, before its first scenario (0:
 *     none)
 * @param scenarioWarmupSeconds length of the warm-up before each scenario's timed run (0: none)
 * @param rounds server starts per server (compare alternates the order)
 * @param pipelineScript wrk's Lua script for the pipelined scenario
 * @param logDirectory where server logs go
 * @param tern compare: the Tern server's registry name
 * @param netty compare: the Netty servers' registry names; each round compares with the fastest
 * @param nettyUnchecked compare: a Netty server whose figures get their own ratios (its buffer
 *     safety checks off), or null for none
 * @param limitServer compare: the built C limit server, or null for none
 * @param scenarios the scenarios to run, or null for every one the servers can serve
 * @param results compare: where the medians go as tab-separated lines, or null
 * @param server run: a registry name, or null when {@code command} is given
 * @param command run: a server argv with {@code {port}} and optionally {@code {transport}}
 * @param h2c run with a command: whether that server speaks h2c
 */
record LoadOptions(
    String transport,
    long durationSeconds,
    long warmupSeconds,
    long scenarioWarmupSeconds,
    int rounds,
    Path pipelineScript,
    Path logDirectory,
    String tern,
    List<String> netty,
    String nettyUnchecked,
    Path limitServer,
    List<Scenario> scenarios,
    Path results,
    String server,
    List<String> command,
    boolean h2c) {
  static final int MIN_COMPARE_ROUNDS = 3;
  static final Set<String> TRANSPORTS = Set.of("nio", "epoll", "io_uring");

  /**
   * Returns the transport name every server of a run gets: {@code native} becomes the best Tern
   * transport available here ({@link SocketTransport#best()}: io_uring, else epoll, else NIO), so
   * that the Tern and the Netty servers are both told the same kernel interface instead of each
   * picking its own.
   *
   * @param requested {@code native}, {@code nio}, {@code epoll} or {@code io_uring}
   * @return {@code nio}, {@code epoll} or {@code io_uring}
   * @throws IllegalArgumentException for any other name
   */
  static String concreteTransport(String requested) {
    String transport = requested.equals("native") ? SocketTransport.best().name() : requested;
    if (!TRANSPORTS.contains(transport)) {
      throw new IllegalArgumentException(
          "--transport must be native, nio, epoll or io_uring, got " + requested);
    }
    return transport;
  }

  static LoadOptions parse(List<String> args, boolean compare) {
    String transport = "native";
    long duration = 10;
    long warmup = 10;
    long scenarioWarmup = 3;
    int rounds = compare ? MIN_COMPARE_ROUNDS : 1;
    Path script = Path.of("load", "pipeline.lua");
    Path logs = Path.of("target", "load");
    String tern = "tern-http";
    List<String> netty = List.of("netty-http", "netty-http-te");
    String nettyUnchecked = "netty-http-te-nochecks";
    Path limit = null;
    List<Scenario> scenarios = null;
    Path results = null;
    String server = null;
    List<String> command = List.of();
    boolean h2c = false;
    boolean nettyGiven = false;
    boolean nettyUncheckedGiven = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--")) {
        command = List.copyOf(args.subList(i + 1, args.size()));
        break;
      }
      if (arg.equals("--h2c")) {
        h2c = true;
        continue;
      }
      if (!arg.startsWith("--")) {
        if (compare || server != null) {
          throw new IllegalArgumentException("unexpected argument " + arg);
        }
        server = arg;
        continue;
      }
      if (i + 1 == args.size()) {
        throw new IllegalArgumentException(arg + " needs a value");
      }
      String value = args.get(++i);
      switch (arg) {
        case "--transport" -> transport = value;
        case "--duration" -> duration = positive(arg, value);
        case "--warmup" -> warmup = Long.parseLong(value);
        case "--scenario-warmup" -> scenarioWarmup = Long.parseLong(value);
        case "--rounds" -> rounds = (int) positive(arg, value);
        case "--pipeline-script" -> script = Path.of(value);
        case "--log-dir" -> logs = Path.of(value);
        case "--tern" -> tern = value;
        case "--netty" -> {
          netty = List.copyOf(Arrays.asList(value.split(",", -1)));
          nettyGiven = true;
        }
        case "--netty-nochecks" -> {
          nettyUnchecked = value.equals("none") ? null : value;
          nettyUncheckedGiven = true;
        }
        case "--limit-server" -> limit = value.equals("none") ? null : Path.of(value);
        case "--scenarios" -> scenarios = Scenario.parseList(value);
        case "--results" -> results = Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + arg);
      }
    }
    if (compare && List.of(Scenario.H2C).equals(scenarios)) {
      // h2c alone: the default Tern server speaks it, the default Netty rivals (HTTP/1.1) do not;
      // Netty's two HTTP/2 server shapes stand in for them.
      if (!nettyGiven) {
        netty = List.of("netty-http2", "netty-http2-handler");
      }
      if (!nettyUncheckedGiven) {
        nettyUnchecked = null;
      }
    }
    transport = concreteTransport(transport);
    if (warmup < 0 || scenarioWarmup < 0) {
      throw new IllegalArgumentException("--warmup and --scenario-warmup must be 0 or more");
    }
    if (compare && rounds < MIN_COMPARE_ROUNDS) {
      throw new IllegalArgumentException(
          "--rounds must be at least " + MIN_COMPARE_ROUNDS + " (one run proves nothing)");
    }
    if (netty.isEmpty() || netty.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("--netty needs one or more server names");
    }
    if (!compare && (server == null) == command.isEmpty()) {
      throw new IllegalArgumentException("give either a server name or -- COMMAND");
    }
    if (!command.isEmpty() && command.stream().noneMatch(a -> a.contains("{port}"))) {
      throw new IllegalArgumentException("the server command must contain {port}");
    }
    return new LoadOptions(
        transport,
        duration,
        warmup,
        scenarioWarmup,
        rounds,
        script,
        logs,
        tern,
        netty,
        nettyUnchecked,
        limit,
        scenarios,
        results,
        server,
        command,
        h2c);
  }

  /** The server of {@code run}: a registry entry, or the given command as an HTTP server. */
  ServerSpec singleServer() {
    if (server != null) {
      return ServerRegistry.lookup(server);
    }
    return new ServerSpec(
        "command",
        true,
        h2c,
        false,
        (port, transportName) -> {
          List<String> argv = new ArrayList<>();
          for (String arg : command) {
            argv.add(
                arg.replace("{port}", Integer.toString(port))
                    .replace("{transport}", transportName));
          }
          return argv;
        },
        null,
        false);
  }

  private static long positive(String option, String value) {
    long number = Long.parseLong(value);
    if (number < 1) {
      throw new IllegalArgumentException(option + " must be at least 1, got " + value);
    }
    return number;
  }
}
