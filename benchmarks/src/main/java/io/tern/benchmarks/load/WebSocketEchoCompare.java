package io.tern.benchmarks.load;

import io.tern.benchmarks.harness.ArgsFile;
import io.tern.benchmarks.harness.DriverExit;
import io.tern.benchmarks.harness.Ratios;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code benchmarks/load/ws-compare [--tern NAME] [--netty NAME] [--transport T] [--seconds S]
 * [--warmup S] [--rounds N] [--window N] [--scenarios LIST]}: WebSocket echo load. Starts Tern's
 * and Netty's WebSocket echo servers in turn (a fresh process each time, the first side alternating
 * per round, at least 3 rounds, server on core 0) and loads each with {@link WebSocketEchoClient}
 * (its own JVM on core 1) in every scenario: messages of 16 bytes and 64 KiB, over 1 and 64
 * connections, without and with permessage-deflate; each scenario {@code --warmup} seconds of load,
 * then {@code --seconds} counted.
 *
 * <p>Prints a table of every round (echoed messages per second, the server's CPU microseconds per
 * message), then per scenario {@code RATIO ws-<size>-c<conns>[-deflate] <x.xxx>} (Tern's messages
 * per second over Netty's) and {@code RATIO ws-<size>-c<conns>[-deflate]-cpu <x.xxx>} (Netty's CPU
 * per message over Tern's): medians of the per-round ratios, above 1 when Tern is better. Exit
 * status: 0 when every run completed, 1 when one failed, 2 for bad usage.
 */
public final class WebSocketEchoCompare {
  private static final Pattern RESULT =
      Pattern.compile(
          "messages=(\\d+) seconds=([0-9.]+) server-cpu-seconds=([0-9.]+) extension=(\\S+)");

  /**
   * One load shape.
   *
   * @param size message size in bytes
   * @param connections connections
   * @param deflate with permessage-deflate
   */
  record Scenario(int size, int connections, boolean deflate) {
    /** Every scenario of issue 22's goal, in the order they run. */
    static final List<Scenario> ALL =
        List.of(
            new Scenario(16, 1, false),
            new Scenario(16, 64, false),
            new Scenario(65536, 1, false),
            new Scenario(65536, 64, false),
            new Scenario(16, 1, true),
            new Scenario(16, 64, true),
            new Scenario(65536, 1, true),
            new Scenario(65536, 64, true));

    String label() {
      String s = size % 1024 == 0 ? size / 1024 + "k" : Integer.toString(size);
      return "ws-" + s + "-c" + connections + (deflate ? "-deflate" : "");
    }

    /** Messages in flight per connection: about 256 KiB worth, between 1 and 32. */
    int defaultWindow() {
      return Math.max(1, Math.min(32, (256 * 1024) / size));
    }

    static List<Scenario> parseList(String list) {
      List<Scenario> picked = new ArrayList<>();
      for (String name : list.split(",", -1)) {
        Scenario found = null;
        for (Scenario s : ALL) {
          if (s.label().equals(name.trim())) {
            found = s;
          }
        }
        if (found == null) {
          throw new IllegalArgumentException(
              "unknown scenario '"
                  + name
                  + "'; known: "
                  + ALL.stream().map(Scenario::label).toList());
        }
        picked.add(found);
      }
      return picked;
    }
  }

  /**
   * The options.
   *
   * @param tern Tern's server name
   * @param netty Netty's server name
   * @param transport nio, epoll or io_uring
   * @param seconds counted seconds per scenario
   * @param warmupSeconds seconds of load before counting, per scenario
   * @param rounds rounds (at least 3)
   * @param window messages in flight per connection, or 0 for each scenario's default
   * @param scenarios the scenarios
   * @param logDirectory where the servers' output goes
   */
  record Options(
      String tern,
      String netty,
      String transport,
      long seconds,
      long warmupSeconds,
      int rounds,
      int window,
      List<Scenario> scenarios,
      Path logDirectory) {

    static Options parse(List<String> args) {
      String tern = "tern-ws";
      String netty = "netty-ws";
      String transport = "nio";
      long seconds = 10;
      long warmup = 5;
      int rounds = LoadOptions.MIN_COMPARE_ROUNDS;
      int window = 0;
      List<Scenario> scenarios = Scenario.ALL;
      Path logs = Path.of("target", "load");
      for (int i = 0; i < args.size(); i += 2) {
        String arg = args.get(i);
        if (i + 1 == args.size()) {
          throw new IllegalArgumentException(arg + " needs a value");
        }
        String value = args.get(i + 1);
        switch (arg) {
          case "--tern" -> tern = value;
          case "--netty" -> netty = value;
          case "--transport" -> transport = value;
          case "--seconds", "--duration" -> seconds = Long.parseLong(value);
          case "--warmup" -> warmup = Long.parseLong(value);
          case "--rounds" -> rounds = Integer.parseInt(value);
          case "--window" -> window = Integer.parseInt(value);
          case "--scenarios" -> scenarios = Scenario.parseList(value);
          case "--log-dir" -> logs = Path.of(value);
          default -> throw new IllegalArgumentException("unknown option " + arg);
        }
      }
      if (rounds < LoadOptions.MIN_COMPARE_ROUNDS) {
        throw new IllegalArgumentException(
            "--rounds must be at least " + LoadOptions.MIN_COMPARE_ROUNDS);
      }
      if (seconds < 1 || warmup < 0 || window < 0) {
        throw new IllegalArgumentException("--seconds must be >= 1, --warmup and --window >= 0");
      }
      if (!LoadOptions.TRANSPORTS.contains(transport)) {
        throw new IllegalArgumentException(
            "--transport must be nio, epoll or io_uring, got " + transport);
      }
      return new Options(tern, netty, transport, seconds, warmup, rounds, window, scenarios, logs);
    }
  }

  /**
   * One scenario's figures for one server in one round.
   *
   * @param messagesPerSecond echoed messages per second
   * @param cpuMicrosPerMessage the server's CPU microseconds per echoed message
   */
  record Figures(double messagesPerSecond, double cpuMicrosPerMessage) {}

  private WebSocketEchoCompare() {}

  /**
   * Runs the comparison and exits with its status.
   *
   * @param args see the class description, or {@code @file} with one argument per line
   */
  public static void main(String[] args) {
    DriverExit.exit(run(ArgsFile.expand(args), System.out));
  }

  static int run(List<String> args, PrintStream out) {
    Options options;
    ServerSpec tern;
    ServerSpec netty;
    try {
      options = Options.parse(args);
      tern = ServerRegistry.lookup(options.tern());
      netty = ServerRegistry.lookup(options.netty());
    } catch (IllegalArgumentException e) {
      out.println("ERROR " + e.getMessage());
      out.println(
          "usage: benchmarks/load/ws-compare [--tern NAME] [--netty NAME] [--transport T]"
              + " [--seconds S] [--warmup S] [--rounds N] [--window N] [--scenarios LIST]");
      return 2;
    }
    out.printf(
        Locale.ROOT,
        "websocket echo compare: %s vs %s, transport %s, %d rounds, %d s warm-up + %d s per"
            + " scenario, server on core %d, client on core %d%n",
        tern.name(),
        netty.name(),
        options.transport(),
        options.rounds(),
        options.warmupSeconds(),
        options.seconds(),
        ServerProcess.CORE,
        LoadGenerator.CORE);
    List<Map<Scenario, Figures>> ternRounds = new ArrayList<>();
    List<Map<Scenario, Figures>> nettyRounds = new ArrayList<>();
    try {
      for (int round = 1; round <= options.rounds(); round++) {
        String prefix = "ws-" + options.transport() + "-round" + round;
        if (round % 2 == 1) {
          ternRounds.add(measure(tern, options, round, prefix + "-tern", out));
          nettyRounds.add(measure(netty, options, round, prefix + "-netty", out));
        } else {
          nettyRounds.add(measure(netty, options, round, prefix + "-netty", out));
          ternRounds.add(measure(tern, options, round, prefix + "-tern", out));
        }
      }
    } catch (LoadException e) {
      out.println("ERROR " + e.getMessage());
      return 1;
    }
    print(out, options.scenarios(), ternRounds, nettyRounds, tern.name(), netty.name());
    return 0;
  }

  private static Map<Scenario, Figures> measure(
      ServerSpec spec, Options options, int round, String label, PrintStream out)
      throws LoadException {
    Map<Scenario, Figures> result = new LinkedHashMap<>();
    Path log = options.logDirectory().resolve(label + ".log");
    try (ServerProcess server = ServerProcess.start(spec, options.transport(), log)) {
      for (Scenario s : options.scenarios()) {
        int window = options.window() > 0 ? options.window() : s.defaultWindow();
        List<String> clientArgs =
            List.of(
                Integer.toString(server.port()),
                Integer.toString(s.connections()),
                Integer.toString(s.size()),
                Integer.toString(window),
                s.deflate() ? "deflate" : "plain",
                Long.toString(options.warmupSeconds()),
                Long.toString(options.seconds()),
                Long.toString(server.pid()));
        String output =
            LoadGenerator.run(
                JavaCommand.of(List.of(), WebSocketEchoClient.class.getName(), clientArgs),
                options.warmupSeconds() + options.seconds() + 30);
        Matcher m = RESULT.matcher(output);
        if (!m.find()) {
          throw new LoadException(
              spec.name() + " " + s.label() + ": unexpected client output:\n" + output);
        }
        long messages = Long.parseLong(m.group(1));
        double seconds = Double.parseDouble(m.group(2));
        double cpu = Double.parseDouble(m.group(3));
        if (messages == 0) {
          throw new LoadException(spec.name() + " " + s.label() + ": no message echoed");
        }
        Figures f = new Figures(messages / seconds, cpu * 1e6 / messages);
        result.put(s, f);
        out.printf(
            Locale.ROOT,
            "round %d %-10s %-20s %,12.0f msg/s %9.3f us CPU/msg  window %d, extension %s%n",
            round,
            spec.name(),
            s.label(),
            f.messagesPerSecond(),
            f.cpuMicrosPerMessage(),
            window,
            m.group(4));
        server.checkAlive();
      }
    }
    return result;
  }

  private static void print(
      PrintStream out,
      List<Scenario> scenarios,
      List<Map<Scenario, Figures>> tern,
      List<Map<Scenario, Figures>> netty,
      String ternName,
      String nettyName) {
    out.println();
    out.printf(
        Locale.ROOT,
        "%-20s %5s %14s %14s %7s %12s %12s %7s%n",
        "scenario",
        "round",
        ternName + " msg/s",
        nettyName + " msg/s",
        "ratio",
        "tern us/msg",
        "netty us/msg",
        "ratio");
    for (Scenario s : scenarios) {
      for (int round = 0; round < tern.size(); round++) {
        Figures t = tern.get(round).get(s);
        Figures n = netty.get(round).get(s);
        out.printf(
            Locale.ROOT,
            "%-20s %5d %14.0f %14.0f %7.3f %12.3f %12.3f %7.3f%n",
            s.label(),
            round + 1,
            t.messagesPerSecond(),
            n.messagesPerSecond(),
            t.messagesPerSecond() / n.messagesPerSecond(),
            t.cpuMicrosPerMessage(),
            n.cpuMicrosPerMessage(),
            n.cpuMicrosPerMessage() / t.cpuMicrosPerMessage());
      }
    }
    out.println();
    for (Scenario s : scenarios) {
      List<Double> rates = new ArrayList<>();
      List<Double> cpus = new ArrayList<>();
      for (int round = 0; round < tern.size(); round++) {
        Figures t = tern.get(round).get(s);
        Figures n = netty.get(round).get(s);
        rates.add(t.messagesPerSecond() / n.messagesPerSecond());
        cpus.add(n.cpuMicrosPerMessage() / t.cpuMicrosPerMessage());
      }
      out.println(Ratios.line(s.label(), Ratios.median(rates)));
      out.println(Ratios.line(s.label() + "-cpu", Ratios.median(cpus)));
    }
  }
}
